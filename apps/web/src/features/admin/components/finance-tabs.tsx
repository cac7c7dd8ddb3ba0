import styles from './finance.module.css';
import { NavLink } from '@/components/ui';

const TABS = [
  { to: '/admin/finance', label: 'Trial balance', end: true },
  { to: '/admin/finance/daily', label: 'Daily figures' },
  { to: '/admin/finance/reconciliation', label: 'Reconciliation' },
  { to: '/admin/finance/export', label: 'Journal export' },
] as const;

/** The finance pages' own navigation, under the page heading. */
export function FinanceTabs() {
  return (
    <nav aria-label="Finance" className={styles.tabs}>
      {TABS.map((t) => (
        <NavLink key={t.to} to={t.to} end={'end' in t} className={styles.tab}>
          {t.label}
        </NavLink>
      ))}
    </nav>
  );
}
