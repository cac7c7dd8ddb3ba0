import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { CloseIcon } from './commerce-icons';
import styles from './drawer.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  const panelRef = useRef<HTMLDivElement>(null);
  const latest = useRef(onClose);
  useEffect(() => {
    latest.current = onClose;
  });

  useEffect(() => {
    const panel = panelRef.current;
    const host = panel?.closest<HTMLElement>('[data-drawer-host]');
    if (!panel || !host) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const madeInert = [...document.body.children].filter((el): el is HTMLElement => el !== host && el instanceof HTMLElement && !el.inert);
    for (const el of madeInert) el.inert = true;
    const scroll = document.documentElement.style.overflow;
    document.documentElement.style.overflow = 'hidden';
    panel.focus();
    return () => {
      for (const el of madeInert) el.inert = false;
      document.documentElement.style.overflow = scroll;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      latest.current();
      return;
    }
    if (event.key !== 'Tab' || !panelRef.current) return;
    const focusable = [...panelRef.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div className={styles.host} data-drawer-host="">
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
