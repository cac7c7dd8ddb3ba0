import { priceText } from '@/components/ui/price';
import { CloseIcon } from '@/components/ui/commerce-icons';
import { shopSearch, withFilter, type ShopQuery } from '../model/shop-filter';
import styles from './active-filters.module.css';
import { Link } from '@/components/ui';

interface ActiveFiltersProps {
  filter: ShopQuery;
  /** Display name of the chosen category, once known. */
  categoryName: string | undefined;
}

const rangeText = ({ priceFr, priceTo }: ShopQuery) =>
  priceFr !== undefined && priceTo !== undefined ? `${priceText(priceFr)} – ${priceText(priceTo)}` : priceFr !== undefined ? `From ${priceText(priceFr)}` : `Up to ${priceText(priceTo ?? 0)}`;

/** What narrows the list now, each removable on its own, and "Clear all". */
export function ActiveFilters({ filter, categoryName }: ActiveFiltersProps) {
  const chips: { key: string; label: string; remove: Partial<ShopQuery> }[] = [];
  if (filter.search) chips.push({ key: 'search', label: `“${filter.search}”`, remove: { search: '' } });
  if (filter.category !== 'all') chips.push({ key: 'category', label: categoryName ?? filter.category, remove: { category: 'all' } });
  if (filter.priceFr !== undefined || filter.priceTo !== undefined) chips.push({ key: 'price', label: rangeText(filter), remove: { priceFr: undefined, priceTo: undefined } });
  if (chips.length === 0) return null;
  return (
    <ul className={styles.chips} aria-label="Active filters">
      {chips.map((chip) => (
        <li key={chip.key}>
          <Link className={styles.chip} to={{ pathname: '/shop', search: shopSearch(withFilter(filter, chip.remove)) }} aria-label={`Remove filter ${chip.label}`}>
            <span>{chip.label}</span>
            <CloseIcon size={14} />
          </Link>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Link className={styles.clear} to={{ pathname: '/shop', search: shopSearch({ sort: filter.sort }) }}>
            Clear all
          </Link>
        </li>
      )}
    </ul>
  );
}
