import { Button } from '@/components/ui';
import { usePageTitle } from '@/lib/page-title';
import styles from './route-error.module.css';

/**
 * A failed lazy import almost always means a new version was deployed and the old
 * chunk names are gone: reloading fetches the new index.html and fixes it.
 */
function isStaleChunk(error: unknown) {
  return error instanceof TypeError && /dynamically imported module|Importing a module script failed|error loading dynamically/i.test(error.message);
}

/** What the app shows instead of a page that failed (see AppRouter). */
export function RouteError({ error }: { error: unknown }) {
  const stale = isStaleChunk(error);
  usePageTitle(stale ? 'Update available' : 'Something went wrong');
  if (!stale) console.error(error);
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card} role="alert">
        <h1 className={styles.title}>{stale ? 'A new version is available' : 'Something went wrong'}</h1>
        <p className={styles.body}>
          {stale ? 'Reload the page to get the latest version of the app.' : 'The page could not be shown. Reloading often helps; if it does not, try again in a moment.'}
        </p>
        <div>
          <Button onClick={() => window.location.reload()}>Reload the page</Button>
        </div>
      </div>
    </main>
  );
}
