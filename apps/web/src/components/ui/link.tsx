import type { AnchorHTMLAttributes, MouseEvent, Ref } from 'react';
import { useHref, useLocation, useNavigate, useResolvedPath, type Path, type To } from 'react-router';
import { isActivePath } from '@/lib/route-path';

/**
 * The app's links, in place of React Router's `Link` and `NavLink`. Theirs carry the framework
 * mode's prefetching (`<PrefetchPageLinks>` and the route-module and single-fetch code behind it),
 * which this app, on a plain `<Router>`, never uses; it was ~1 kB gzip of every first load
 * (issue #17's 90 kB budget): their module also holds `<Form>` and `useSearchParams` (the app's
 * is lib/search-params.ts), and any import from it keeps all of it. A click is handled as theirs
 * is: only a plain left click on a link without another `target` navigates in the app (a
 * modified click opens a tab), and a link to the page shown replaces the history entry. eslint
 * keeps their `Link`, `NavLink` and `useSearchParams` out of the app.
 */
export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: To;
  replace?: boolean;
  state?: unknown;
  /** Keep the scroll position (the app's router reads it, app/routing). */
  preventScrollReset?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

const pathKey = ({ pathname, search, hash }: Path) => pathname + search + hash;

/** The click the app handles itself: the main button, no modifier key, the same tab. */
export const isPlainClick = (event: MouseEvent<HTMLAnchorElement>, target: string | undefined) =>
  event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);

export function Link({ to, replace, state, preventScrollReset, target, onClick, ...rest }: LinkProps) {
  const href = useHref(to);
  const path = useResolvedPath(to);
  const location = useLocation();
  const navigate = useNavigate();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || !isPlainClick(event, target)) return;
    event.preventDefault();
    void navigate(to, { replace: replace ?? pathKey(location) === pathKey(path), state, preventScrollReset });
  };
  return <a {...rest} href={href} target={target} onClick={handleClick} />;
}

export interface NavLinkProps extends LinkProps {
  /** Active only on this exact path, not below it. */
  end?: boolean;
}

/** A link that marks itself `aria-current="page"` (the styles' hook) while its page is shown. */
export function NavLink({ to, end = false, ...rest }: NavLinkProps) {
  const { pathname } = useResolvedPath(to);
  const location = useLocation();
  const active = isActivePath(location.pathname, pathname, end);
  return <Link {...rest} to={to} aria-current={active ? 'page' : undefined} />;
}
