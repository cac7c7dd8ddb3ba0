import styles from './notice.module.css';

/**
 * Where a form reports a failure in plain words. Empty, it takes no space; when a message
 * arrives it appears and, being an alert, is announced at once.
 */
export function ErrorNotice({ message, className }: { message?: string | null | undefined; className?: string }) {
  return (
    <div role="alert" className={[styles.notice, styles.error, className].filter(Boolean).join(' ')}>
      {message}
    </div>
  );
}

/** A confirmation such as "Address added.", announced politely. */
export function SuccessNotice({ message, className }: { message?: string | null | undefined; className?: string }) {
  return (
    <div role="status" className={[styles.notice, styles.success, className].filter(Boolean).join(' ')}>
      {message}
    </div>
  );
}
