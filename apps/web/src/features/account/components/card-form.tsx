import { SANDBOX_CARDS, type TokenizeBody } from '@parmeta/contracts';
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Button, ErrorNotice } from '@/components/ui';
import { CardFields } from '@/components/ui/card-fields';
import { caretAfterDigits, digitsOf, formatCardNumber } from '../model/card-number';
import { errorsFromServer, fieldMessage, type FieldErrors } from '@/lib/form-errors';
import { CHECK_NOT_LOADED, lazyModule } from '@/lib/lazy-module';
import styles from './card-form.module.css';

type Draft = { number: string; expMonth: string; expYear: string; cvc: string; holderName: string };

const FIELDS = ['number', 'expMonth', 'expYear', 'cvc', 'holderName'] as const;
const LABELS: Record<keyof Draft, string> = {
  number: 'Card number',
  expMonth: 'Expiry month',
  expYear: 'Expiry year',
  cvc: 'CVC',
  holderName: 'Name on card',
};

const EMPTY: Draft = { number: '', expMonth: '', expYear: '', cvc: '', holderName: '' };
const spaced = (digits: string) => formatCardNumber(digits);

/** The card check: loaded as the form is first used (focus, pointer) or sent, not with the page. */
const checks = lazyModule(() => import('../model/card-check'));

interface CardFormProps {
  /** Sends the checked card details on: to the gateway, never to the shop. Answers whether it worked, so the form can forget them. */
  onSubmit(card: TokenizeBody, makeDefault: boolean): Promise<boolean>;
  busy: boolean;
  serverErrors?: Readonly<Record<string, string>> | undefined;
  serverMessage?: string | null | undefined;
  /** Offer "Make this my default card" (pointless for the first card, which is the default). */
  offerDefault: boolean;
  /** The card number field's id, for a link or button that should take the user there. */
  numberId?: string;
}

export function CardForm({ onSubmit, busy, serverErrors, serverMessage, offerDefault, numberId: givenNumberId }: CardFormProps) {
  const idBase = useId();
  const numberId = givenNumberId ?? `${idBase}-number`;
  const idOf = (field: keyof Draft) => (field === 'number' ? numberId : `${idBase}-${field}`);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [makeDefault, setMakeDefault] = useState(false);
  const [clientErrors, setClientErrors] = useState<FieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverSeen, setServerSeen] = useState(serverErrors);
  const [editedSinceServer, setEditedSinceServer] = useState<ReadonlySet<string>>(new Set());
  if (serverErrors !== serverSeen) {
    setServerSeen(serverErrors);
    setEditedSinceServer(new Set());
  }
  const errors: FieldErrors = {
    ...Object.fromEntries(Object.entries(errorsFromServer(serverErrors)).filter(([field]) => !editedSinceServer.has(field))),
    ...clientErrors,
  };
  const errorOf = (field: keyof Draft) => fieldMessage(LABELS[field], errors[field]);

  // Spaces are inserted as digits are typed; the caret stays after the digit it followed.
  const caret = useRef<number | null>(null);
  useLayoutEffect(() => {
    const input = document.getElementById(numberId);
    if (caret.current !== null && input instanceof HTMLInputElement && input === document.activeElement) input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [draft.number, numberId]);

  const update = (field: keyof Draft, value: string) => {
    const next = { ...draft, [field]: value };
    setDraft(next);
    setEditedSinceServer((seen) => (seen.has(field) ? seen : new Set(seen).add(field)));
    // Checked again as the member types once sent (the check is loaded by then).
    const loaded = submitted ? checks.loaded() : null;
    if (loaded) {
      const result = loaded.checkCardDraft(next);
      setClientErrors(result.ok ? {} : result.errors);
    }
  };

  const typeNumber = (event: ChangeEvent<HTMLInputElement>) => {
    const { value, selectionStart } = event.target;
    const formatted = spaced(value);
    caret.current = caretAfterDigits(formatted, digitsOf(value.slice(0, selectionStart ?? value.length)).length);
    update('number', formatted);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const loaded = await checks.ready();
    if (!loaded) {
      setClientErrors({ number: CHECK_NOT_LOADED });
      return;
    }
    const result = loaded.checkCardDraft(draft);
    setSubmitted(true);
    if (!result.ok) {
      setClientErrors(result.errors);
      const field = FIELDS.find((f) => result.errors[f]);
      if (field) document.getElementById(idOf(field))?.focus();
      return;
    }
    setClientErrors({});
    // The schema's output: digits only, numbers for the expiry, trimmed name.
    if (await onSubmit(result.data, makeDefault)) {
      // Nothing of the card stays in the page once it is saved.
      setDraft(EMPTY);
      setMakeDefault(false);
      setSubmitted(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} onFocus={checks.warm} onPointerEnter={checks.warm} noValidate aria-busy={busy || undefined} autoComplete="on">
      <CardFields
        draft={draft}
        errors={Object.fromEntries(FIELDS.map((field) => [field, errorOf(field)]))}
        onUpdate={update}
        idOf={idOf}
        numberHint={`Sandbox: use ${spaced(SANDBOX_CARDS.success)}`}
        cvcHint="3 or 4 digits"
        onNumberChange={typeNumber}
        classNames={{ row: styles.row }}
      />
      {offerDefault && (
        <label className={styles.check}>
          <input type="checkbox" checked={makeDefault} onChange={(event) => setMakeDefault(event.target.checked)} />
          Make this my default card
        </label>
      )}
      <details className={styles.sandbox}>
        <summary>More sandbox test numbers</summary>
        <dl>
          <dt>{spaced(SANDBOX_CARDS.successMastercard)}</dt>
          <dd>Mastercard that pays</dd>
          <dt>{spaced(SANDBOX_CARDS.declined)}</dt>
          <dd>Saves, but payments are declined</dd>
          <dt>{spaced(SANDBOX_CARDS.gatewayError)}</dt>
          <dd>Saves, but the gateway fails at payment</dd>
        </dl>
        <p>Any future expiry date and any 3-digit CVC work.</p>
      </details>
      <ErrorNotice message={serverMessage} />
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? 'Saving card…' : 'Save card'}
        </Button>
      </div>
      <p className={styles.secure}>The card number and CVC go straight to the payment gateway. We keep only the brand, the last four digits and the expiry date.</p>
    </form>
  );
}
