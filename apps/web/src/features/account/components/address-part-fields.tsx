import { addressFormat, type AddressPart } from '@parmeta/contracts';
import { Field } from '@/components/ui';
import { fieldMessage } from '@/lib/form-errors';
import { CountrySelect } from './country-select';

/** The fields of an address after the recipient: the country first, the street lines, then the parts the country uses. */
export type AddressPartName = 'country' | 'address1' | 'address2' | AddressPart;

export const PART_AUTOCOMPLETE: Record<Exclude<AddressPartName, 'country'>, string> = {
  address1: 'address-line1',
  address2: 'address-line2',
  subDistrict: 'address-level3',
  district: 'address-level2',
  state: 'address-level1',
  zip: 'postal-code',
};

interface AddressPartFieldsProps {
  /** The country's ISO code ('' until one is chosen) and the other parts' text. */
  values: Record<AddressPartName, string>;
  onChange(part: AddressPartName, value: string): void;
  /** A part's problem as the contract words it ("is required"), or undefined. */
  errors: Partial<Record<AddressPartName, string>>;
  idOf(part: AddressPartName): string;
  /** The inputs' names (the checkout's are shipping_…). */
  nameOf?(part: AddressPartName): string;
  /** "shipping" at checkout, for the browser's address autofill. */
  section?: 'shipping';
  /** The grid class a field takes to span both columns. */
  wide: string | undefined;
}

/** What a part is called where the address is, for labels and messages. */
export function partLabel(part: AddressPartName, country: string): string {
  if (part === 'country') return 'Country';
  if (part === 'address1') return 'Address line 1';
  if (part === 'address2') return 'Address line 2';
  return addressFormat(country || 'ZZ').labels[part];
}

/**
 * The address as the chosen country writes it (addressFormat, shared with the server): the
 * country comes first, then the street lines, then that country's parts in its own order and
 * words (US: city, state, ZIP code; UK: town, county, postcode; Thailand: sub-district,
 * district, province, postal code). Parts it does not use are not asked for.
 */
export function AddressPartFields({ values, onChange, errors, idOf, nameOf = (part) => part, section, wide }: AddressPartFieldsProps) {
  const format = addressFormat(values.country || 'ZZ');
  const auto = (part: Exclude<AddressPartName, 'country'>) => (section ? `${section} ${PART_AUTOCOMPLETE[part]}` : PART_AUTOCOMPLETE[part]);
  const text = (part: Exclude<AddressPartName, 'country'>, options: { required: boolean; hint?: string | undefined; isWide?: boolean }) => {
    const label = partLabel(part, values.country);
    return (
      <Field
        key={part}
        id={idOf(part)}
        name={nameOf(part)}
        label={options.required ? label : `${label} (optional)`}
        className={options.isWide ? wide : undefined}
        value={values[part]}
        onChange={(event) => onChange(part, event.target.value)}
        error={fieldMessage(label, errors[part])}
        hint={options.hint}
        autoComplete={auto(part)}
        aria-required={options.required || undefined}
      />
    );
  };
  return (
    <>
      <div className={wide}>
        <CountrySelect id={idOf('country')} name={nameOf('country')} value={values.country} onChange={(code) => onChange('country', code)} error={fieldMessage('Country', errors.country)} />
      </div>
      {text('address1', { required: true, hint: 'House number, street, building', isWide: true })}
      {text('address2', { required: false, isWide: true })}
      {format.parts.map((part) => text(part, { required: format.required.has(part), hint: part === 'zip' && format.zipExample ? `For example ${format.zipExample}` : undefined }))}
    </>
  );
}
