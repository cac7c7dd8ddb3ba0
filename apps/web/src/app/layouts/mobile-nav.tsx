import type { ComponentType } from 'react';
import { CartIcon, HomeIcon, MarketIcon, NavLink, ShopIcon, UserIcon } from '@/components/ui';
import { useCartCount, useIsSignedIn } from '@/lib/session-store';
import { cartLabel } from './cart-label';
import styles from './mobile-nav.module.css';

interface Item {
  to: string;
  label: string;
  Icon: ComponentType<{ size?: number }>;
}

/** The fixed bottom navigation below the md breakpoint. Hidden (display: none) on wider screens. */
export function MobileNav() {
  const cartCount = useCartCount();
  const signedIn = useIsSignedIn();
  const items: Item[] = [
    { to: '/', label: 'Home', Icon: HomeIcon },
    { to: '/shop', label: 'Shop', Icon: ShopIcon },
    { to: '/market', label: 'Market', Icon: MarketIcon },
    { to: '/cart', label: 'Cart', Icon: CartIcon },
    { to: signedIn ? '/profile' : '/login', label: 'Account', Icon: UserIcon },
  ];
  return (
    <nav aria-label="Bottom navigation" className={styles.nav}>
      <ul className={styles.list}>
        {items.map(({ to, label, Icon }) => (
          <li key={label}>
            {/* Named by its text, the cart's count read but not shown ("Cart, 2 items"): an
                aria-label unlike the visible text would not match what a voice-control user
                says (WCAG 2.5.3), and a hidden part beside the text would read "Cart , 2 items". */}
            <NavLink to={to} end={to === '/'} className={styles.link}>
              <span className={styles.iconWrap} aria-hidden="true">
                <Icon size={22} />
                {label === 'Cart' && cartCount > 0 && <span className={styles.badge}>{cartCount > 99 ? '99+' : cartCount}</span>}
              </span>
              {label === 'Cart' ? (
                <>
                  <span aria-hidden="true">{label}</span>
                  <span className="sr-only">{cartLabel(cartCount)}</span>
                </>
              ) : (
                <span>{label}</span>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
