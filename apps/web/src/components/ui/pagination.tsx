import styles from './pagination.module.css';
import { Link } from './link';

interface PaginationProps {
  /** Names the navigation landmark, e.g. "Market pages". */
  label: string;
  page: number;
  pageCount: number;
  /** Pages as links (shareable, the back button works), e.g. for a list filtered in the URL. */
  hrefFor?(page: number): string;
  /** Pages as buttons, for a list whose page is local state. */
  onPageChange?(page: number): void;
}

/** The page numbers to show: the first, the last, and the current one with its neighbours; null marks a gap. */
export function pageWindow(page: number, pageCount: number): (number | null)[] {
  const wanted = new Set([1, pageCount, page - 1, page, page + 1].filter((p) => p >= 1 && p <= pageCount));
  const sorted = [...wanted].sort((a, b) => a - b);
  const out: (number | null)[] = [];
  for (const p of sorted) {
    const last = out.at(-1);
    if (typeof last === 'number' && p - last === 2) out.push(last + 1);
    else if (typeof last === 'number' && p - last > 2) out.push(null);
    out.push(p);
  }
  return out;
}

/** Previous, page numbers and Next; the current page is marked with aria-current. Nothing when there is one page. */
export function Pagination({ label, page, pageCount, hrefFor, onPageChange }: PaginationProps) {
  if (pageCount <= 1) return null;
  const item = (target: number, text: string, ariaLabel: string, disabled = false) => {
    const current = text !== 'Previous' && text !== 'Next' && target === page;
    const className = [styles.item, current && styles.current].filter(Boolean).join(' ');
    if (disabled) {
      return (
        <span className={`${className} ${styles.disabled}`} aria-disabled="true">
          {text}
        </span>
      );
    }
    if (hrefFor) {
      return (
        <Link className={className} to={hrefFor(target)} aria-label={ariaLabel} aria-current={current ? 'page' : undefined} preventScrollReset>
          {text}
        </Link>
      );
    }
    return (
      <button type="button" className={className} aria-label={ariaLabel} aria-current={current ? 'page' : undefined} onClick={() => onPageChange?.(target)}>
        {text}
      </button>
    );
  };
  return (
    <nav aria-label={label} className={styles.nav}>
      <ul className={styles.list}>
        <li>{item(page - 1, 'Previous', 'Previous page', page <= 1)}</li>
        {pageWindow(page, pageCount).map((p, i) => (
          <li key={p ?? `gap-${i}`} className={styles.number}>
            {p === null ? (
              <span className={styles.gap} aria-hidden="true">
                …
              </span>
            ) : (
              item(p, String(p), `Page ${p}`)
            )}
          </li>
        ))}
        <li>{item(page + 1, 'Next', 'Next page', page >= pageCount)}</li>
      </ul>
    </nav>
  );
}
