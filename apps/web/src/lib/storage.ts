import type { StateStorage } from 'zustand/middleware';

/** An in-memory StateStorage: used in tests and when the browser refuses localStorage. */
export function memoryStorage(): StateStorage & { dump(): Record<string, string> } {
  const items = new Map<string, string>();
  return {
    getItem: (name) => items.get(name) ?? null,
    setItem: (name, value) => void items.set(name, value),
    removeItem: (name) => void items.delete(name),
    dump: () => Object.fromEntries(items),
  };
}

/**
 * localStorage when the browser allows it. Private modes and locked-down browsers throw on
 * access or on the first write; the app then keeps its state for the tab's lifetime only
 * instead of failing to start.
 */
export function browserStorage(): StateStorage {
  try {
    const probe = '__parmeta_probe__';
    window.localStorage.setItem(probe, probe);
    window.localStorage.removeItem(probe);
    return window.localStorage;
  } catch {
    return memoryStorage();
  }
}
