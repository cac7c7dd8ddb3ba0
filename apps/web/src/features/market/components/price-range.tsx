import { useId, useState, type FormEvent } from 'react';
import { Button, Field } from '@/components/ui';
import { checkPriceRange } from '@/lib/browse-filter';
import type { MarketQuery } from '../model/market-query';
import styles from './price-range.module.css';

type Typed = { priceFr: string; priceTo: string };
type Errors = Partial<Record<keyof Typed, string>>;
const LABELS = { priceFr: 'Price from', priceTo: 'Price to' };
const text = (n: number | null) => (n === null ? '' : String(n));

interface PriceRangeProps {
  query: MarketQuery;
  onApply(range: { priceFr: number | null; priceTo: number | null }): void;
}

/**
 * Price from / to in par, applied with the button (or Enter) so typing does not reload the
 * grid at every key; each bound checked with the contract's rule (lib/browse-filter.ts).
 */
export function PriceRange({ query, onApply }: PriceRangeProps) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>({ priceFr: text(query.priceFr), priceTo: text(query.priceTo) });
  const [errors, setErrors] = useState<Errors>({});
  const [shown, setShown] = useState({ priceFr: query.priceFr, priceTo: query.priceTo });
  if (shown.priceFr !== query.priceFr || shown.priceTo !== query.priceTo) {
    setShown({ priceFr: query.priceFr, priceTo: query.priceTo });
    setTyped({ priceFr: text(query.priceFr), priceTo: text(query.priceTo) });
    setErrors({});
  }

  const set = (name: keyof Typed, value: string) => {
    setTyped((t) => ({ ...t, [name]: value }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPriceRange(typed, LABELS, 'Price to must not be below the price from');
    setErrors(checked.errors);
    if (checked.errors.priceFr) document.getElementById(`${id}-fr`)?.focus();
    else if (checked.errors.priceTo) document.getElementById(`${id}-to`)?.focus();
    else onApply({ priceFr: checked.values.priceFr ?? null, priceTo: checked.values.priceTo ?? null });
  };

  const hasRange = query.priceFr !== null || query.priceTo !== null;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Price (par)
      </h2>
      <div className={styles.row}>
        <Field id={`${id}-fr`} label={LABELS.priceFr} name="priceFr" inputMode="decimal" autoComplete="off" value={typed.priceFr} onChange={(e) => set('priceFr', e.target.value)} error={errors.priceFr} />
        <Field id={`${id}-to`} label={LABELS.priceTo} name="priceTo" inputMode="decimal" autoComplete="off" value={typed.priceTo} onChange={(e) => set('priceTo', e.target.value)} error={errors.priceTo} />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" size="sm">
          Apply price
        </Button>
        {hasRange && (
          <Button variant="ghost" size="sm" onClick={() => onApply({ priceFr: null, priceTo: null })}>
            Any price
          </Button>
        )}
      </div>
    </form>
  );
}
