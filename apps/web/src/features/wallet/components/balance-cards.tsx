import type { Asset, Balances } from '@parmeta/contracts';
import { Skeleton } from '@/components/ui';
import { formatAmount, ASSET_NAMES } from '../model/money';
import styles from './balance-cards.module.css';

const CARDS: { asset: Asset; title: string; about: string }[] = [
  { asset: 'par', title: 'Par', about: 'Platform credit for the shop and NFTs' },
  { asset: 'meta', title: 'Meta', about: 'Par moved to the metaverse side' },
  { asset: 'premium', title: 'Premium points', about: 'Earned on paid shop orders' },
];

/** The three balances; skeletons of the same size while they load. */
export function BalanceCards({ balances }: { balances: Balances | undefined }) {
  return (
    <ul className={styles.cards} aria-label="Balances" aria-busy={balances ? undefined : true}>
      {CARDS.map(({ asset, title, about }) => (
        <li key={asset} className={`${styles.card} ${styles[asset]}`}>
          <h2 className={styles.title}>{title}</h2>
          <p className={styles.amount}>
            {balances ? (
              <>
                <span data-testid={`balance-${asset}`}>{formatAmount(balances[asset], asset)}</span> <span className={styles.unit}>{ASSET_NAMES[asset]}</span>
              </>
            ) : (
              // One line of the amount's text (line-height 1.5), on a phone as on a wide screen.
              <Skeleton width="60%" height="1.5em" />
            )}
          </p>
          <p className={styles.about}>{about}</p>
        </li>
      ))}
    </ul>
  );
}
