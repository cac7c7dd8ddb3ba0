import { PRODUCT_NAME } from '@parmeta/contracts';
import styles from './logo.module.css';
import { Link } from './link';

/**
 * The site icon. The browser fetches it for the tab anyway: one file, instead of a second
 * copy inlined into the first load's JavaScript.
 */
const LOGO_URL = '/favicon.svg';

/** The mark and the product name, linking home. The image has fixed dimensions (no layout shift). */
export function Logo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <Link to="/" className={styles.logo} aria-label={showName ? undefined : `${PRODUCT_NAME} home`}>
      <img src={LOGO_URL} width={size} height={size} alt="" />
      {showName && <span>{PRODUCT_NAME}</span>}
    </Link>
  );
}
