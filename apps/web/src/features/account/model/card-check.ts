import { tokenizeBody } from '@parmeta/contracts';
import { blankFields, validate } from '@/lib/form-errors';

// Loaded when the card form is first used, not with its page: the gateway's schema brings the
// payment contract's schemas (docs/decisions/0074).

export type CardDraftFields = { number: string; expMonth: string; expYear: string; cvc: string; holderName: string };

/** The gateway's own rules: a Luhn-valid number, a future expiry, a 3 or 4 digit CVC, a name. */
export const checkCardDraft = (draft: CardDraftFields) => validate(tokenizeBody, draft, blankFields(draft));
