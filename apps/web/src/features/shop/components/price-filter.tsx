import { useId, useState, type FormEvent } from 'react';
import { Button, Field } from '@/components/ui';
import { checkPriceRange } from '@/lib/browse-filter';
import type { ShopQuery } from '../model/shop-filter';
import styles from './price-filter.module.css';

interface PriceFilterProps {
  filter: ShopQuery;
  onApply(range: { priceFr: number | undefined; priceTo: number | undefined }): void;
}

type Errors = { priceFr?: string; priceTo?: string };

const LABELS = { priceFr: 'From', priceTo: 'To' } as const;

/** Each bound is checked with the contract's price rule (a decimal number, 0 or more). */
const check = (text: Record<'priceFr' | 'priceTo', string>) => checkPriceRange(text, LABELS, 'To must be at least the From price');

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

/** Price from / to, in par. Applied with the button (or Enter), so typing does not reload the list at every key. */
export function PriceFilter({ filter, onApply }: PriceFilterProps) {
  const id = useId();
  const [text, setText] = useState({ priceFr: textOf(filter.priceFr), priceTo: textOf(filter.priceTo) });
  const [errors, setErrors] = useState<Errors>({});
  // The address changed under the form (back button, "Clear"): show what it now says.
  const [seen, setSeen] = useState({ priceFr: filter.priceFr, priceTo: filter.priceTo });
  if (seen.priceFr !== filter.priceFr || seen.priceTo !== filter.priceTo) {
    setSeen({ priceFr: filter.priceFr, priceTo: filter.priceTo });
    setText({ priceFr: textOf(filter.priceFr), priceTo: textOf(filter.priceTo) });
    setErrors({});
  }

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = check(text);
    setErrors(result.errors);
    if (result.errors.priceFr) document.getElementById(`${id}-fr`)?.focus();
    else if (result.errors.priceTo) document.getElementById(`${id}-to`)?.focus();
    else onApply(result.values);
  };

  const hasRange = filter.priceFr !== undefined || filter.priceTo !== undefined;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Price (par)
      </h2>
      <div className={styles.row}>
        <Field
          id={`${id}-fr`}
          label="From"
          name="priceFr"
          inputMode="decimal"
          autoComplete="off"
          value={text.priceFr}
          onChange={(event) => setText((t) => ({ ...t, priceFr: event.target.value }))}
          error={errors.priceFr}
        />
        <Field
          id={`${id}-to`}
          label="To"
          name="priceTo"
          inputMode="decimal"
          autoComplete="off"
          value={text.priceTo}
          onChange={(event) => setText((t) => ({ ...t, priceTo: event.target.value }))}
          error={errors.priceTo}
        />
      </div>
      <div className={styles.actions}>
        <Button type="submit" variant="secondary" size="sm">
          Apply price
        </Button>
        {hasRange && (
          <Button variant="ghost" size="sm" onClick={() => onApply({ priceFr: undefined, priceTo: undefined })}>
            Any price
          </Button>
        )}
      </div>
    </form>
  );
}
