import { useEffect, useRef, useState, type ReactNode } from 'react';
import { CloseIcon } from './commerce-icons';
import styles from './toast.module.css';

/** How long a toast stays when nobody is pointing at it or in it. */
const SHOW_MS = 6000;

interface ToastProps {
  /** The confirmation; null shows nothing. A new message (a new `id`) shows again. */
  message: ReactNode | null;
  /** Changes with every confirmation, so the same words twice still show twice. */
  id: number;
  /** A link or button beside the words, e.g. "View cart". */
  action?: ReactNode;
}

/**
 * A short confirmation floating at the foot of the screen: above the bottom navigation on a
 * phone (so it is not hidden behind it), at the bottom right on wider screens. Announced
 * politely (the live region is there before anything is said). It goes after a few seconds,
 * but stays while the pointer or the focus is in it, and can be closed.
 */
export function Toast({ message, id, action }: ToastProps) {
  const [shown, setShown] = useState<number | null>(null);
  const [held, setHeld] = useState(false);
  const [seen, setSeen] = useState(id);
  if (seen !== id) {
    setSeen(id);
    setShown(message === null ? null : id);
  }
  const region = useRef<HTMLDivElement>(null);
  const open = shown === id && message !== null;

  useEffect(() => {
    if (!open || held) return;
    const timer = setTimeout(() => setShown(null), SHOW_MS);
    return () => clearTimeout(timer);
  }, [open, held, id]);

  return (
    <div
      ref={region}
      role="status"
      className={styles.region}
      onPointerEnter={() => setHeld(true)}
      onPointerLeave={() => setHeld(false)}
      onFocus={() => setHeld(true)}
      onBlur={(event) => {
        if (!region.current?.contains(event.relatedTarget)) setHeld(false);
      }}
    >
      {open && (
        <div className={styles.toast}>
          <span className={styles.message}>{message}</span>
          {action}
          <button type="button" className={styles.close} aria-label="Dismiss" onClick={() => setShown(null)}>
            <CloseIcon size={18} />
          </button>
        </div>
      )}
    </div>
  );
}
