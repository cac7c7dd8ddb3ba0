import { PRODUCT_NAME } from '@parmeta/contracts';
import styles from './logo.module.css';
import { Link } from './link';

/**
 * The site icon (public/favicon.svg), drawn inline: ~250 bytes compressed, where fetching the
 * file took one of the browser's six connections during the first load, as the page's own
 * code and data were waiting for one (docs/decisions/0073). index.html's header frame draws
 * the same, made from the file at build time (build/site-icon.ts); logo.test.tsx holds this
 * copy to the file.
 */
function LogoMark({ size }: { size: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 192 192" aria-hidden="true" focusable="false">
      <rect width="192" height="192" rx="44" fill="#4f46e5" />
      <path fill="#ffffff" fillRule="evenodd" d="M58 152 V54 Q58 40 72 40 H106 A36 36 0 0 1 106 112 H84 V152 Q84 160 76 160 H66 Q58 160 58 152 Z M84 64 V88 H104 A12 12 0 0 0 104 64 Z" />
      <circle cx="140" cy="146" r="12" fill="#a5b4fc" />
    </svg>
  );
}

/** The mark and the product name, linking home. The image has fixed dimensions (no layout shift). */
export function Logo({ size = 32, showName = true }: { size?: number; showName?: boolean }) {
  return (
    <Link to="/" className={styles.logo} aria-label={showName ? undefined : `${PRODUCT_NAME} home`}>
      <LogoMark size={size} />
      {showName && <span>{PRODUCT_NAME}</span>}
    </Link>
  );
}
