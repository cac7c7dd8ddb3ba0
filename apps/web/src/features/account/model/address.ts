import { addressLinesFor, type Address, type addressFields } from '@parmeta/contracts';

/** What the address form hands over: the contract's parsed output, ready for the API. */
export type AddressValues = ReturnType<(typeof addressFields)['parse']>;

/** The lines of an address as its country writes them (the recipient is not among them). */
export function addressLines(a: Pick<Address, 'address1' | 'address2' | 'subDistrict' | 'district' | 'state' | 'zip' | 'country'>): string[] {
  return addressLinesFor(a);
}

/** How an address is named in lists, messages and choices: its label, and whose it is. */
export const addressName = (a: Pick<Address, 'label' | 'recipientName'>) => `${a.label} (${a.recipientName})`;
