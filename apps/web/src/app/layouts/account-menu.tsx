import { useEffect, useId, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { ChevronDownIcon } from '@/components/ui';
import { signOut } from '@/features/auth';
import { useSessionStore } from '@/lib/session-store';
import styles from './account-menu.module.css';

const links = [
  { to: '/profile', label: 'Profile' },
  { to: '/addresses', label: 'Addresses' },
  { to: '/cards', label: 'Cards' },
  { to: '/orders', label: 'Orders' },
  { to: '/wallet', label: 'Wallet' },
  { to: '/my-nfts', label: 'My NFTs' },
];

/**
 * A disclosure (button + list of links) rather than an ARIA menu: the items are plain
 * navigation, which Tab reaches naturally. Escape, a click outside or focus leaving closes it.
 */
export function AccountMenu() {
  const user = useSessionStore((s) => s.user);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const navigate = useNavigate();

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const name = user?.fullName || user?.userName || 'Account';
  const close = () => setOpen(false);
  const [signingOut, setSigningOut] = useState(false);

  async function onSignOut() {
    setSigningOut(true);
    try {
      await signOut();
    } finally {
      setSigningOut(false);
      close();
    }
    await navigate('/login', { replace: true });
  }

  return (
    <div
      ref={rootRef}
      className={styles.root}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={styles.trigger}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${name}`}
        onClick={() => setOpen((o) => !o)}
      >
        <span className={styles.avatar} aria-hidden="true">
          {name.charAt(0).toUpperCase()}
        </span>
        <span className={styles.name}>{name}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <div id={menuId} className={styles.menu}>
          {user?.email && <p className={styles.who}>{user.email}</p>}
          <ul className={styles.list}>
            {(user?.role === 'admin' ? [...links, { to: '/admin', label: 'Admin' }] : links).map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={styles.item} onClick={close}>
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
      )}
    </div>
  );
}
