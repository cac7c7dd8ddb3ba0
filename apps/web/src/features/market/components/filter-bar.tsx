import { marketFilter } from '@parmeta/contracts';
import { useState, type FormEvent } from 'react';
import { Button, Field, SelectField } from '@/components/ui';
import { amountOf, checkBody, type FieldErrors } from '@/features/wallet';
import { SORT_OPTIONS, type MarketQuery, type MarketSort } from '../model/market-query';
import styles from './filter-bar.module.css';

type Typed = { search: string; priceFr: string; priceTo: string };
const labels = { search: 'Search', priceFr: 'Price from', priceTo: 'Price to' };
const text = (n: number | null) => (n === null ? '' : String(n));

interface FilterBarProps {
  query: MarketQuery;
  onApply(change: { search: string; priceFr: number | null; priceTo: number | null }): void;
  onSort(sort: MarketSort): void;
}

/**
 * Search text and price range, applied together (Enter or Apply) so each keystroke does not
 * add a history entry; the sort applies at once. Checked with the market's contract filter.
 */
export function FilterBar({ query, onApply, onSort }: FilterBarProps) {
  const [typed, setTyped] = useState<Typed>({ search: query.search, priceFr: text(query.priceFr), priceTo: text(query.priceTo) });
  const [errors, setErrors] = useState<FieldErrors<keyof Typed>>({});
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
    const priceFr = amountOf(typed.priceFr);
    const priceTo = amountOf(typed.priceTo);
    const checked = checkBody(marketFilter, { search: typed.search, priceFr, priceTo }, labels);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    const { data } = checked;
    if (data.priceFr !== undefined && data.priceTo !== undefined && data.priceFr > data.priceTo) {
      setErrors({ priceTo: 'Must not be below the price from' });
      return;
    }
    setErrors({});
    onApply({ search: data.search, priceFr: data.priceFr ?? null, priceTo: data.priceTo ?? null });
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
