import { tokenizeBody, type SavedCard } from '@parmeta/contracts';
import { CARD_LABELS, type CardDraft, type CardField } from '@/components/ui/card-draft';
import { checkBody, type FieldErrors } from './form';

/** The new card against the gateway's own schema; the number goes on as digits only. */
export const checkCard = (draft: CardDraft): { ok: true; data: CardDraft } | { ok: false; errors: FieldErrors<CardField> } => {
  const result = checkBody(tokenizeBody, draft, CARD_LABELS, draft);
  return result.ok ? { ok: true, data: { ...draft, number: result.data.number } } : result;
};

/** The card a payment uses: the one chosen, else the default saved card, else a new card. */
export function resolveChoice(choice: number | 'new' | null, cards: readonly SavedCard[] | undefined): number | 'new' | null {
  if (choice === 'new') return 'new';
  if (choice !== null && cards?.some((c) => c.card_id === choice)) return choice;
  if (!cards) return null; // still loading
  return (cards.find((c) => c.isDefault) ?? cards[0])?.card_id ?? 'new';
}
