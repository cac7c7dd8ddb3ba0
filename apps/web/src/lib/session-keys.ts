// Names the session code shares with the early script (src/boot), which runs before the app
// and cannot import the store itself (zustand would come with it).

/** The localStorage key of the persisted session store, and the version of its shape. */
export const STORE_NAME = 'parmeta-store';
export const STORE_VERSION = 1;

/** The Web Locks name every tab of this origin renews its session under. */
export const REFRESH_LOCK = 'parmeta-refresh';

/**
 * A cart line as the store takes it back from storage: a product id (text) and a quantity of 1
 * or more. Anything else in the stored list is dropped.
 */
export function isStoredCartLine(line: unknown): line is { id: string; qty: number } {
  if (typeof line !== 'object' || line === null || Array.isArray(line)) return false;
  const { id, qty } = line as { id?: unknown; qty?: unknown };
  return typeof id === 'string' && typeof qty === 'number' && qty >= 1;
}
