import { useEffect, useState, type RefObject } from 'react';
import { useNavigate } from 'react-router';
import { useSessionStore } from '@/lib/session-store';
import styles from './account-menu.module.css';
import { Link } from '@/components/ui';

const links = [
  { to: '/profile', label: 'Profile' },
  { to: '/addresses', label: 'Addresses' },
  { to: '/cards', label: 'Cards' },
  { to: '/account/security', label: 'Security' },
  { to: '/account', label: 'Account settings' },
  { to: '/orders', label: 'Orders' },
  { to: '/wishlist', label: 'Wishlist' },
  { to: '/wallet', label: 'Wallet' },
  { to: '/my-nfts', label: 'My NFTs' },
];

interface AccountMenuPanelProps {
  id: string;
  /** The menu and its button: a pointer down outside both closes the menu. */
  rootRef: RefObject<HTMLDivElement | null>;
  /** Escape closes the menu and gives the focus back to its button. */
  buttonRef: RefObject<HTMLButtonElement | null>;
  onClose(): void;
}

/** The open account menu (see account-menu.tsx): the user's links and sign-out. */
export default function AccountMenuPanel({ id, rootRef, buttonRef, onClose }: AccountMenuPanelProps) {
  const user = useSessionStore((s) => s.user);
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  useEffect(() => {
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) onClose();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      onClose();
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [rootRef, buttonRef, onClose]);

  async function onSignOut() {
    setSigningOut(true);
    try {
      // Loaded on use: sign-out brings the API client, which the header does not otherwise need.
      const { signOut } = await import('@/features/auth');
      await signOut();
    } finally {
      setSigningOut(false);
      onClose();
    }
    await navigate('/login', { replace: true });
  }

  return (
    <div id={id} className={styles.menu}>
      {user?.email && <p className={styles.who}>{user.email}</p>}
      <ul className={styles.list}>
        {(user?.role === 'admin' ? [...links, { to: '/admin', label: 'Admin' }] : links).map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={styles.item} onClick={onClose}>
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
      <div className={styles.separator} />
      <button type="button" className={styles.item} disabled={signingOut} onClick={() => void onSignOut()}>
        {signingOut ? 'Signing out…' : 'Sign out'}
      </button>
    </div>
  );
}
