import type { CardBrand, SavedCard } from '@parmeta/contracts';

/** A new card as typed. Strings throughout; the contract's tokenize schema turns them into the gateway's body. */
export interface CardDraft {
  number: string;
  expMonth: string;
  expYear: string;
  cvc: string;
  holderName: string;
}
export type CardField = keyof CardDraft;

export const EMPTY_CARD: CardDraft = { number: '', expMonth: '', expYear: '', cvc: '', holderName: '' };

export const CARD_LABELS: Record<CardField, string> = {
  number: 'Card number',
  expMonth: 'Expiry month',
  expYear: 'Expiry year',
  cvc: 'CVC',
  holderName: 'Name on card',
};

export const BRAND_NAMES: Record<CardBrand, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover', jcb: 'JCB', unknown: 'Card' };

/** "Visa ending in 4242" */
export const cardName = (card: Pick<SavedCard, 'brand' | 'last4'>) => `${BRAND_NAMES[card.brand]} ending in ${card.last4}`;

/** Digits in groups of four as they are typed: "4242 4242 4242 4242". */
export const formatCardNumber = (text: string) => (text.replace(/\D/g, '').slice(0, 19).match(/.{1,4}/g) ?? []).join(' ');
