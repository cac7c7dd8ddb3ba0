import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { Button } from './button';
import { ErrorNotice } from './notice';
import styles from './dialog.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

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
  const panelRef = useRef<HTMLDivElement>(null);
  // The latest handlers without re-running the open/close effect on every render.
  const latest = useRef({ onClose, busy });
  useEffect(() => {
    latest.current = { onClose, busy };
  });

  useEffect(() => {
    const panel = panelRef.current;
    const host = panel?.closest<HTMLElement>('[data-dialog-host]');
    if (!panel || !host) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Inert siblings: neither the pointer, Tab nor a screen reader's virtual cursor reaches the page behind.
    const madeInert = [...document.body.children].filter((el): el is HTMLElement => el !== host && el instanceof HTMLElement && !el.inert);
    for (const el of madeInert) el.inert = true;
    // The first field, or else the first button: for a confirmation that is "Cancel", the safe choice.
    const first = panel.querySelector<HTMLElement>('input, select, textarea') ?? panel.querySelector<HTMLElement>(FOCUSABLE);
    (first ?? panel).focus();
    return () => {
      for (const el of madeInert) el.inert = false;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!latest.current.busy) latest.current.onClose();
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
    <div className={styles.host} data-dialog-host="">
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

/** "Are you sure?" for actions that cannot be undone. Cancel has focus first. */
export function ConfirmDialog({ title, description, confirmLabel, busyLabel, busy = false, error, destructive = true, onConfirm, onCancel }: ConfirmDialogProps) {
  return (
    <Dialog
      title={title}
      description={description}
      onClose={onCancel}
      busy={busy}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
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
