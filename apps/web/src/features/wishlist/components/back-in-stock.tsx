import { Button } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import { useMarks } from '../api/get-marks';
import { useSetStockAlert } from '../api/set-marks';
import styles from './back-in-stock.module.css';

/**
 * For a product out of stock, or a chosen variant sold out (`variant`): ask for one mail when it
 * is back, or withdraw the request.
 */
export function BackInStock({ productId, name, variant }: { productId: number; name: string; variant?: { id: number; label: string } | undefined }) {
  const { signedIn, alerts, variantAlerts } = useMarks();
  const set = useSetStockAlert();
  const waiting = variant ? variantAlerts.has(variant.id) : alerts.has(productId);
  if (!signedIn) return null;
  const what = variant ? `${name} (${variant.label})` : name;
  const variantId = variant?.id;
  return (
    <div className={styles.box}>
      <p role="status" className={styles.text}>
        {waiting ? `We will mail you once when ${variant ? 'this choice' : 'it'} is back in stock.` : variant ? 'Want this one? We can mail you once when it is back.' : 'Want it? We can mail you once when it is back.'}
      </p>
      {waiting ? (
        <Button variant="ghost" size="sm" onClick={() => set.mutate({ productId, variantId, on: false })}>
          Don’t tell me<span className="sr-only">: {what}</span>
        </Button>
      ) : (
        <Button variant="secondary" size="sm" onClick={() => set.mutate({ productId, variantId, on: true })}>
          Tell me when it’s back<span className="sr-only">: {what}</span>
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
