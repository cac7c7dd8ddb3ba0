import { Component, createContext, use, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  matchRoutes,
  Outlet,
  Router,
  UNSAFE_createBrowserHistory as createBrowserHistory,
  useRoutes,
  type Location,
  type Navigator,
  type NavigationType,
  type RouteObject,
  useLocation,
} from 'react-router';
import type { LazyPage } from './lazy-page';
import { rememberScroll, restoreScroll, takeOverScrollRestoration } from './scroll-restoration';

/** What a route may declare in its `handle`. */
export interface RouteHandle {
  /**
   * The whole route table, loaded on demand: the first load knows the home page only (and
   * this catch-all); a navigation anywhere else loads the table first, then goes on with it.
   */
  routes?: () => Promise<RouteObject[]>;
  /** The route's module: loaded before the route shows. */
  page?: LazyPage;
  /**
   * Runs on every navigation to the route or below it, before it shows: answers a path to
   * go to instead, or null to let the navigation through. Synchronous when it can decide at once.
   */
  guard?: (location: Location) => string | null | Promise<string | null>;
  /** The pages below need a session (their guard checks it). */
  needsSession?: boolean;
}

/** How preparing a navigation ended, and the route table it ended with. */
type Outcome = ({ redirect: string | null; error?: undefined } | { redirect?: undefined; error: unknown }) & { routes: RouteObject[] };

interface Navigation {
  location: Location;
  action: NavigationType;
  /** The navigation asked to keep the scroll position (`preventScrollReset`). */
  keepScroll: boolean;
  outcome: Outcome | Promise<Outcome>;
}

export const handleOf = (route: RouteObject): RouteHandle => (route.handle as RouteHandle | undefined) ?? {};

const isPromise = <T,>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/**
 * Everything a navigation needs before it shows, started at once and in parallel: the modules
 * of every matched route and the guards (the session check); the route table first if it
 * has not loaded yet. Synchronous when nothing is left to wait for, so a navigation between
 * loaded pages shows in the same frame.
 */
function prepare(routes: RouteObject[], location: Location): Outcome | Promise<Outcome> {
  const loads: Promise<unknown>[] = [];
  const guards: (string | null | Promise<string | null>)[] = [];
  try {
    const matches = matchRoutes(routes, location) ?? [];
    const loadRoutes = matches.map(({ route }) => handleOf(route).routes).find((load) => load !== undefined);
    if (loadRoutes) {
      return loadRoutes().then(
        (all) => prepare(all, location),
        (error: unknown) => ({ error, routes }),
      );
    }
    for (const { route } of matches) {
      const { page, guard } = handleOf(route);
      // A module that fails to load fails again as the page renders, into the error boundary.
      if (page && !page.loaded()) loads.push(page.preload().catch(() => undefined));
      if (guard) guards.push(guard(location));
    }
  } catch (error) {
    return { error, routes };
  }
  const firstRedirect = (results: (string | null)[]) => results.find((to) => to !== null) ?? null;
  if (loads.length === 0 && !guards.some(isPromise)) return { redirect: firstRedirect(guards as (string | null)[]), routes };
  return Promise.all([Promise.all(guards), ...loads]).then(
    ([results]) => ({ redirect: firstRedirect(results), routes }),
    (error: unknown) => ({ error, routes }),
  );
}

const PendingContext = createContext(false);
const OutcomeContext = createContext<Outcome | Promise<Outcome>>({ redirect: null, routes: [] });
const RoutesContext = createContext<RouteObject[]>([]);

/** True while a navigation is loading the next page (the progress bar). */
export const useNavigationPending = () => use(PendingContext);

/** True when the page shown needs a session. */
export function useOnSessionPage(): boolean {
  const routes = use(RoutesContext);
  return (matchRoutes(routes, useLocation()) ?? []).some(({ route }) => handleOf(route).needsSession === true);
}

/**
 * The element of a route with a guard: on the first page load, which shows the layout at
 * once, it holds its pages back until the guards have answered. Later navigations show
 * only once they are ready, so it passes straight through.
 */
export function Gate() {
  const outcome = use(OutcomeContext);
  const settled = isPromise(outcome) ? use(outcome) : outcome;
  return settled.redirect === null ? <Outlet /> : null;
}

interface AppRouterProps {
  /** The routes the first load knows; a route may load the rest (RouteHandle.routes). */
  routes: RouteObject[];
  /** Renders the matched routes' element: the app shell around it. */
  children(element: ReactNode): ReactNode;
  /** What to show when preparing a navigation failed. */
  renderError(error: unknown): ReactNode;
}

