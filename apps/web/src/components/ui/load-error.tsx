import { failureMessage } from '@/lib/call-api';
import { Button } from './button';
import { ErrorNotice } from './notice';
import styles from './load-error.module.css';

interface LoadErrorProps {
  /** What could not be loaded, as it reads after "We could not load": "your orders", "this product". */
  what: string;
  error: unknown;
  onRetry(): void;
  className?: string;
}

/**
 * A list or record that could not be loaded: what happened, in plain words, and a way to try
 * again. A load has no form, so the message never points at highlighted fields.
 */
export function LoadError({ what, error, onRetry, className }: LoadErrorProps) {
  return (
    <div className={className ? `${styles.failed} ${className}` : styles.failed}>
      <ErrorNotice message={`We could not load ${what}. ${failureMessage(error, { fieldsHint: false })}`} />
      <Button variant="secondary" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
