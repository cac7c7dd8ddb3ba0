import { Button, ErrorNotice } from '@/components/ui';
import { failureMessage } from '@/lib/call-api';
import styles from './admin.module.css';

/** A list or record that could not be loaded: what happened, in plain words, and a way to try again. */
export function LoadError({ what, error, onRetry }: { what: string; error: unknown; onRetry(): void }) {
  return (
    <div className={styles.failed}>
      <ErrorNotice message={`We could not load ${what}. ${failureMessage(error)}`} />
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
