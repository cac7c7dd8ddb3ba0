import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ShapesIcon } from '@/components/ui/admin-icons';
import { NavLink } from '@/components/ui/link';
import { ADMIN_SECTIONS, tabScroll } from '../model/admin-heads';

/**
 * The admin area's frame: a side navigation on desktop, a scrolling tab bar above the page on
 * phones and tablets (one nav element, laid out by global.css), and the page beside it. The
 * admin layout draws it around the page, and the main layout's stand-in around the page's
 * header while the page's code loads (app/layouts/first-head.tsx); admin.html's early script
 * paints the same elements first (src/boot/early-admin-head.ts).
 */
export function AdminFrame({ children }: { children: ReactNode }) {
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // As a tab bar the links may not all fit: bring the current one into view, before the frame
  // paints (the early script's tab bar, which this one replaces, was already scrolled so).
  useLayoutEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (nav && current) nav.scrollLeft = tabScroll(nav, current);
  }, [pathname]);
  return (
    <div className="admin-area">
      <nav ref={navRef} className="admin-nav" aria-label="Admin">
        <p className="admin-nav-heading" aria-hidden="true">
          Admin
        </p>
        <ul className="admin-nav-list">
          {ADMIN_SECTIONS.map(({ to, label, icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className="admin-nav-link">
                <ShapesIcon shapes={icon} size={20} />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="admin-content">{children}</div>
    </div>
  );
}
