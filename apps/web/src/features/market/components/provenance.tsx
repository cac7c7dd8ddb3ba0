import type { NftDetail } from '@parmeta/contracts';
import { formatAsset } from '@/features/wallet';
import { dateTimeText } from '@/lib/date-text';
import styles from './provenance.module.css';


/** Ownership history, newest first: minted, then each sale with its price. */
export function Provenance({ events }: { events: NftDetail['provenance'] }) {
  const ordered = [...events].sort((a, b) => b.at - a.at);
  return (
    <ol className={styles.timeline}>
      {ordered.map((e, i) => (
        <li key={`${e.at}-${i}`} className={styles.event}>
          <span className={styles.dot} aria-hidden="true" />
          <p className={styles.what}>
            {e.from === null ? (
              <>
                Minted by <strong>{e.to}</strong>
              </>
            ) : (
              <>
                <strong>{e.to}</strong> bought it from <strong>{e.from}</strong>
                {e.price !== null && <> for {formatAsset(e.price)}</>}
              </>
            )}
          </p>
          <p className={styles.when}>
            <time dateTime={new Date(e.at).toISOString()}>{dateTimeText(e.at)}</time>
            {e.orderNo && <span className={styles.order}> · {e.orderNo}</span>}
          </p>
        </li>
      ))}
    </ol>
  );
}
