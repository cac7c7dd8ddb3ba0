import { use, type ComponentType } from 'react';

/** A route's module, loaded on demand: see the router's `prepare`, which loads it before showing the route. */
export interface LazyPage {
  loaded(): boolean;
  /** Starts the load (once; again after a failure) and resolves when the module is in. */
  preload(): Promise<void>;
  /** Renders the module's default export; suspends while it loads. */
  Component: ComponentType;
}

/**
 * Like React.lazy, but the router can start the load before it renders anything (in parallel
 * with the route's other modules and its session check), and once the module is in, the
 * page renders at once instead of suspending for a tick: a navigation shows the next page
 * only when it is ready, the way the data router did.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>): LazyPage {
  let Page: ComponentType | null = null;
  let loading: Promise<void> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        Page = module.default;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  function Component() {
    // A failed load rejects here, and the router's error boundary shows it (a stale chunk after a deploy).
    if (!Page) use(preload());
    return Page ? <Page /> : null;
  }
  return { loaded: () => Page !== null, preload, Component };
}
