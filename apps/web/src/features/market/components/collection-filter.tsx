import { Skeleton } from '@/components/ui';
import styles from './collection-filter.module.css';

export interface CollectionCount {
  slug: string;
  name: string;
  count: number;
}

interface CollectionFilterProps {
  collections: readonly CollectionCount[] | undefined;
  value: string;
  onChange(slug: string): void;
  /** The radio group's name: the side list and the phone's filters drawer each have their own. */
  name?: string;
}

/**
 * The collections as a radio group with their item counts: beside the grid on wide screens,
 * in the filters drawer on phones. Arrow keys move through it, as in any radio group.
 */
export function CollectionFilter({ collections, value, onChange, name = 'collection' }: CollectionFilterProps) {
  if (!collections) {
    return (
      <div className={styles.loading} aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} height={38} />
        ))}
      </div>
    );
  }
  const total = collections.reduce((sum, c) => sum + c.count, 0);
  const options = [{ slug: 'all', name: 'All collections', count: total }, ...collections];
  return (
    <fieldset className={styles.group}>
      <legend className={styles.legend}>Collection</legend>
      <div className={styles.options}>
        {options.map((c) => (
          <label key={c.slug} className={styles.option}>
            <input className={styles.radio} type="radio" name={name} value={c.slug} checked={value === c.slug} onChange={() => onChange(c.slug)} />
            <span className={styles.name}>{c.name}</span>
            <span className={styles.count} aria-label={`${c.count} ${c.count === 1 ? 'item' : 'items'}`}>
              {c.count}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
