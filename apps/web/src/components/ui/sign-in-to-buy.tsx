import { ButtonLink } from './button';
import styles from './sign-in-to-buy.module.css';
import { Link } from './link';

/**
 * Where a purchase starts, for a visitor of the open catalog (PUBLIC_CATALOG): a way to sign in
 * (`to`: the sign-in address that comes back to this page) or to create an account.
 */
export function SignInToBuy({ to, children }: { to: string; children?: string }) {
  return (
    <div className={styles.box}>
      <ButtonLink to={to} size="lg" block>
        Sign in to buy
      </ButtonLink>
      <p className={styles.hint}>
        {children ?? 'You come back to this page after signing in.'} New here? <Link to="/signup">Create an account</Link>.
      </p>
    </div>
  );
}