/**
 * React Router in declarative mode (its data router alone is ~30 kB gzip, a third of the first
 * load's budget), with what the app used from the data router done here: each navigation
 * loads its route modules and runs its guards first, in parallel, while the current page
 * stays with a progress bar; a guard can redirect; scroll positions are restored.
 * The browser's address changes at once; the page below it when the next one is ready.
 */
export function AppRouter({ routes, children, renderError }: AppRouterProps) {
  const [history] = useState(() => createBrowserHistory({ v5Compat: true }));
  const [shown, setShown] = useState<Navigation>(() => ({ location: history.location, action: history.action, keepScroll: false, outcome: prepare(routes, history.location) }));
  // The route table grows once (RouteHandle.routes); later navigations start from the grown one.
  const known = useRef(routes);
  const [pending, setPending] = useState(false);
  const wanted = useRef(shown);
  const shownKey = useRef(shown.location.key);
  const keepScrollOfNext = useRef(false);

  // Navigate through the history, noting a wish to keep the scroll position for the listener below.
  const navigator = useMemo<Navigator>(
    () => ({
      createHref: (to) => history.createHref(to),
      encodeLocation: (to) => history.encodeLocation(to),
      go: (delta) => history.go(delta),
      push(to, state, options) {
        keepScrollOfNext.current = options?.preventScrollReset === true;
        history.push(to, state);
      },
      replace(to, state, options) {
        keepScrollOfNext.current = options?.preventScrollReset === true;
        history.replace(to, state);
      },
    }),
    [history],
  );

  useLayoutEffect(() => {
    const settle = (navigation: Navigation, outcome: Outcome) => {
      if (wanted.current !== navigation) return; // a later navigation took over
      if (outcome.redirect) {
        history.replace(outcome.redirect);
        return;
      }
      if (shownKey.current !== navigation.location.key) rememberScroll(shownKey.current);
      shownKey.current = navigation.location.key;
      known.current = outcome.routes;
      setPending(false);
      setShown({ ...navigation, outcome });
    };
    const start = (navigation: Navigation) => {
      wanted.current = navigation;
      const { outcome } = navigation;
      if (!isPromise(outcome)) return settle(navigation, outcome);
      setPending(true);
      void outcome.then((settled) => settle(navigation, settled));
    };
    const stopListening = history.listen(({ action, location }) => {
      const keepScroll = keepScrollOfNext.current;
      keepScrollOfNext.current = false;
      start({ location, action, keepScroll, outcome: prepare(known.current, location) });
    });
    // The first page shows at once (its layout, and the page when ready); a guard may still send it elsewhere.
    const first = wanted.current;
    if (isPromise(first.outcome)) void first.outcome.then((settled) => settle(first, settled));
    else if (first.outcome.redirect) settle(first, first.outcome);
    const stopRestoring = takeOverScrollRestoration(() => shownKey.current);
    return () => {
      stopListening();
      stopRestoring();
    };
  }, [history, routes]);

  const { location, action, keepScroll } = shown;
  useLayoutEffect(() => restoreScroll(location, action, keepScroll), [location, action, keepScroll]);

  const { outcome } = shown;
  // Until the first navigation's outcome is in, the routes it started from.
  const shownRoutes = isPromise(outcome) ? routes : outcome.routes;
  return (
    <PendingContext value={pending}>
      <OutcomeContext value={outcome}>
        <RoutesContext value={shownRoutes}>
          <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
            {!isPromise(outcome) && outcome.redirect ? null : (
              <ErrorBoundary resetKey={shown.location.key} render={renderError}>
                {!isPromise(outcome) && outcome.error !== undefined ? renderError(outcome.error) : <Routes routes={shownRoutes}>{children}</Routes>}
              </ErrorBoundary>
            )}
          </Router>
        </RoutesContext>
      </OutcomeContext>
    </PendingContext>
  );
}

function Routes({ routes, children }: { routes: RouteObject[]; children(element: ReactNode): ReactNode }) {
  return children(useRoutes(routes));
}

interface ErrorBoundaryProps {
  /** A new value (the next navigation) clears the error. */
  resetKey: string;
  render(error: unknown): ReactNode;
  children: ReactNode;
}

interface ErrorBoundaryState {
  resetKey: string;
  failed: boolean;
  error: unknown;
}

/** A page that throws while rendering (or a chunk that fails to load) shows the error page, until the next navigation. */
class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { resetKey: this.props.resetKey, failed: false, error: undefined };

  static getDerivedStateFromError(error: unknown): Partial<ErrorBoundaryState> {
    return { failed: true, error };
  }

  static getDerivedStateFromProps(props: ErrorBoundaryProps, state: ErrorBoundaryState): Partial<ErrorBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { resetKey: props.resetKey, failed: false, error: undefined };
  }

  override render() {
    return this.state.failed ? this.props.render(this.state.error) : this.props.children;
  }
}
