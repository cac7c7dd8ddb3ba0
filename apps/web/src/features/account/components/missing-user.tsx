import { ButtonLink, ErrorNotice } from '@/components/ui';
import styles from './missing-user.module.css';

/**
 * The account calls carry the signed-in userName from the session store; without it they
 * cannot run (TanStack Query leaves them idle), and a skeleton would wait forever.
 */
export function MissingUser() {
  return (
    <div className={styles.box}>
      <ErrorNotice message="We could not tell which account is signed in on this device. Please sign in again." />
      <ButtonLink to="/login" variant="secondary">
        Sign in
      </ButtonLink>
    </div>
  );
}

/** A query that cannot start because no userName is known: pending, and not fetching. */
export const waitsForUser = (query: { isPending: boolean; fetchStatus: string }) => query.isPending && query.fetchStatus === 'idle';
