/** What another page hands the cart as it opens it (its location state), e.g. after Buy again: a confirmation and what could not be done. */
export interface CartArrival {
  notice: string;
  notes: string[];
}

/** The arrival in the location state, if it is one (a state from elsewhere, or none after a reload of a fresh tab, is ignored). */
export function readArrival(state: unknown): CartArrival | null {
  if (typeof state !== 'object' || state === null) return null;
  const { notice, notes } = state as Partial<CartArrival>;
  if (typeof notice !== 'string') return null;
  return { notice, notes: Array.isArray(notes) ? notes.filter((n): n is string => typeof n === 'string') : [] };
}
