import type { Balances } from '@parmeta/contracts';
import { ArrowRightIcon, Link, Skeleton } from '@/components/ui';
import { WALLET_ACTIONS, type WalletActionId } from '../model/actions';
import { loadActionView } from '../model/lazy-views';
import { formatAsset } from '../model/money';
import styles from './action-chooser.module.css';

/**
 * What each action starts from, in the member's numbers; undefined while the balances load (a
 * line of the same height holds the place, so the cards below do not move when they arrive).
 */
function available(id: WalletActionId, balances: Balances | undefined): string | null | undefined {
  if (id === 'top-up') return null;
  if (!balances) return undefined;
  if (id === 'convert') return `You have ${formatAsset(balances.premium, 'premium')}`;
  return `You have ${formatAsset(balances.par)}`;
}

// The forms' chunk, fetched as the pointer or focus reaches an action, so it is in by the click.
const preload = () => void loadActionView();

/** The four money actions as a choice; each opens on its own, with a review before anything moves. */
export function ActionChooser({ balances }: { balances: Balances | undefined }) {
  return (
    <ul className={styles.actions} aria-label="What would you like to do?">
      {WALLET_ACTIONS.map((action) => {
        const have = available(action.id, balances);
        return (
          <li key={action.id}>
            <Link to={`/wallet?action=${action.id}`} className={styles.action} onPointerEnter={preload} onFocus={preload}>
              <span className={styles.text}>
                <span className={styles.title}>{action.title}</span>
                <span className={styles.about}>{action.about}</span>
                {have === undefined ? (
                  <span className={styles.have}>
                    <Skeleton width="8rem" height="1.5em" />
                  </span>
                ) : (
                  have && <span className={styles.have}>{have}</span>
                )}
              </span>
              <ArrowRightIcon size={20} />
            </Link>
          </li>
        );
      })}
    </ul>
  );
}
