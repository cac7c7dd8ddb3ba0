import { SANDBOX_CARDS, type SavedCard } from '@parmeta/contracts';
import { useId, type FormEvent, type ReactNode } from 'react';
import { Skeleton } from '@/components/ui';
import { CardFields } from '@/components/ui/card-fields';
import { priceText } from '@/components/ui/price';
import { fieldMessage, type FieldErrors } from '@/lib/form-errors';
import { CARD_LABELS, cardExpiry, cardName, spacedCardNumber, type CardDraft, type PaymentChoice } from '../model/payment';
import shared from '@/components/ui/payment-choice.module.css';
import styles from './payment-form.module.css';

export const cardFieldId = (field: keyof CardDraft) => `checkout-card-${field}`;

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
  /** Keep the new card (its gateway token) for next time. */
  saveCard: boolean;
  onSaveCard(save: boolean): void;
  onSubmit(): void;
  /** The pointer or the focus reached the form: a moment to load what sending it needs. */
  onUse?: () => void;
  footer: ReactNode;
}

/** Par balance, a saved card or a new card. A new card's details go to the gateway only, then the token pays. */
export function PaymentForm({ total, parBalance, cards, choice, onChoice, card, onCard, cardErrors, saveCard, onSaveCard, onSubmit, onUse, footer }: PaymentFormProps) {
  const name = useId();
  const short = total !== undefined && parBalance < total;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSubmit();
  };
  const error = (field: keyof CardDraft) => fieldMessage(CARD_LABELS[field], cardErrors[field]);

  return (
    <form className={styles.form} onSubmit={submit} onFocus={onUse} onPointerEnter={onUse} noValidate aria-label="Payment">
      <fieldset className={styles.methods}>
        <legend className={shared.legend}>Pay with</legend>
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
          <CardFields
            draft={card}
            errors={{ number: error('number'), expMonth: error('expMonth'), expYear: error('expYear'), cvc: error('cvc'), holderName: error('holderName') }}
            onUpdate={(field, value) => onCard({ [field]: value } as Partial<CardDraft>)}
            idOf={cardFieldId}
            numberHint={`Sandbox: ${spacedCardNumber(SANDBOX_CARDS.success)} pays, ${spacedCardNumber(SANDBOX_CARDS.declined)} is declined.`}
            classNames={{ number: '', row: styles.row }}
          />
          <label className={shared.save}>
            <input type="checkbox" checked={saveCard} onChange={(event) => onSaveCard(event.target.checked)} />
            Save this card for next time
          </label>
          <p className={shared.note}>Your card number goes straight to the payment gateway. We keep only a token and the last four digits.</p>
        </div>
      )}
      {footer}
    </form>
  );
}
