import { shippingSchema } from '@parmeta/contracts';
import type { Shipping as StoredShipping } from '@/lib/session-store';
import { errorsFromIssues, type FieldErrors } from '@/lib/form-errors';

// Loaded when the shipping form is first used, not with the checkout page: the contract's
// schema brings every schema of the shop's domain (docs/decisions/0074).

/** The shipping details as the API takes them (the contract's parsed output). */
export type ShippingValues = ReturnType<(typeof shippingSchema)['parse']>;

export type ShippingCheck = { ok: true; data: ShippingValues } | { ok: false; errors: FieldErrors };

/** The contract schema the server runs, so both report the same problems. */
export function checkShipping(draft: StoredShipping): ShippingCheck {
  const result = shippingSchema.safeParse(draft);
  if (result.success) return { ok: true, data: result.data };
  const errors = errorsFromIssues(result.error.issues);
  // The country is picked from a list: an empty one is "required", not "not a known country".
  if (draft.shipping_country.value === '') errors.shipping_country = 'is required';
  return { ok: false, errors };
}
