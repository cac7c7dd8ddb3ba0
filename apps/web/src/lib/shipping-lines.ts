import type { Shipping } from './session-store';

type ShippingLabel = Omit<Shipping, 'shipping_country'> & { shipping_country: { label?: string | undefined; value: string } };

/** The lines of a shipping label under the name, empty parts left out. */
export function shippingLines(s: ShippingLabel): string[] {
  return [
    s.shipping_address1,
    s.shipping_address2,
    [s.shipping_subDistrict, s.shipping_district].filter(Boolean).join(', '),
    [s.shipping_state, s.shipping_zip].filter(Boolean).join(' '),
    s.shipping_country.label ?? s.shipping_country.value,
  ].filter((line) => line.trim() !== '');
}
