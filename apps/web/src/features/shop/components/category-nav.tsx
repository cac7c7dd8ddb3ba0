import { shopSearch, withFilter, type ShopQuery } from '../model/shop-filter';
import styles from './category-nav.module.css';
import { Link } from '@/components/ui';

interface Category {
  slug: string;
  name: string;
  count: number;
}

interface CategoryNavProps {
  filter: ShopQuery;
  /** null while the first answer is on its way. */
  categories: readonly Category[] | null;
  /** Set when the nav sits in more than one place (side bar and drawer), to keep landmark names unique. */
  label?: string;
}

/** The categories with their counts for the current search and price range; the chosen one is marked current. */
export function CategoryNav({ filter, categories, label = 'Categories' }: CategoryNavProps) {
  const all = categories?.reduce((sum, c) => sum + c.count, 0);
  const items = [{ slug: 'all', name: 'All products', count: all }, ...(categories ?? [])];
  return (
    <nav aria-label={label} className={styles.nav}>
      <h2 className={styles.heading}>Categories</h2>
      {categories === null ? (
        <ul className={styles.list} aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className={styles.placeholder} />
          ))}
        </ul>
      ) : (
        <ul className={styles.list}>
          {items.map((category) => (
            <li key={category.slug}>
              <Link
                to={{ pathname: '/shop', search: shopSearch(withFilter(filter, { category: category.slug })) }}
                className={styles.link}
                aria-current={filter.category === category.slug ? 'page' : undefined}
              >
                <span>{category.name}</span>
                {category.count !== undefined && <span className={styles.count}>{category.count}</span>}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
}
