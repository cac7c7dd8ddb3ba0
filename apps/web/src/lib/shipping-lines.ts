import { addressLinesFor } from '@parmeta/contracts';
import type { Shipping } from './session-store';

type ShippingLabel = Omit<Shipping, 'shipping_country'> & { shipping_country: { label?: string | undefined; value: string } };

/** The lines of a shipping label under the name, as the address's country writes them. */
export function shippingLines(s: ShippingLabel): string[] {
  return addressLinesFor({
    address1: s.shipping_address1,
    address2: s.shipping_address2,
    subDistrict: s.shipping_subDistrict,
    district: s.shipping_district,
    state: s.shipping_state,
    zip: s.shipping_zip,
    country: { value: s.shipping_country.value, label: s.shipping_country.label || s.shipping_country.value },
  });
}
