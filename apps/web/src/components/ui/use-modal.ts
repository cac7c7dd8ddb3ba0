import { useEffect, useRef, type KeyboardEvent } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalOptions {
  /** Escape ends here; the latest one is called, so it may read the latest props. */
  onEscape(): void;
  /**
   * What takes focus on opening: 'control' is the first field, or else the first button (for a
   * confirmation that is "Cancel", the safe choice); 'panel' is the panel itself.
   */
  initialFocus: 'control' | 'panel';
  /** Keeps the page behind from scrolling while the modal is open. */
  lockScroll?: boolean;
}

/**
 * What makes a panel modal (the Dialog, the Drawer): while it is mounted, everything else in
 * <body> is inert, Tab stays inside the panel, Escape calls onEscape, and focus goes back to
 * whatever had it before. Put hostRef on the element portalled into <body>, and panelRef and
 * onKeyDown on the panel (which needs tabIndex={-1}).
 */
export function useModal({ onEscape, initialFocus, lockScroll = false }: ModalOptions) {
  const hostRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  // The latest handler without re-running the open/close effect on every render.
  const latest = useRef(onEscape);
  useEffect(() => {
    latest.current = onEscape;
  });

  useEffect(() => {
    const host = hostRef.current;
    const panel = panelRef.current;
    if (!host || !panel) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Inert siblings: neither the pointer, Tab nor a screen reader's virtual cursor reaches the page behind.
    const madeInert = [...document.body.children].filter((el): el is HTMLElement => el !== host && el instanceof HTMLElement && !el.inert);
    for (const el of madeInert) el.inert = true;
    const scroll = document.documentElement.style.overflow;
    if (lockScroll) document.documentElement.style.overflow = 'hidden';
    const first = initialFocus === 'control' ? (panel.querySelector<HTMLElement>('input, select, textarea') ?? panel.querySelector<HTMLElement>(FOCUSABLE)) : null;
    (first ?? panel).focus();
    return () => {
      for (const el of madeInert) el.inert = false;
      if (lockScroll) document.documentElement.style.overflow = scroll;
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, [initialFocus, lockScroll]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      latest.current();
      return;
    }
    const panel = panelRef.current;
    if (event.key !== 'Tab' || !panel) return;
    const focusable = [...panel.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable.at(-1);
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    if (event.shiftKey && (document.activeElement === first || document.activeElement === panel)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return { hostRef, panelRef, onKeyDown };
}
