/** After a field's label or "The form": a check that could not be loaded (the connection is down). */
export const CHECK_NOT_LOADED = 'could not be checked: the connection may be down. Try again.';

/**
 * A module a form needs only once it is used, loaded then rather than with its page: a form's
 * check runs its contract's schema, and the schema brings zod and its domain's other schemas,
 * which a phone takes 100-300 ms to build as they load (docs/decisions/0074). Made once, at
 * module level; the module is loaded once for every form that uses it.
 * - `warm()` starts the load: call it when the pointer or the focus reaches the form.
 * - `ready()` answers the module for a submit: at once when it is there (a form used before its
 *   submit checks in the submit's own task), else once it has loaded; null when it could not load
 *   (connection down), and the load is tried again on the next ask.
 * - `loaded()` is the module once it is there, null before: a form checks again with it as the
 *   member types after a submit.
 */
export function lazyModule<M>(importer: () => Promise<M>) {
  let module: M | null = null;
  let pending: Promise<M> | null = null;
  const load = (): Promise<M> =>
    (pending ??= importer().then(
      (loaded) => (module = loaded),
      (error: unknown) => {
        pending = null;
        throw error;
      },
    ));
  const ready = async (): Promise<M | null> => module ?? load().catch(() => null);
  return { ready, loaded: () => module, warm: () => void load().catch(() => undefined) };
}
