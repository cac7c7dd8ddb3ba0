import { addressFields } from '@parmeta/contracts';
import { blankFields, validate } from '@/lib/form-errors';

// Loaded when the address form is first used, not with its page: the address schema brings the
// account contract's schemas (docs/decisions/0074).

/** The form's fields as typed, the country as its code. */
export type AddressDraft = Record<'label' | 'recipientName' | 'contactPhone' | 'address1' | 'address2' | 'subDistrict' | 'district' | 'state' | 'zip' | 'country', string>;

/** The address with the rules the server applies (which parts a country requires among them). */
export function checkAddress(draft: AddressDraft) {
  const values = { ...draft, country: { value: draft.country } };
  const result = validate(addressFields, values, blankFields(values));
  // The country is picked from a list, so an empty one is "required" rather than a bad code.
  if (!result.ok && draft.country === '') result.errors.country = 'is required';
  return result;
}
