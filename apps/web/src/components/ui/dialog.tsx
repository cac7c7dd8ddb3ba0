import { useId, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { ErrorNotice } from './notice';
import { useModal } from './use-modal';
import styles from './dialog.module.css';

interface DialogProps {
  title: string;
  /** The sentence that says what the dialog is about; announced with the title. */
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the foot of the dialog. */
  actions: ReactNode;
  /** Escape, the backdrop and the browser's back gesture all end here. */
  onClose(): void;
  /** While true, Escape and the backdrop do nothing (a request is in flight). */
  busy?: boolean;
}

/**
 * A modal dialog: rendered into <body>, everything else made inert while it is open,
 * Tab kept inside, Escape closes, and focus returns to whatever had it before.
 * Mount it to open it and unmount it to close it.
 */
export function Dialog({ title, description, children, actions, onClose, busy = false }: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const { hostRef, panelRef, onKeyDown } = useModal({
    onEscape: () => {
      if (!busy) onClose();
    },
    initialFocus: 'control',
  });

  return createPortal(
    <div ref={hostRef} className={styles.host}>
      <div
        className={styles.backdrop}
        aria-hidden="true"
        onClick={() => {
          if (!busy) onClose();
        }}
      />
      <div
        ref={panelRef}
        className={styles.panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {description && (
          <p id={descriptionId} className={styles.description}>
            {description}
          </p>
        )}
        {children}
        <div className={styles.actions}>{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

interface ConfirmDialogProps {
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** The button that backs out. Name what it keeps ("Keep order") where "Cancel" would read as the action itself. */
  cancelLabel?: string;
  /** Label of the confirm button while the action runs, e.g. "Deleting…". */
  busyLabel?: string;
  busy?: boolean;
  /** A failure of the confirmed action, shown inside the dialog. */
  error?: string | null;
  /** A destructive action gets the red button. */
  destructive?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** "Are you sure?" for actions that cannot be undone. The button that backs out has focus first. */
export function ConfirmDialog({ title, description, confirmLabel, cancelLabel = 'Cancel', busyLabel, busy = false, error, destructive = true, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      description={description}
      onClose={onCancel}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button className={destructive ? styles.danger : undefined} onClick={onConfirm} disabled={busy}>
            {busy ? (busyLabel ?? confirmLabel) : confirmLabel}
          </Button>
        </>
      }
    >
      <ErrorNotice message={error} className={styles.error} />
    </Dialog>
  );
}
