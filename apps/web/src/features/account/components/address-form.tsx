import { addressFields, type Address } from '@parmeta/contracts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, ErrorNotice, Field } from '@/components/ui';
import type { AddressValues } from '../model/address';
import { blankFields, errorsFromServer, fieldMessage, validate, type FieldErrors } from '@/lib/form-errors';
import { CountrySelect } from './country-select';
import styles from './address-form.module.css';

type Draft = Record<(typeof FIELDS)[number], string>;

/** In screen order: the first of them with a problem gets focus. */
const FIELDS = ['recipientName', 'contactPhone', 'address1', 'address2', 'subDistrict', 'district', 'state', 'zip', 'country'] as const;

const LABELS: Record<keyof Draft, string> = {
  recipientName: 'Recipient name',
  contactPhone: 'Contact phone',
  address1: 'Address line 1',
  address2: 'Address line 2',
  subDistrict: 'Sub-district',
  district: 'District / city',
  state: 'State / province',
  zip: 'Postal code',
  country: 'Country',
};

export interface AddressFormProps {
  /** A saved address to edit, or values to start from (e.g. the checkout's shipping details). */
  initial?: Partial<Omit<Address, 'country'> & { country: { value: string; label?: string } }>;
  onSubmit(values: AddressValues): void;
  submitLabel: string;
  /** While a save is in flight: the submit button is disabled. */
  busy?: boolean;
  /** The `fields` of the server's failure answer, e.g. { "zip": "must be ..." }. */
  serverErrors?: Readonly<Record<string, string>> | undefined;
  /** The server's message when a save fails, in plain words. */
  serverMessage?: string | null | undefined;
  onCancel?(): void;
  /** Extra controls shown above the buttons, such as "Make this my main address". */
  children?: ReactNode;
}

const draftFrom = (initial: AddressFormProps['initial']): Draft => ({
  recipientName: initial?.recipientName ?? '',
  contactPhone: initial?.contactPhone ?? '',
  address1: initial?.address1 ?? '',
  address2: initial?.address2 ?? '',
  subDistrict: initial?.subDistrict ?? '',
  district: initial?.district ?? '',
  state: initial?.state ?? '',
  zip: initial?.zip ?? '',
  country: initial?.country?.value ?? '',
});

function check(draft: Draft) {
  const values = { ...draft, country: { value: draft.country } };
  const result = validate(addressFields, values, blankFields(values));
  // The country is picked from a list, so an empty one is "required" rather than a bad code.
  if (!result.ok && draft.country === '') result.errors.country = 'is required';
  return result;
}

/**
 * The delivery address form of the account area and the checkout. It validates with the
 * contract schema the server runs, and shows the server's field messages in the same places.
 */
export function AddressForm({ initial, onSubmit, submitLabel, busy = false, serverErrors, serverMessage, onCancel, children }: AddressFormProps) {
  const idBase = useId();
  const idOf = (field: keyof Draft) => `${idBase}-${field}`;
  const [draft, setDraft] = useState(() => draftFrom(initial));
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  // A server message stays until its field is edited.
  const [editedSinceServer, setEditedSinceServer] = useState<ReadonlySet<string>>(new Set());
  const [serverSeen, setServerSeen] = useState(serverErrors);
  if (serverErrors !== serverSeen) {
    setServerSeen(serverErrors);
    setEditedSinceServer(new Set());
  }

  const fromServer = errorsFromServer(serverErrors);
  const errors: FieldErrors = { ...Object.fromEntries(Object.entries(fromServer).filter(([field]) => !editedSinceServer.has(field))), ...clientErrors };
  const errorOf = (field: keyof Draft) => fieldMessage(LABELS[field], errors[field]);

  const focusFirst = (problems: FieldErrors) => {
    const field = FIELDS.find((f) => problems[f]);
    if (field) document.getElementById(idOf(field))?.focus();
  };

  // New server field messages: take the user to the first one.
  useEffect(() => {
    const field = FIELDS.find((f) => serverErrors && Object.keys(errorsFromServer(serverErrors)).includes(f));
    if (field) document.getElementById(`${idBase}-${field}`)?.focus();
  }, [serverErrors, idBase]);

  const update = (field: keyof Draft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setEditedSinceServer((seen) => (seen.has(field) ? seen : new Set(seen).add(field)));
    if (submitted) {
      const result = check(next);
      setClientErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    const result = check(draft);
    if (!result.ok) {
      setClientErrors(result.errors);
      focusFirst(result.errors);
      return;
    }
    setClientErrors({});
    onSubmit(result.data);
  };

  const text = (field: Exclude<keyof Draft, 'country'>, props: { autoComplete: string; optional?: boolean; hint?: string; wide?: boolean; type?: string; inputMode?: 'tel' }) => (
    <Field
      id={idOf(field)}
      name={field}
      label={props.optional ? `${LABELS[field]} (optional)` : LABELS[field]}
      className={props.wide ? styles.wide : undefined}
      value={draft[field]}
      onChange={(event) => update(field, event.target.value)}
      error={errorOf(field)}
      hint={props.hint}
      autoComplete={props.autoComplete}
      type={props.type ?? 'text'}
      inputMode={props.inputMode}
      aria-required={props.optional ? undefined : true}
    />
  );

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-busy={busy || undefined}>
      <div className={styles.grid}>
        {text('recipientName', { autoComplete: 'name' })}
        {text('contactPhone', { autoComplete: 'tel', type: 'tel', inputMode: 'tel', hint: 'With the country code, e.g. +66812345678' })}
        {text('address1', { autoComplete: 'address-line1', wide: true, hint: 'House number, street, building' })}
        {text('address2', { autoComplete: 'address-line2', wide: true, optional: true })}
        {text('subDistrict', { autoComplete: 'address-level3', optional: true })}
        {text('district', { autoComplete: 'address-level2' })}
        {text('state', { autoComplete: 'address-level1' })}
        {text('zip', { autoComplete: 'postal-code' })}
        <div className={styles.wide}>
          <CountrySelect id={idOf('country')} value={draft.country} onChange={(code) => update('country', code)} error={errorOf('country')} />
        </div>
      </div>
      {children}
      <ErrorNotice message={serverMessage} />
      <div className={styles.actions}>
        <Button type="submit" disabled={busy}>
          {submitLabel}
        </Button>
        {onCancel && (
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
