import type { NftDetail } from '@parmeta/contracts';
import styles from './attributes.module.css';

type Attribute = NftDetail['attributes'][number];

/** ERC-721 display types: numbers read as numbers, dates as dates, the rest as text. */
function valueText({ value, display_type }: Attribute): string {
  if (display_type === 'date' && typeof value === 'number') return new Date(value * 1000).toLocaleDateString('en', { dateStyle: 'medium' });
  if (display_type === 'boost_percentage' && typeof value === 'number') return `+${value}%`;
  if (display_type === 'boost_number' && typeof value === 'number') return `+${value}`;
  return String(value);
}

/** The traits as a grid of small cards. */
export function Attributes({ attributes }: { attributes: NftDetail['attributes'] }) {
  if (attributes.length === 0) return <p className={styles.none}>This NFT has no listed traits.</p>;
  return (
    <dl className={styles.grid}>
      {attributes.map((a) => (
        <div key={a.trait_type} className={styles.trait}>
          <dt className={styles.type}>{a.trait_type}</dt>
          <dd className={styles.value}>{valueText(a)}</dd>
        </div>
      ))}
    </dl>
  );
}
