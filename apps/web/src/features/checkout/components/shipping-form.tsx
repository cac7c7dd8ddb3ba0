import type { FormEvent, ReactNode } from 'react';
import { Field } from '@/components/ui';
import { TextareaField } from '@/components/ui/textarea-field';
import type { Shipping } from '@/lib/session-store';
import { fieldMessage, type FieldErrors } from '@/lib/form-errors';
import { SHIPPING_LABELS, type ShippingField } from '../model/shipping';
import { CountryField } from './country-field';
import styles from './shipping-form.module.css';

export const shippingFieldId = (field: ShippingField | 'note') => `checkout-${field}`;

interface ShippingFormProps {
  shipping: Shipping;
  note: string;
  onChange(change: Partial<Shipping>): void;
  onNote(note: string): void;
  errors: FieldErrors;
  onSubmit(): void;
  /** "Use my main address" and its message, above the fields. */
  prefill: ReactNode;
  /** The submit button and the server's message, below the fields. */
  footer: ReactNode;
}

type TextField = Exclude<ShippingField, 'shipping_country'>;

const AUTOCOMPLETE: Record<TextField, string> = {
  shipping_name: 'shipping name',
  shipping_email: 'email',
  shipping_contact: 'shipping tel',
  shipping_address1: 'shipping address-line1',
  shipping_address2: 'shipping address-line2',
  shipping_subDistrict: 'shipping address-level3',
  shipping_district: 'shipping address-level2',
  shipping_state: 'shipping address-level1',
  shipping_zip: 'shipping postal-code',
};

const OPTIONAL = new Set<ShippingField>(['shipping_address2', 'shipping_subDistrict']);

/**
 * The shipping details of the original's cart state. They are the store's own fields, so
 * what the user types survives a reload and is there for the next order.
 */
export function ShippingForm({ shipping, note, onChange, onNote, errors, onSubmit, prefill, footer }: ShippingFormProps) {
  const text = (field: TextField, extra: { wide?: boolean; type?: string; inputMode?: 'tel' | 'email'; hint?: string } = {}) => (
    <Field
      id={shippingFieldId(field)}
      name={field}
      label={OPTIONAL.has(field) ? `${SHIPPING_LABELS[field]} (optional)` : SHIPPING_LABELS[field]}
      className={extra.wide ? styles.wide : undefined}
      value={shipping[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={fieldMessage(SHIPPING_LABELS[field], errors[field])}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
      autoComplete={AUTOCOMPLETE[field]}
      aria-required={OPTIONAL.has(field) ? undefined : true}
    />
  );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Shipping details">
      {prefill}
      <div className={styles.grid}>
        {text('shipping_name')}
        {text('shipping_email', { type: 'email', inputMode: 'email', hint: 'For the order confirmation' })}
        {text('shipping_contact', { type: 'tel', inputMode: 'tel', hint: 'With the country code, e.g. +66812345678', wide: true })}
        {text('shipping_address1', { wide: true, hint: 'House number, street, building' })}
        {text('shipping_address2', { wide: true })}
        {text('shipping_subDistrict')}
        {text('shipping_district')}
        {text('shipping_state')}
        {text('shipping_zip')}
        <div className={styles.wide}>
          <CountryField
            id={shippingFieldId('shipping_country')}
            value={shipping.shipping_country}
            onChange={(country) => onChange({ shipping_country: country })}
            error={fieldMessage(SHIPPING_LABELS.shipping_country, errors.shipping_country)}
          />
        </div>
        <TextareaField
          id={shippingFieldId('note')}
          className={styles.wide}
          label="Note for the order (optional)"
          hint="Delivery instructions, a gift message… Up to 500 characters."
          maxLength={500}
          value={note}
          onChange={(event) => onNote(event.target.value)}
          error={fieldMessage('The note', errors.note)}
        />
      </div>
      {footer}
    </form>
  );
}
