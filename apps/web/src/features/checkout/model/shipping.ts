import type { Address } from '@parmeta/contracts';
import type { Shipping as StoredShipping } from '@/lib/session-store';
import type { ShippingValues } from './shipping-check';

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
