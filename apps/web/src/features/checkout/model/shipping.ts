import { shippingSchema, type Address } from '@parmeta/contracts';
import type { Shipping as StoredShipping } from '@/lib/session-store';
import { errorsFromIssues, type FieldErrors } from '@/lib/form-errors';

/** The shipping fields of the original's cart state, in screen order. */
export const SHIPPING_FIELDS = [
  'shipping_name',
  'shipping_email',
  'shipping_contact',
  'shipping_country',
  'shipping_address1',
  'shipping_address2',
  'shipping_subDistrict',
  'shipping_district',
  'shipping_state',
  'shipping_zip',
] as const;
export type ShippingField = (typeof SHIPPING_FIELDS)[number];

export const SHIPPING_LABELS: Record<ShippingField, string> = {
  shipping_name: 'Full name',
  shipping_email: 'Email',
  shipping_contact: 'Phone',
  shipping_address1: 'Address line 1',
  shipping_address2: 'Address line 2',
  shipping_subDistrict: 'Sub-district',
  shipping_district: 'District / city',
  shipping_state: 'State / province',
  shipping_zip: 'Postal code',
  shipping_country: 'Country',
};

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

/** "Use my main address": the saved address in the shipping fields; the email stays the user's. */
export function shippingFromAddress(address: Address, email: string): StoredShipping {
  return {
    shipping_name: address.recipientName,
    shipping_email: email,
    shipping_contact: address.contactPhone,
    shipping_address1: address.address1,
    shipping_address2: address.address2,
    shipping_subDistrict: address.subDistrict,
    shipping_district: address.district,
    shipping_state: address.state,
    shipping_zip: address.zip,
    shipping_country: { value: address.country.value, label: address.country.label },
  };
}

const norm = (text: string) => text.trim().toLowerCase().replace(/\s+/g, ' ');

/** Whether the shipping details name an address already in the book (so there is nothing to save). */
export function inAddressBook(shipping: StoredShipping, book: readonly Address[]): boolean {
  return book.some(
    (a) =>
      a.country.value === shipping.shipping_country.value &&
      norm(a.recipientName) === norm(shipping.shipping_name) &&
      norm(a.address1) === norm(shipping.shipping_address1) &&
      norm(a.address2) === norm(shipping.shipping_address2) &&
      norm(a.district) === norm(shipping.shipping_district) &&
      norm(a.zip).replace(/\s/g, '') === norm(shipping.shipping_zip).replace(/\s/g, ''),
  );
}

/** The shipping details as an address for the book, under a label. */
export function addressFromShipping(s: ShippingValues, label: string) {
  return {
    label,
    recipientName: s.shipping_name,
    contactPhone: s.shipping_contact,
    address1: s.shipping_address1,
    address2: s.shipping_address2,
    subDistrict: s.shipping_subDistrict,
    district: s.shipping_district,
    state: s.shipping_state,
    zip: s.shipping_zip,
    country: s.shipping_country,
  };
}
