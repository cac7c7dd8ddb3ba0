import { Button } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { useMarks } from '../api/get-marks';
import { useSetStockAlert } from '../api/set-marks';
import styles from './back-in-stock.module.css';

/** For a product out of stock: ask for one mail when it is back, or withdraw the request. */
export function BackInStock({ productId, name }: { productId: number; name: string }) {
  const { signedIn, alerts } = useMarks();
  const set = useSetStockAlert();
  const waiting = alerts.has(productId);
  if (!signedIn) return null;
  return (
    <div className={styles.box}>
      <p role="status" className={styles.text}>
        {waiting ? 'We will mail you once when it is back in stock.' : 'Want it? We can mail you once when it is back.'}
      </p>
      {waiting ? (
        <Button variant="ghost" size="sm" onClick={() => set.mutate({ productId, on: false })}>
          Don’t tell me<span className="sr-only">: {name}</span>
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => set.mutate({ productId, on: true })}>
          Tell me when it’s back<span className="sr-only">: {name}</span>
        </Button>
      )}
      {set.isError && (
        <p role="alert" className={styles.error}>
          {failureMessage(set.error)}
        </p>
      )}
    </div>
  );
}
