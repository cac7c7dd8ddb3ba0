import { SANDBOX_CARDS, type SavedCard } from '@parmeta/contracts';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Field, SelectField, Skeleton } from '@/components/ui';
import { priceText } from '@/components/ui/price';
import { fieldMessage, type FieldErrors } from '../model/form-errors';
import { CARD_LABELS, cardExpiry, cardName, spacedCardNumber, type CardDraft, type PaymentChoice } from '../model/payment';
import styles from './payment-form.module.css';

export const cardFieldId = (field: keyof CardDraft) => `checkout-card-${field}`;

const MONTHS = [{ value: '', label: 'Month' }, ...Array.from({ length: 12 }, (_, i) => ({ value: String(i + 1), label: String(i + 1).padStart(2, '0') }))];
const thisYear = new Date().getFullYear();
const YEARS = [{ value: '', label: 'Year' }, ...Array.from({ length: 16 }, (_, i) => ({ value: String(thisYear + i), label: String(thisYear + i) }))];

interface PaymentFormProps {
  total: number | undefined;
  parBalance: number;
  /** undefined while the saved cards load. */
  cards: readonly SavedCard[] | undefined;
  /** null until the saved cards are known. */
  choice: PaymentChoice | null;
  onChoice(choice: PaymentChoice): void;
  card: CardDraft;
  onCard(change: Partial<CardDraft>): void;
  cardErrors: FieldErrors;
  onSubmit(): void;
  footer: ReactNode;
}

/** Par balance, a saved card or a new card. A new card's details go to the gateway only, then the token pays. */
export function PaymentForm({ total, parBalance, cards, choice, onChoice, card, onCard, cardErrors, onSubmit, footer }: PaymentFormProps) {
  const name = useId();
  const short = total !== undefined && parBalance < total;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const error = (field: keyof CardDraft) => fieldMessage(CARD_LABELS[field], cardErrors[field]);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-label="Payment">
      <fieldset className={styles.methods}>
        <legend className={styles.legend}>Pay with</legend>
        <label className={styles.method}>
          <input type="radio" name={name} checked={choice?.kind === 'par'} onChange={() => onChoice({ kind: 'par' })} />
          <span className={styles.methodText}>
            <span className={styles.methodName}>Par balance</span>
            <span className={short ? styles.short : styles.detail}>
              You have {priceText(parBalance)}
              {short && '. That is less than the total: top up in your wallet or choose a card.'}
            </span>
          </span>
        </label>
        {cards === undefined ? (
          <Skeleton height={56} />
        ) : (
          cards.map((c) => (
            <label key={c.card_id} className={styles.method}>
              <input type="radio" name={name} checked={choice?.kind === 'saved' && choice.cardId === c.card_id} onChange={() => onChoice({ kind: 'saved', cardId: c.card_id })} />
              <span className={styles.methodText}>
                <span className={styles.methodName}>
                  {cardName(c)}
                  {c.isDefault && <span className={styles.default}>Default</span>}
                </span>
                <span className={styles.detail}>
                  {c.holderName} · expires {cardExpiry(c)}
                </span>
              </span>
            </label>
          ))
        )}
        <label className={styles.method}>
          <input type="radio" name={name} checked={choice?.kind === 'new'} onChange={() => onChoice({ kind: 'new' })} />
          <span className={styles.methodText}>
            <span className={styles.methodName}>New card</span>
            <span className={styles.detail}>Visa, Mastercard, American Express, Discover or JCB</span>
          </span>
        </label>
      </fieldset>

      {choice?.kind === 'new' && (
        <div className={styles.card}>
          <Field
            id={cardFieldId('number')}
            label={CARD_LABELS.number}
            name="cc-number"
            inputMode="numeric"
            autoComplete="cc-number"
            placeholder="1234 5678 9012 3456"
            value={card.number}
            onChange={(event) => onCard({ number: spacedCardNumber(event.target.value) })}
            error={error('number')}
            hint={`Sandbox: ${spacedCardNumber(SANDBOX_CARDS.success)} pays, ${spacedCardNumber(SANDBOX_CARDS.declined)} is declined.`}
            aria-required
          />
          <div className={styles.row}>
            <SelectField
              id={cardFieldId('expMonth')}
              label={CARD_LABELS.expMonth}
              name="cc-exp-month"
              autoComplete="cc-exp-month"
              options={MONTHS}
              value={card.expMonth}
              onChange={(event) => onCard({ expMonth: event.target.value })}
              error={error('expMonth')}
              aria-required
            />
            <SelectField
              id={cardFieldId('expYear')}
              label={CARD_LABELS.expYear}
              name="cc-exp-year"
              autoComplete="cc-exp-year"
              options={YEARS}
              value={card.expYear}
              onChange={(event) => onCard({ expYear: event.target.value })}
              error={error('expYear')}
              aria-required
            />
            <Field
              id={cardFieldId('cvc')}
              label={CARD_LABELS.cvc}
              name="cc-csc"
              inputMode="numeric"
              autoComplete="cc-csc"
              maxLength={4}
              placeholder="123"
              value={card.cvc}
              onChange={(event) => onCard({ cvc: event.target.value.replace(/\D/g, '') })}
              error={error('cvc')}
              aria-required
            />
          </div>
          <Field
            id={cardFieldId('holderName')}
            label={CARD_LABELS.holderName}
            name="cc-name"
            autoComplete="cc-name"
            value={card.holderName}
            onChange={(event) => onCard({ holderName: event.target.value })}
            error={error('holderName')}
            aria-required
          />
          <p className={styles.safe}>Your card number goes straight to the payment gateway. We keep only a token and the last four digits.</p>
        </div>
      )}
      {footer}
    </form>
  );
}
