import { PERSIST_TIMEOUT_MS } from '@parmeta/contracts';
import { useEffect, useState, type ReactNode } from 'react';
import { useSessionStore, whenHydrated } from '@/lib/session-store';

/**
 * Renders nothing until the persisted store has loaded, as the original did, so no page
 * ever renders with a signed-out state that is about to become signed-in. After
 * PERSIST_TIMEOUT_MS it renders anyway: a broken storage must not leave a blank page.
 */
export function PersistGate({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(() => useSessionStore.persist.hasHydrated());
  useEffect(() => {
    if (ready) return;
    let active = true;
    void whenHydrated(useSessionStore, PERSIST_TIMEOUT_MS).then(() => active && setReady(true));
    return () => {
      active = false;
    };
  }, [ready]);
  return ready ? children : null;
}
