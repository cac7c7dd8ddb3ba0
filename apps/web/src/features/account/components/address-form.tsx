import type { Address } from '@parmeta/contracts';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';
import { Button, ErrorNotice, Field } from '@/components/ui';
import type { AddressValues } from '../model/address';
import { errorsFromServer, fieldMessage, type FieldErrors } from '@/lib/form-errors';
import { CHECK_NOT_LOADED, lazyModule } from '@/lib/lazy-module';
import { AddressLabelField } from './address-label-field';
import { AddressPartFields } from './address-part-fields';
import styles from './address-form.module.css';

type Draft = Record<(typeof FIELDS)[number], string>;

/** Every field; the screen shows the parts the chosen country uses (AddressPartFields). */
const FIELDS = ['label', 'recipientName', 'contactPhone', 'country', 'address1', 'address2', 'subDistrict', 'district', 'state', 'zip'] as const;

const LABELS = { label: 'The label', recipientName: 'Recipient name', contactPhone: 'Contact phone' } as const;

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
  label: initial?.label ?? 'Home',
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

/** The address check: loaded as the form is first used (focus, pointer) or sent, not with the page. */
const checks = lazyModule(() => import('../model/address-check'));

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
  const errorOf = (field: keyof typeof LABELS) => fieldMessage(LABELS[field], errors[field]);

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
    // Checked again as the member types once sent (the check is loaded by then).
    const loaded = submitted ? checks.loaded() : null;
    if (loaded) {
      const result = loaded.checkAddress(next);
      setClientErrors(result.ok ? {} : result.errors);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const loaded = await checks.ready();
    if (!loaded) {
      setClientErrors({ recipientName: CHECK_NOT_LOADED });
      return;
    }
    const result = loaded.checkAddress(draft);
    setSubmitted(true);
    if (!result.ok) {
      setClientErrors(result.errors);
      focusFirst(result.errors);
      return;
    }
    setClientErrors({});
    onSubmit(result.data);
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} onFocus={checks.warm} onPointerEnter={checks.warm} noValidate aria-busy={busy || undefined}>
      <AddressLabelField value={draft.label} onChange={(label) => update('label', label)} error={errors.label} />
      <div className={styles.grid}>
        <Field
          id={idOf('recipientName')}
          name="recipientName"
          label={LABELS.recipientName}
          value={draft.recipientName}
          onChange={(event) => update('recipientName', event.target.value)}
          error={errorOf('recipientName')}
          autoComplete="name"
          aria-required
        />
        <Field
          id={idOf('contactPhone')}
          name="contactPhone"
          label={LABELS.contactPhone}
          type="tel"
          inputMode="tel"
          hint="With the country code, e.g. +66812345678"
          value={draft.contactPhone}
          onChange={(event) => update('contactPhone', event.target.value)}
          error={errorOf('contactPhone')}
          autoComplete="tel"
          aria-required
        />
        <AddressPartFields values={draft} onChange={update} errors={errors} idOf={idOf} wide={styles.wide} />
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
