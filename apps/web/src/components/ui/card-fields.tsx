import type { ChangeEvent } from 'react';
import { CARD_LABELS, formatCardNumber, type CardDraft, type CardField } from './card-draft';
import { Field } from './field';
import { SelectField } from './select-field';
import styles from './card-fields.module.css';

const monthOptions = () => [{ value: '', label: 'Month' }, ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') }))];
const yearOptions = (from: number) => [{ value: '', label: 'Year' }, ...Array.from({ length: 16 }, (_, i) => ({ value: String(from + i), label: String(from + i) }))];

export interface CardFieldsProps {
  draft: CardDraft;
  /** The message to show under each field, a sentence already. */
  errors: Partial<Record<CardField, string | undefined>>;
  onUpdate(field: CardField, value: string): void;
  /** The id of each field, so a form can focus the first one to fix. */
  idOf(field: CardField): string;
  numberHint: string;
  cvcHint?: string;
  /** Replaces the number's formatting as typed (the account form keeps the caret in place). */
  onNumberChange?(event: ChangeEvent<HTMLInputElement>): void;
  /** Layout overrides: the number input (monospaced by default) and the expiry and CVC row. */
  classNames?: { number?: string; row?: string };
}

/** The fields of a new card: number, expiry month and year, CVC, name on card. */
export function CardFields({ draft, errors, onUpdate, idOf, numberHint, cvcHint, onNumberChange, classNames = {} }: CardFieldsProps) {
  return (
    <>
      <Field
        id={idOf('number')}
        label={CARD_LABELS.number}
        name="cc-number"
        inputMode="numeric"
        autoComplete="cc-number"
        className={classNames.number ?? styles.number}
        value={draft.number}
        onChange={onNumberChange ?? ((event) => onUpdate('number', formatCardNumber(event.target.value)))}
        error={errors.number}
        hint={numberHint}
        aria-required
      />
      <div className={classNames.row ?? styles.row}>
        <SelectField
          id={idOf('expMonth')}
          label={CARD_LABELS.expMonth}
          name="cc-exp-month"
          autoComplete="cc-exp-month"
          options={monthOptions()}
          value={draft.expMonth}
          onChange={(event) => onUpdate('expMonth', event.target.value)}
          error={errors.expMonth}
          aria-required
        />
        <SelectField
          id={idOf('expYear')}
          label={CARD_LABELS.expYear}
          name="cc-exp-year"
          autoComplete="cc-exp-year"
          options={yearOptions(new Date().getFullYear())}
          value={draft.expYear}
          onChange={(event) => onUpdate('expYear', event.target.value)}
          error={errors.expYear}
          aria-required
        />
        <Field
          id={idOf('cvc')}
          label={CARD_LABELS.cvc}
          name="cc-csc"
          inputMode="numeric"
          autoComplete="cc-csc"
          maxLength={4}
          value={draft.cvc}
          onChange={(event) => onUpdate('cvc', event.target.value.replace(/\D/g, ''))}
          error={errors.cvc}
          hint={cvcHint}
          aria-required
        />
      </div>
      <Field
        id={idOf('holderName')}
        label={CARD_LABELS.holderName}
        name="cc-name"
        autoComplete="cc-name"
        value={draft.holderName}
        onChange={(event) => onUpdate('holderName', event.target.value)}
        error={errors.holderName}
        aria-required
      />
    </>
  );
}
