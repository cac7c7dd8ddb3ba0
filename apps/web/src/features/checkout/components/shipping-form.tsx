import type { FormEvent, ReactNode } from 'react';
import { Field } from '@/components/ui';
import { TextareaField } from '@/components/ui/textarea-field';
import type { Shipping } from '@/lib/session-store';
import { fieldMessage, type FieldErrors } from '@/lib/form-errors';
import { SHIPPING_LABELS, type ShippingField } from '../model/shipping';
import { COUNTRIES } from '@parmeta/contracts';
import { AddressPartFields, type AddressPartName } from '@/features/account';
import styles from './shipping-form.module.css';

export const shippingFieldId = (field: ShippingField | 'note') => `checkout-${field}`;

interface ShippingFormProps {
  shipping: Shipping;
  note: string;
  onChange(change: Partial<Shipping>): void;
  onNote(note: string): void;
  errors: FieldErrors;
  onSubmit(): void;
  /** The pointer or the focus reached the form: a moment to load what sending it needs. */
  onUse?: () => void;
  /** "Use my main address" and its message, above the fields. */
  prefill: ReactNode;
  /** "Save this address to my address book", under the address. */
  saveAddress?: ReactNode;
  /** The submit button and the server's message, below the fields. */
  footer: ReactNode;
}

type ContactField = 'shipping_name' | 'shipping_email' | 'shipping_contact';

const AUTOCOMPLETE: Record<ContactField, string> = {
  shipping_name: 'shipping name',
  shipping_email: 'email',
  shipping_contact: 'shipping tel',
};

/** The store's shipping field that holds each address part. */
const SHIPPING_NAME: Record<AddressPartName, ShippingField> = {
  country: 'shipping_country',
  address1: 'shipping_address1',
  address2: 'shipping_address2',
  subDistrict: 'shipping_subDistrict',
  district: 'shipping_district',
  state: 'shipping_state',
  zip: 'shipping_zip',
};
const PARTS = Object.keys(SHIPPING_NAME) as AddressPartName[];
const COUNTRY_LABELS = new Map(COUNTRIES);

/**
 * The shipping details of the original's cart state. They are the store's own fields, so
 * what the user types survives a reload and is there for the next order.
 */
export function ShippingForm({ shipping, note, onChange, onNote, errors, onSubmit, onUse, prefill, saveAddress, footer }: ShippingFormProps) {
  const text = (field: ContactField, extra: { wide?: boolean; type?: string; inputMode?: 'tel' | 'email'; hint?: string } = {}) => (
    <Field
      id={shippingFieldId(field)}
      name={field}
      label={SHIPPING_LABELS[field]}
      className={extra.wide ? styles.wide : undefined}
      value={shipping[field]}
      onChange={(event) => onChange({ [field]: event.target.value })}
      error={fieldMessage(SHIPPING_LABELS[field], errors[field])}
      hint={extra.hint}
      type={extra.type ?? 'text'}
      inputMode={extra.inputMode}
      autoComplete={AUTOCOMPLETE[field]}
      aria-required
    />
  );

  const parts = Object.fromEntries(PARTS.map((part) => [part, part === 'country' ? shipping.shipping_country.value : shipping[SHIPPING_NAME[part] as Exclude<ShippingField, 'shipping_country'>]])) as Record<AddressPartName, string>;
  const partErrors = Object.fromEntries(PARTS.map((part) => [part, errors[SHIPPING_NAME[part]]]));
  const changePart = (part: AddressPartName, value: string) =>
    onChange(part === 'country' ? { shipping_country: { value, label: COUNTRY_LABELS.get(value) ?? '' } } : { [SHIPPING_NAME[part]]: value });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <form className={styles.form} onSubmit={submit} onFocus={onUse} onPointerEnter={onUse} noValidate aria-label="Shipping details">
      {prefill}
      <div className={styles.grid}>
        {text('shipping_name')}
        {text('shipping_email', { type: 'email', inputMode: 'email', hint: 'For the order confirmation' })}
        {text('shipping_contact', { type: 'tel', inputMode: 'tel', hint: 'With the country code, e.g. +66812345678', wide: true })}
        <AddressPartFields
          values={parts}
          onChange={changePart}
          errors={partErrors}
          idOf={(part) => shippingFieldId(SHIPPING_NAME[part])}
          nameOf={(part) => SHIPPING_NAME[part]}
          section="shipping"
          wide={styles.wide}
        />
        {saveAddress && <div className={styles.wide}>{saveAddress}</div>}
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
