import { useId, useState, type FormEvent } from 'react';
import { checkPriceRange } from '@/lib/browse-filter';
import { Button } from './button';
import { Field } from './field';
import styles from './price-range-form.module.css';

export interface PriceRange {
  priceFr: number | undefined;
  priceTo: number | undefined;
}

type Typed = Record<keyof PriceRange, string>;
type Errors = Partial<Record<keyof PriceRange, string>>;

const textOf = (value: number | undefined) => (value === undefined ? '' : String(value));

interface PriceRangeFormProps {
  /** The range the address applies now. */
  value: PriceRange;
  /** The two fields' labels (the shop says "From"/"To", the market "Price from"/"Price to"). */
  labels: Typed;
  /** The message when the upper bound is below the lower one. */
  orderMessage: string;
  onApply(range: PriceRange): void;
}

/**
 * Price from / to in par, for the shop's and the market's filters. Applied with the button (or
 * Enter) so typing does not reload the list at every key; each bound checked with the
 * contract's price rule (lib/browse-filter.ts), the first wrong field focused.
 */
export function PriceRangeForm({ value, labels, orderMessage, onApply }: PriceRangeFormProps) {
  const id = useId();
  const [typed, setTyped] = useState<Typed>({ priceFr: textOf(value.priceFr), priceTo: textOf(value.priceTo) });
  const [errors, setErrors] = useState<Errors>({});
  // The address changed under the form (back button, "Clear filters"): show what it now says.
  const [seen, setSeen] = useState(value);
  if (seen.priceFr !== value.priceFr || seen.priceTo !== value.priceTo) {
    setSeen(value);
    setTyped({ priceFr: textOf(value.priceFr), priceTo: textOf(value.priceTo) });
    setErrors({});
  }

  const set = (name: keyof Typed, text: string) => {
    setTyped((t) => ({ ...t, [name]: text }));
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = checkPriceRange(typed, labels, orderMessage);
    setErrors(checked.errors);
    if (checked.errors.priceFr) document.getElementById(`${id}-fr`)?.focus();
    else if (checked.errors.priceTo) document.getElementById(`${id}-to`)?.focus();
    else onApply(checked.values);
  };

  const hasRange = value.priceFr !== undefined || value.priceTo !== undefined;
  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.heading}>
        Price (par)
      </h2>
      <div className={styles.row}>
        <Field id={`${id}-fr`} label={labels.priceFr} name="priceFr" inputMode="decimal" autoComplete="off" value={typed.priceFr} onChange={(e) => set('priceFr', e.target.value)} error={errors.priceFr} />
        <Field id={`${id}-to`} label={labels.priceTo} name="priceTo" inputMode="decimal" autoComplete="off" value={typed.priceTo} onChange={(e) => set('priceTo', e.target.value)} error={errors.priceTo} />
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
