import { failureMessage } from '@/lib/call-api';
import { useMarks } from '../api/get-marks';
import { useSetWished } from '../api/set-marks';
import styles from './wish-button.module.css';

/**
 * The heart of a card or product page: a toggle button (aria-pressed) named for its product, so
 * a screen reader hears "Save Linen shirt to your wishlist, toggle button, pressed".
 */
export function WishButton({ productId, name, size = 'sm' }: { productId: number; name: string; size?: 'sm' | 'lg' }) {
  const { signedIn, wished } = useMarks();
  const set = useSetWished();
  const on = wished.has(productId);
  if (!signedIn) return null;
  return (
    <span className={size === 'lg' ? `${styles.wrap} ${styles.lg}` : styles.wrap}>
      <button
        type="button"
        className={styles.heart}
        aria-pressed={on}
        // The small heart has no words: its name says which product. The large one says it in words.
        aria-label={size === 'sm' ? `Save ${name} to your wishlist` : undefined}
        title={on ? 'On your wishlist' : 'Save to your wishlist'}
        onClick={() => set.mutate({ productId, on: !on })}
      >
        <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
          <path
            d="M12 20.3l-1.2-1.1C6.2 15.1 3.2 12.4 3.2 9.1 3.2 6.4 5.3 4.3 8 4.3c1.5 0 3 .7 4 1.8 1-1.1 2.5-1.8 4-1.8 2.7 0 4.8 2.1 4.8 4.8 0 3.3-3 6-7.6 10.1L12 20.3z"
            fill={on ? 'currentColor' : 'none'}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {size === 'lg' && <span className={styles.text}>Save to wishlist</span>}
      </button>
      {set.isError && (
        <span role="alert" className={styles.error}>
          {failureMessage(set.error)}
        </span>
      )}
    </span>
  );
}
