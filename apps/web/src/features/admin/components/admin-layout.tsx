import { useEffect, useRef, type ComponentType } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { MarketIcon, NavLink, ShopIcon } from '@/components/ui';
import { ClipboardIcon, DashboardIcon, LedgerIcon, PayoutIcon, StarIcon, TagIcon } from '@/components/ui/admin-icons';
import { TruckIcon } from '@/components/ui/commerce-icons';
import { useSessionStore } from '@/lib/session-store';
import styles from './admin-layout.module.css';

interface Section {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
  end?: boolean;
}

const sections: readonly Section[] = [
  { to: '/admin', label: 'Dashboard', Icon: DashboardIcon, end: true },
  { to: '/admin/products', label: 'Products', Icon: ShopIcon },
  { to: '/admin/nfts', label: 'NFTs', Icon: MarketIcon },
  { to: '/admin/orders', label: 'Orders', Icon: TruckIcon },
  { to: '/admin/promos', label: 'Promo codes', Icon: TagIcon },
  { to: '/admin/payouts', label: 'Payouts', Icon: PayoutIcon },
  { to: '/admin/reviews', label: 'Reviews', Icon: StarIcon },
  { to: '/admin/finance', label: 'Finance', Icon: LedgerIcon },
  { to: '/admin/audit', label: 'Audit log', Icon: ClipboardIcon },
];

/**
 * The admin area inside the main layout: a side navigation on desktop, a scrolling tab
 * bar above the page on phones and tablets (one nav element, laid out by CSS). The route's
 * loader turns non-admins away before this renders; this check covers a role that changes
 * while the area is open (the user detail is refetched on every navigation).
 */
export function AdminLayout() {
  const user = useSessionStore((s) => s.user);
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // As a tab bar the links may not all fit: bring the current one into view.
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current || nav.scrollWidth <= nav.clientWidth) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  if (user && user.role !== 'admin') return <Navigate to="/" replace />;
  return (
    <div className={styles.area}>
      <nav ref={navRef} aria-label="Admin" className={styles.nav}>
        <p className={styles.heading} aria-hidden="true">
          Admin
        </p>
        <ul className={styles.list}>
          {sections.map(({ to, label, Icon, end }) => (
            <li key={to}>
              <NavLink to={to} end={end} className={styles.link}>
                <Icon size={20} />
                <span>{label}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.content}>
        <Outlet />
      </div>
    </div>
  );
}
