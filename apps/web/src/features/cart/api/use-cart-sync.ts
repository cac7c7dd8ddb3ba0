import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { useSessionStore } from '@/lib/session-store';
import { CartSync } from './cart-sync';

/** Runs the cart sync for the signed-in member: pulls on every page change and when the tab comes back. */
export function useCartSync(): void {
  const userName = useSessionStore((s) => s.user?.userName ?? '');
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const sync = useRef<CartSync | null>(null);

  useEffect(() => {
    if (!userName) return;
    const current = new CartSync(userName, queryClient);
    sync.current = current;
    current.start();
    const onVisible = () => {
      if (document.visibilityState === 'visible') current.pull();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      current.stop();
      sync.current = null;
    };
  }, [userName, queryClient]);

  // Every page change after the first (start() has pulled already).
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    sync.current?.pull();
  }, [pathname]);
}
