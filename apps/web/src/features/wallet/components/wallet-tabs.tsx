import styles from './wallet-tabs.module.css';
import { Link } from '@/components/ui';

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
            <Link to={tab.to} className={styles.tab} aria-current={current === tab.id ? 'page' : undefined}>
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
