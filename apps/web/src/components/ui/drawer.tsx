import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './commerce-icons';
import { useModal } from './use-modal';
import styles from './drawer.module.css';

interface DrawerProps {
  title: string;
  children: ReactNode;
  /** Shown at the foot of the drawer, e.g. "Show 24 products". */
  footer?: ReactNode;
  /** Escape, the backdrop and the close button end here. */
  onClose(): void;
}

/**
 * A modal panel that slides in from the left, for the filters of a list on small screens.
 * As the Dialog: rendered into <body>, the rest of the page made inert, Tab kept inside,
 * Escape closes, and focus returns to the control that opened it. Mount to open.
 */
export function Drawer({ title, children, footer, onClose }: DrawerProps) {
  const titleId = useId();
  const { hostRef, panelRef, onKeyDown } = useModal({ onEscape: onClose, initialFocus: 'panel', lockScroll: true });

  return createPortal(
    <div ref={hostRef} className={styles.host}>
      <div className={styles.backdrop} aria-hidden="true" onClick={onClose} />
      <div ref={panelRef} className={styles.panel} role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1} onKeyDown={onKeyDown}>
        <div className={styles.head}>
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          <button type="button" className={styles.close} onClick={onClose} aria-label={`Close ${title.toLowerCase()}`}>
            <CloseIcon size={20} />
          </button>
        </div>
        <div className={styles.body}>{children}</div>
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
