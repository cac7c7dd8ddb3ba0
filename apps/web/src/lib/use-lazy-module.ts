import { useCallback, useState } from 'react';

/** After a field's label or "The form": a check that could not be loaded (the connection is down). */
export const CHECK_NOT_LOADED = 'could not be checked: the connection may be down. Try again.';

/**
 * A module a form needs only once it is used, loaded then rather than with its page: a form's
 * check runs its contract's schema, and the schema brings zod and its domain's other schemas,
 * which a phone takes 100-300 ms to build as they load (docs/decisions/0074).
 * - `warm()` starts the load: call it when the pointer or the focus reaches the form.
 * - `load()` answers the module (on submit), and keeps it as `current`.
 * - `current` is the module once loaded, for checks that run again as the member types after a
 *   first submit; null before.
 * `importer` must be a module-level function (the same on every render).
 */
export function useLazyModule<M>(importer: () => Promise<M>) {
  const [current, setCurrent] = useState<M | null>(null);
  const load = useCallback(async () => {
    const loaded = await importer();
    // A function, so React stores the module rather than calling it as an updater.
    setCurrent(() => loaded);
    return loaded;
  }, [importer]);
  const warm = useCallback(() => void load().catch(() => undefined), [load]);
  return { current, load, warm };
}

/**
 * The same for code outside a component: a module loaded once, on the first `load` or `warm`;
 * `loaded()` answers it once it is there (null before), so a form used before its submit checks
 * at once, in the submit's own event.
 */
export function lazyModule<M>(importer: () => Promise<M>) {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const load = (): Promise<M> =>
    (pending ??= importer().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        // A failed load (connection down) is tried again on the next ask.
        pending = null;
        throw error;
      },
    ));
  return { load, loaded: () => module, warm: () => void load().catch(() => undefined) };
}

