import { useState, type FormEvent } from 'react';
import { Button, Field, SelectField } from '@/components/ui';
import { checkPriceRange, SEARCH_MAX_LENGTH } from '@/lib/browse-filter';
import { SORT_OPTIONS, type MarketQuery, type MarketSort } from '../model/market-query';
import styles from './filter-bar.module.css';

type Typed = { search: string; priceFr: string; priceTo: string };
type FieldErrors = Partial<Record<keyof Typed, string>>;
const labels = { search: 'Search', priceFr: 'Price from', priceTo: 'Price to' };
const text = (n: number | null) => (n === null ? '' : String(n));

interface FilterBarProps {
  query: MarketQuery;
  onApply(change: { search: string; priceFr: number | null; priceTo: number | null }): void;
  onSort(sort: MarketSort): void;
}

/**
 * Search text and price range, applied together (Enter or Apply) so each keystroke does not
 * add a history entry; the sort applies at once. Checked with the contract's rules (lib/browse-filter.ts).
 */
export function FilterBar({ query, onApply, onSort }: FilterBarProps) {
  const [typed, setTyped] = useState<Typed>({ search: query.search, priceFr: text(query.priceFr), priceTo: text(query.priceTo) });
  const [errors, setErrors] = useState<FieldErrors>({});
  // The URL changed under the form (back button, a chip, "Clear filters"): show what applies now.
  const [shown, setShown] = useState(query);
  if (shown.search !== query.search || shown.priceFr !== query.priceFr || shown.priceTo !== query.priceTo) {
    setShown(query);
    setTyped({ search: query.search, priceFr: text(query.priceFr), priceTo: text(query.priceTo) });
    setErrors({});
  }

  const set = (name: keyof Typed, value: string) => {
    setTyped((t) => ({ ...t, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPriceRange(typed, labels, 'Price to must not be below the price from');
    const found: FieldErrors = { ...checked.errors };
    const search = typed.search.trim();
    if (search.length > SEARCH_MAX_LENGTH) found.search = `Search must be at most ${SEARCH_MAX_LENGTH} characters`;
    setErrors(found);
    if (Object.keys(found).length === 0) onApply({ search, priceFr: checked.values.priceFr ?? null, priceTo: checked.values.priceTo ?? null });
  };

  return (
    <div className={styles.bar}>
      <form className={styles.form} role="search" aria-label="Search the market" onSubmit={submit} noValidate>
        <Field
          className={styles.search}
          label={labels.search}
          type="search"
          name="search"
          placeholder="Name, collection or description"
          enterKeyHint="search"
          maxLength={SEARCH_MAX_LENGTH}
          value={typed.search}
          onChange={(e) => set('search', e.target.value)}
          error={errors.search}
        />
        <Field
          className={styles.price}
          label={labels.priceFr}
          name="priceFr"
          inputMode="decimal"
          placeholder="0"
          value={typed.priceFr}
          onChange={(e) => set('priceFr', e.target.value)}
          error={errors.priceFr}
        />
        <Field
          className={styles.price}
          label={labels.priceTo}
          name="priceTo"
          inputMode="decimal"
          placeholder="Any"
          value={typed.priceTo}
          onChange={(e) => set('priceTo', e.target.value)}
          error={errors.priceTo}
        />
        <Button type="submit" className={styles.apply}>
          Apply
        </Button>
      </form>
      <SelectField className={styles.sort} label="Sort by" name="sort" options={SORT_OPTIONS} value={query.sort} onChange={(e) => onSort(e.target.value as MarketSort)} />
    </div>
  );
}
