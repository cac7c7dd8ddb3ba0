import { useCallback, useMemo, useRef } from 'react';

/**
 * One submission of a money-moving form, as the server's Idempotency-Key sees it. A retry
 * of the same submission (same values, e.g. after a dropped connection) must reuse its key
 * so the server answers the first result instead of moving the money twice; changed values
 * are a new submission and get a new key.
 */
export interface Attempt {
  fingerprint: string;
  key: string;
  /** A gateway token already obtained for this submission's new card, reused on a retry. */
  cardToken?: string;
}

export function attemptFor(previous: Attempt | null, fingerprint: string, newKey: () => string): Attempt {
  return previous?.fingerprint === fingerprint ? previous : { fingerprint, key: newKey() };
}

/** Holds the current submission; `finish` after a success, so the next one starts afresh. */
export function useAttempt() {
  const current = useRef<Attempt | null>(null);
  const start = useCallback((values: unknown): Attempt => {
    current.current = attemptFor(current.current, JSON.stringify(values), () => crypto.randomUUID());
    return current.current;
  }, []);
  const finish = useCallback(() => {
    current.current = null;
  }, []);
  return useMemo(() => ({ start, finish }), [start, finish]);
}
