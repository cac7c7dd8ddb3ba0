import { PRODUCT_NAME } from '@parmeta/contracts';
import { Link } from 'react-router';
import logoUrl from '@/assets/logo.svg';
import styles from './logo.module.css';

/**
 * The mark and the product name, linking home. The image has fixed dimensions (no layout
 * shift) and is bundled, so it is inlined or gets a hashed, immutably cached name.
 */
export function Logo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <Link to="/" className={styles.logo} aria-label={showName ? undefined : `${PRODUCT_NAME} home`}>
      <img src={logoUrl} width={size} height={size} alt="" />
      {showName && <span>{PRODUCT_NAME}</span>}
    </Link>
  );
}
