import { Component, createContext, startTransition, use, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
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

/** How preparing a navigation ended. */
type Outcome = { redirect: string | null; error?: undefined } | { redirect?: undefined; error: unknown };

interface Navigation {
  location: Location;
  action: NavigationType;
  /** The navigation asked to keep the scroll position (`preventScrollReset`). */
  keepScroll: boolean;
  /** The route table it renders with. */
  routes: RouteObject[];
  outcome: Outcome | Promise<Outcome>;
  /** While the full route table loads: the same navigation, prepared on it. */
  discovered?: Promise<Navigation>;
}

export const handleOf = (route: RouteObject): RouteHandle => (route.handle as RouteHandle | undefined) ?? {};

const isPromise = <T,>(value: T | Promise<T>): value is Promise<T> => value instanceof Promise;

/**
 * Everything a navigation needs before it shows, started at once and in parallel: the modules
 * of every matched route and the guards (the session check). Synchronous when nothing is left
 * to wait for, so a navigation between loaded pages shows in the same frame.
 */
function prepare(routes: RouteObject[], location: Location): Outcome | Promise<Outcome> {
  const loads: Promise<unknown>[] = [];
  const guards: (string | null | Promise<string | null>)[] = [];
  try {
    for (const { route } of matchRoutes(routes, location) ?? []) {
      const { page, guard } = handleOf(route);
      // A module that fails to load fails again as the page renders, into the error boundary.
      if (page && !page.loaded()) loads.push(page.preload().catch(() => undefined));
      if (guard) guards.push(guard(location));
    }
  } catch (error) {
    return { error };
  }
  const firstRedirect = (results: (string | null)[]) => results.find((to) => to !== null) ?? null;
  if (loads.length === 0 && !guards.some(isPromise)) return { redirect: firstRedirect(guards as (string | null)[]) };
  return Promise.all([Promise.all(guards), ...loads]).then(
    ([results]) => ({ redirect: firstRedirect(results) }),
    (error: unknown) => ({ error }),
  );
}

/** A navigation on the route table known so far; if that table sends it to load the full one, on that. */
function navigation(known: RouteObject[], location: Location, action: NavigationType, keepScroll: boolean): Navigation {
  const at = { location, action, keepScroll };
  const loadRoutes = (matchRoutes(known, location) ?? []).map(({ route }) => handleOf(route).routes).find((load) => load !== undefined);
  if (!loadRoutes) return { ...at, routes: known, outcome: prepare(known, location) };
  const discovered = loadRoutes().then(
    (routes): Navigation => ({ ...at, routes, outcome: prepare(routes, location) }),
    (error: unknown): Navigation => ({ ...at, routes: known, outcome: { error } }),
  );
  return { ...at, routes: known, outcome: discovered.then((next) => next.outcome), discovered };
}

const PendingContext = createContext(false);
const OutcomeContext = createContext<Outcome | Promise<Outcome>>({ redirect: null });
const RoutesContext = createContext<RouteObject[]>([]);

/** True while a navigation is loading the next page (the progress bar). */
export const useNavigationPending = () => use(PendingContext);

/** True when the page shown needs a session. */
export function useOnSessionPage(): boolean {
  const routes = use(RoutesContext);
  const location = useLocation();
  // matchRoutes ranks the whole table on every call: once per navigation is enough.
  return useMemo(() => (matchRoutes(routes, location) ?? []).some(({ route }) => handleOf(route).needsSession === true), [routes, location]);
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

const never = new Promise<never>(() => {});

/**
 * The first table's stand-in for a page it does not know yet: it holds the layout's fallback
 * (the progress bar) until the navigation shows with the full table, which replaces it.
 */
export function Discovering() {
  use(never);
  return null;
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
  const [shown, setShown] = useState(() => navigation(routes, history.location, history.action, false));
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
    // The route table the next navigation starts from: the full one once a navigation has loaded it.
    let known = wanted.current.routes;
    const settle = (next: Navigation, outcome: Outcome, waited: boolean) => {
      if (wanted.current !== next) return; // a later navigation took over
      if (outcome.redirect) {
        history.replace(outcome.redirect);
        return;
      }
      if (shownKey.current !== next.location.key) rememberScroll(shownKey.current);
      shownKey.current = next.location.key;
      known = next.routes;
      const show = () => {
        setPending(false);
        setShown({ ...next, outcome });
      };
      // A page that had to load renders interruptibly, in slices rather than one long task; a
      // navigation that was ready at once (a filter in the address) shows at once, so a control
      // bound to the address never looks as if the click did nothing.
      if (waited) startTransition(show);
      else show();
    };
    const start = (next: Navigation) => {
      wanted.current = next;
      if (next.discovered) {
        setPending(true);
        void next.discovered.then((prepared) => wanted.current === next && start(prepared));
        return;
      }
      const { outcome } = next;
      if (!isPromise(outcome)) return settle(next, outcome, false);
      setPending(true);
      void outcome.then((settled) => settle(next, settled, true));
    };
    const stopListening = history.listen(({ action, location }) => {
      const keepScroll = keepScrollOfNext.current;
      keepScrollOfNext.current = false;
      start(navigation(known, location, action, keepScroll));
    });
    // The first page shows at once: its layout (the first table knows which), and the page when
    // it is ready. A guard may still send it elsewhere.
    const showFirst = (first: Navigation) => {
      wanted.current = first;
      if (first.discovered) {
        void first.discovered.then((prepared) => wanted.current === first && showFirst(prepared));
      } else if (isPromise(first.outcome)) void first.outcome.then((settled) => settle(first, settled, true));
      else if (first.outcome.redirect) settle(first, first.outcome, false);
    };
    showFirst(wanted.current);
    const stopRestoring = takeOverScrollRestoration(() => shownKey.current);
    return () => {
      stopListening();
      stopRestoring();
    };
  }, [history]);

  const { location, action, keepScroll } = shown;
  useLayoutEffect(() => restoreScroll(location, action, keepScroll), [location, action, keepScroll]);

  const { outcome } = shown;
  return (
    <PendingContext value={pending}>
      <OutcomeContext value={outcome}>
        <RoutesContext value={shown.routes}>
          <Router location={shown.location} navigationType={shown.action} navigator={navigator}>
            {!isPromise(outcome) && outcome.redirect ? null : (
              <ErrorBoundary resetKey={shown.location.key} render={renderError}>
                {!isPromise(outcome) && outcome.error !== undefined ? renderError(outcome.error) : <Routes routes={shown.routes}>{children}</Routes>}
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
