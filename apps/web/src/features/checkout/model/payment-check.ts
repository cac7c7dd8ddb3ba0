import { tokenizeBody, type TokenizeBody } from '@parmeta/contracts';
import { errorsFromIssues, type FieldErrors } from '@/lib/form-errors';
import type { CardDraft } from './payment';

// Loaded when the payment form is first used, not with the checkout page: the gateway's schema
// brings the payment contract's schemas (docs/decisions/0074).

export type CardCheck = { ok: true; data: TokenizeBody } | { ok: false; errors: FieldErrors };

/** The gateway's own schema: a Luhn-valid number, a future expiry, a 3 or 4 digit CVC. */
export function checkCard(draft: CardDraft): CardCheck {
  const result = tokenizeBody.safeParse(draft);
  if (result.success) return { ok: true, data: result.data };
  const errors = errorsFromIssues(result.error.issues);
  if (draft.expMonth === '') errors.expMonth = 'is required';
  if (draft.expYear === '') errors.expYear = 'is required';
  return { ok: false, errors };
}
