import type { Address, addressFields } from '@parmeta/contracts';

/** What the address form hands over: the contract's parsed output, ready for the API. */
export type AddressValues = ReturnType<(typeof addressFields)['parse']>;

/** The lines of an address as a label prints them, empty parts left out. */
export function addressLines(a: Pick<Address, 'address1' | 'address2' | 'subDistrict' | 'district' | 'state' | 'zip' | 'country'>): string[] {
  return [a.address1, a.address2, [a.subDistrict, a.district].filter(Boolean).join(', '), [a.state, a.zip].filter(Boolean).join(' '), a.country.label].filter(
    (line) => line.trim() !== '',
  );
}
