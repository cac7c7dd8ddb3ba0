import { ButtonLink, CartIcon, Link, Logo, NavLink } from '@/components/ui';
import { useCartCount, useIsSignedIn, useSessionStore } from '@/lib/session-store';
import { AccountMenu } from './account-menu';
import { cartLabel } from './cart-label';
import styles from './site-header.module.css';

const links = [
  { to: '/shop', label: 'Shop' },
  { to: '/market', label: 'Market' },
  { to: '/wallet', label: 'Wallet' },
  { to: '/orders', label: 'Orders' },
];

/**
 * 90px tall on desktop; below the md breakpoint it shrinks to the 64px mobile header and
 * the page links move to the bottom navigation.
 */
export function SiteHeader() {
  const fixed = useSessionStore((s) => s.layout.fixedHeader);
  const signedIn = useIsSignedIn();
  const cartCount = useCartCount();
  return (
    <header className={fixed ? `${styles.header} ${styles.fixed}` : styles.header}>
      <div className={`container ${styles.inner}`}>
        <Logo />
        <nav aria-label="Main" className={styles.nav}>
          <ul>
            {links.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} className={styles.navLink}>
                  {link.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <div className={styles.end}>
          <Link to="/cart" className={styles.cart} aria-label={cartLabel(cartCount)}>
            <CartIcon />
            {cartCount > 0 && (
              <span className={styles.badge} aria-hidden="true">
                {cartCount > 99 ? '99+' : cartCount}
              </span>
            )}
          </Link>
          {signedIn ? (
            <AccountMenu />
          ) : (
            <>
              <ButtonLink to="/login" variant="ghost">
                Sign in
              </ButtonLink>
              <ButtonLink to="/signup" className={styles.desktopOnly}>
                Sign up
              </ButtonLink>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
