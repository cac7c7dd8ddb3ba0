import styles from './wallet-tabs.module.css';
import { Link } from '@/components/ui';
import { loadHistoryTab } from '../model/lazy-views';

// The history's chunk, fetched as the pointer or focus reaches its tab.
const preloadHistory = () => void loadHistoryTab();

/** Actions or History: two views of the wallet, each at its own address, so the back button and a reload keep the place. */
export function WalletTabs({ current }: { current: 'actions' | 'history' }) {
  const tabs = [
    { id: 'actions', label: 'Move money', to: '/wallet' },
    { id: 'history', label: 'History', to: '/wallet?tab=history' },
  ] as const;
  return (
    <nav aria-label="Wallet" className={styles.tabs}>
      <ul>
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              className={styles.tab}
              aria-current={current === tab.id ? 'page' : undefined}
              onPointerEnter={tab.id === 'history' ? preloadHistory : undefined}
              onFocus={tab.id === 'history' ? preloadHistory : undefined}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
