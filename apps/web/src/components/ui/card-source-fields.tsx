import { SANDBOX_CARDS, type SavedCard } from '@parmeta/contracts';
import { useId } from 'react';
import { Badge } from './badge';
import { BRAND_NAMES, cardName, formatCardNumber, type CardDraft, type CardField } from './card-draft';
import { CardFields } from './card-fields';
import { Skeleton } from './skeleton';
import styles from './card-source-fields.module.css';
import shared from './payment-choice.module.css';

export { BRAND_NAMES, CARD_LABELS, cardName, EMPTY_CARD, formatCardNumber, type CardDraft, type CardField } from './card-draft';

export interface CardSourceFieldsProps {
  /** The saved cards, default first; undefined while they load. */
  cards: readonly SavedCard[] | undefined;
  /** A saved card's id, 'new', or null while nothing can be chosen yet. */
  choice: number | 'new' | null;
  onChoose(choice: number | 'new'): void;
  draft: CardDraft;
  errors: Partial<Record<CardField, string>>;
  onUpdate(field: CardField, value: string): void;
  /** The id of a new-card field, so a form can focus the first one to fix. */
  idOf(field: CardField): string;
  disabled?: boolean;
  /** "Save this card for next time", for a new card: shown when onSave is given. */
  save?: boolean;
  onSave?(save: boolean): void;
}

/**
 * "Pay with": the saved cards as radio choices (the default preselected by the caller) and
 * "A new card" with its fields. With no saved card, only the fields.
 */
export function CardSourceFields({ cards, choice, onChoose, draft, errors, onUpdate, idOf, disabled = false, save = false, onSave }: CardSourceFieldsProps) {
  const name = useId();
  if (!cards) {
    return (
      <div className={styles.loading} role="status" aria-busy="true" aria-label="Loading your saved cards">
        <Skeleton height={46} />
        <Skeleton height={46} />
      </div>
    );
  }
  return (
    <fieldset className={styles.fieldset} disabled={disabled}>
      <legend className={shared.legend}>Pay with</legend>
      {cards.length > 0 && (
        <div className={styles.choices}>
          {cards.map((card) => (
            <label key={card.card_id} className={styles.choice}>
              <input type="radio" name={name} checked={choice === card.card_id} onChange={() => onChoose(card.card_id)} aria-label={`${cardName(card)}${card.isDefault ? ', default card' : ''}`} />
              <span className={styles.choiceText} aria-hidden="true">
                <span className={styles.brand}>{BRAND_NAMES[card.brand]}</span> •••• {card.last4}
                <span className={styles.expiry}>
                  {String(card.expMonth).padStart(2, '0')}/{card.expYear}
                </span>
              </span>
              {card.isDefault && <Badge tone="brand">Default</Badge>}
            </label>
          ))}
          <label className={styles.choice}>
            <input type="radio" name={name} checked={choice === 'new'} onChange={() => onChoose('new')} />
            <span className={styles.choiceText}>A new card</span>
          </label>
        </div>
      )}
      {choice === 'new' && (
        <div className={styles.card}>
          <CardFields
            draft={draft}
            errors={errors}
            onUpdate={onUpdate}
            idOf={idOf}
            numberHint={`Sandbox: ${formatCardNumber(SANDBOX_CARDS.success)} pays, ${formatCardNumber(SANDBOX_CARDS.declined)} is declined.`}
          />
          {onSave && (
            <label className={shared.save}>
              <input type="checkbox" checked={save} onChange={(event) => onSave(event.target.checked)} />
              Save this card for next time
            </label>
          )}
          <p className={shared.note}>The card number and CVC go straight to the payment gateway; we never store them.</p>
        </div>
      )}
    </fieldset>
  );
}
