import { lazy, Suspense, useId, useRef, useState } from 'react';
import { ChevronDownIcon } from '@/components/ui';
import { useSessionStore } from '@/lib/session-store';
import styles from './account-menu.module.css';

// The open menu is its own small chunk: the header of every first load carries only the button.
const loadPanel = () => import('./account-menu-panel');
const AccountMenuPanel = lazy(loadPanel);

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
  const name = user?.fullName || user?.userName || 'Account';
  const avatar = user?.avatar ?? null;
  // A photo that does not load shows the initial instead.
  const [brokenAvatar, setBrokenAvatar] = useState<string | null>(null);
  const close = () => setOpen(false);

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
        // Fetched as the pointer or focus arrives, so it is in by the click.
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
        onClick={() => setOpen((o) => !o)}
      >
        {avatar && brokenAvatar !== avatar ? (
          <img className={styles.avatar} src={avatar} alt="" width={32} height={32} onError={() => setBrokenAvatar(avatar)} />
        ) : (
          <span className={styles.avatar} aria-hidden="true">
            {name.charAt(0).toUpperCase()}
          </span>
        )}
        {/* Named by its text, "Account menu for" read but not shown: a label unlike the visible
            text would not match what a voice-control user says (WCAG 2.5.3). */}
        <span className="sr-only">Account menu for </span>
        <span className={styles.name}>{name}</span>
        <ChevronDownIcon size={16} />
      </button>
      {open && (
        <Suspense fallback={null}>
          <AccountMenuPanel id={menuId} rootRef={rootRef} buttonRef={buttonRef} onClose={close} />
        </Suspense>
      )}
    </div>
  );
}
