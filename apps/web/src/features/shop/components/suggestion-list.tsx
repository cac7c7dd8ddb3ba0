import { Price } from '@/components/ui/price';
import { smallImage } from '@/lib/image-variants';
import type { SuggestionOption } from '../model/suggestion-list';
import styles from './search-form.module.css';

/**
 * The search box's popup: products with a small picture and price, then categories. A press
 * does not take focus from the box (mousedown is held back), so the list stays a list of the
 * box's options; the click opens the option.
 */
export function SuggestionList({ id, options, active, onChoose }: { id: string; options: SuggestionOption[]; active: number; onChoose(option: SuggestionOption): void }) {
  const products = options.filter((o) => o.kind === 'product');
  const categories = options.filter((o) => o.kind === 'category');
  const option = (o: SuggestionOption) => {
    const index = options.indexOf(o);
    return (
      <div
        key={o.key}
        id={`${id}-${o.key}`}
        role="option"
        aria-selected={index === active}
        className={index === active ? `${styles.option} ${styles.active}` : styles.option}
        onMouseDown={(event) => event.preventDefault()}
        onClick={() => onChoose(o)}
      >
        {o.kind === 'product' ? (
          <>
            <img className={styles.thumb} src={o.image ? smallImage(o.image) : undefined} alt="" width={40} height={40} loading="lazy" />
            <span className={styles.optionText}>
              <span className={styles.optionName}>{o.label}</span>
              <span className={styles.optionDetail}>{o.detail}</span>
            </span>
            {o.price !== undefined && <Price value={o.price} className={styles.optionPrice} />}
          </>
        ) : (
          <span className={styles.optionText}>
            <span className={styles.optionName}>{o.label}</span>
            <span className={styles.optionDetail}>Category</span>
          </span>
        )}
      </div>
    );
  };
  return (
    <div id={id} role="listbox" aria-label="Suggestions" className={options.length > 0 ? styles.popup : styles.hidden}>
      {products.length > 0 && (
        <div role="group" aria-label="Products">
          {products.map(option)}
        </div>
      )}
      {categories.length > 0 && (
        <div role="group" aria-label="Categories" className={styles.categories}>
          {categories.map(option)}
        </div>
      )}
    </div>
  );
}
