import type { SavedCard } from '@parmeta/contracts';

export type PaymentChoice = { kind: 'par' } | { kind: 'saved'; cardId: number } | { kind: 'new' };

export interface CardDraft {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  holderName: string;
}

export const EMPTY_CARD: CardDraft = { number: '', expMonth: '', expYear: '', cvc: '', holderName: '' };

export const CARD_LABELS: Record<keyof CardDraft, string> = {
  number: 'Card number',
  expMonth: 'Expiry month',
  expYear: 'Expiry year',
  cvc: 'CVC',
  holderName: 'Name on card',
};

/** "4242424242424242" -> "4242 4242 4242 4242", as printed on the card. */
export const spacedCardNumber = (text: string) =>
  text
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ');

/**
 * The method chosen first: par when the balance covers the total, otherwise the default
 * saved card, otherwise a new card.
 */
export function defaultChoice(total: number, parBalance: number, cards: readonly SavedCard[]): PaymentChoice {
  if (parBalance >= total && total > 0) return { kind: 'par' };
  const card = cards.find((c) => c.isDefault) ?? cards[0];
  return card ? { kind: 'saved', cardId: card.card_id } : { kind: 'new' };
}

const BRANDS: Record<SavedCard['brand'], string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', unknown: 'Card' };

export const cardName = (card: Pick<SavedCard, 'brand' | 'last4'>) => `${BRANDS[card.brand]} ending ${card.last4}`;
export const cardExpiry = (card: Pick<SavedCard, 'expMonth' | 'expYear'>) => `${String(card.expMonth).padStart(2, '0')}/${card.expYear}`;
