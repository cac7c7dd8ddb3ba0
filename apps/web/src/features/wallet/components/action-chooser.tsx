import type { Balances } from '@parmeta/contracts';
import { ArrowRightIcon, Link } from '@/components/ui';
import { WALLET_ACTIONS, type WalletActionId } from '../model/actions';
import { formatAsset } from '../model/money';
import styles from './action-chooser.module.css';

/** What each action starts from, in the member's numbers. */
function available(id: WalletActionId, balances: Balances | undefined): string | null {
  if (!balances) return null;
  if (id === 'convert') return `You have ${formatAsset(balances.premium, 'premium')}`;
  if (id === 'top-up') return null;
  return `You have ${formatAsset(balances.par)}`;
}

/** The four money actions as a choice; each opens on its own, with a review before anything moves. */
export function ActionChooser({ balances }: { balances: Balances | undefined }) {
  return (
    <ul className={styles.actions} aria-label="What would you like to do?">
      {WALLET_ACTIONS.map((action) => {
        const have = available(action.id, balances);
        return (
          <li key={action.id}>
            <Link to={`/wallet?action=${action.id}`} className={styles.action}>
              <span className={styles.text}>
                <span className={styles.title}>{action.title}</span>
                <span className={styles.about}>{action.about}</span>
                {have && <span className={styles.have}>{have}</span>}
              </span>
              <ArrowRightIcon size={20} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
