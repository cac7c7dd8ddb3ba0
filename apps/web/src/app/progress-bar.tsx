import { useNavigationPending } from './routing/app-router';
import styles from './progress-bar.module.css';

/** The thin bar itself: 3px at the top of the viewport, in the brand colour. */
export function ProgressBarView() {
  return <div className={styles.bar} role="progressbar" aria-label="Loading the page" />;
}

/** The bar of the original during route changes (lazy chunks and the session check); no spinner. */
export function ProgressBar() {
  return useNavigationPending() ? <ProgressBarView /> : null;
}
