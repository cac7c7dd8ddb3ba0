import { formatAddress } from 'localized-address-format';
import { postcodeValidator, postcodeValidatorExistsForCountry } from 'postcode-validator';

/**
 * How each country writes an address, from Google's address data (libaddressinput, through
 * localized-address-format) and postcode patterns (postcode-validator): which parts it uses,
 * in what order, what they are called, which are required, and how the address reads.
 * Shared by the server's validation, the address and shipping forms, and every place that
 * shows an address. No zod here: the pages that only show addresses load this without it.
 */

/** The parts of an address below its street lines, by our field names. */
export type AddressPart = 'subDistrict' | 'district' | 'state' | 'zip';

export interface AddressPartsValues {
  address1: string;
  address2: string;
  subDistrict: string;
  district: string;
  state: string;
  zip: string;
  /** ISO 3166-1 alpha-2 code. */
  country: string;
}

export interface AddressFormat {
  /** The parts the country uses, in the order it writes them. */
  parts: AddressPart[];
  labels: Record<AddressPart, string>;
  required: ReadonlySet<AddressPart>;
  /** An example postcode for the field's hint, when the country has a known pattern. */
  zipExample: string | null;
}

const MARK: Record<AddressPart, string> = { subDistrict: '\u0001D', district: '\u0001C', state: '\u0001S', zip: '\u0001Z' };

/** Each part's words where the country has its own (libaddressinput's name types); others use the defaults. */
const DEFAULT_LABELS: Record<AddressPart, string> = { subDistrict: 'Neighbourhood', district: 'City', state: 'State / province / region', zip: 'Postal code' };
const LABELS: Record<string, Partial<Record<AddressPart, string>>> = {
  US: { district: 'City', state: 'State', zip: 'ZIP code' },
  GB: { district: 'Town or city', state: 'County', zip: 'Postcode' },
  TH: { subDistrict: 'Sub-district', district: 'District', state: 'Province', zip: 'Postal code' },
  CA: { state: 'Province', zip: 'Postal code' },
  AU: { district: 'Suburb', state: 'State', zip: 'Postcode' },
  IE: { subDistrict: 'Locality', district: 'Town or city', state: 'County', zip: 'Eircode' },
  IN: { state: 'State', zip: 'PIN code' },
  JP: { state: 'Prefecture' },
  HK: { district: 'District', state: 'Area' },
  AE: { state: 'Emirate' },
  CN: { subDistrict: 'District', state: 'Province' },
  KR: { subDistrict: 'District', state: 'Province' },
  BR: { subDistrict: 'Neighbourhood', state: 'State' },
  MX: { subDistrict: 'Neighbourhood', state: 'State' },
};

/** Where the state (or province, or emirate) is part of every address, not an extra. */
const STATE_REQUIRED = new Set(['US', 'CA', 'AU', 'TH', 'IN', 'JP', 'BR', 'MX', 'CN', 'AE']);
/** The county is optional in the UK (Royal Mail does not need it) but shoppers often give it. */
const EXTRA_OPTIONAL: Record<string, AddressPart[]> = { GB: ['state'] };
const ZIP_EXAMPLES: Record<string, string> = { US: '94016', GB: 'SW1A 1AA', TH: '10110', CA: 'K1A 0B1', AU: '2000', DE: '10115', FR: '75001', JP: '100-0001', IE: 'D02 AF30', IN: '110001', NL: '1012 AB' };

const formats = new Map<string, AddressFormat>();

/** The country's way of writing an address; an unknown code gets the plain international form. */
export function addressFormat(country: string): AddressFormat {
  const code = country.toUpperCase();
  const known = formats.get(code);
  if (known) return known;
  // The library answers lines, not its format strings: a probe address with a marker per part
  // shows which parts the country writes, and in what order.
  const probe = formatAddress({ postalCountry: code, dependentLocality: MARK.subDistrict, locality: MARK.district, administrativeArea: MARK.state, postalCode: MARK.zip }, 'latin').join('\n');
  const written = (Object.keys(MARK) as AddressPart[]).filter((part) => probe.includes(MARK[part])).sort((a, b) => probe.indexOf(MARK[a]) - probe.indexOf(MARK[b]));
  const extra = (EXTRA_OPTIONAL[code] ?? []).filter((part) => !written.includes(part));
  // An extra part goes before the postcode when the postcode ends the address (town, county, postcode).
  const parts = written.at(-1) === 'zip' ? [...written.slice(0, -1), ...extra, 'zip' as const] : [...written, ...extra];
  const hasZipPattern = postcodeValidatorExistsForCountry(code);
  if (hasZipPattern && !parts.includes('zip')) parts.push('zip');
  const required = new Set<AddressPart>(
    parts.filter((part) => {
      if (part === 'district') return true;
      if (part === 'state') return STATE_REQUIRED.has(code) || (parts.length === 1 && !extra.includes(part));
      // A sub-district is never required: Google's data asks none of any country (Thailand's tambon included).
      if (part === 'subDistrict') return false;
      return hasZipPattern;
    }),
  );
  const format: AddressFormat = { parts, labels: { ...DEFAULT_LABELS, ...LABELS[code] }, required, zipExample: ZIP_EXAMPLES[code] ?? null };
  formats.set(code, format);
  return format;
}

/** A postcode as the country writes it: upper case; a UK postcode with its one space before the last three characters. */
export function normalisePostcode(zip: string, country: string): string {
  const upper = zip.trim().toUpperCase().replace(/\s+/g, ' ');
  if (country.toUpperCase() === 'GB' && /^[A-Z0-9]{5,7}$/.test(upper)) return `${upper.slice(0, -3)} ${upper.slice(-3)}`;
  return upper;
}

/** What is wrong with the parts of an address for its country, by part; empty when nothing is. */
export function addressPartProblems(a: Pick<AddressPartsValues, AddressPart | 'country'>): Partial<Record<AddressPart, string>> {
  const format = addressFormat(a.country);
  const problems: Partial<Record<AddressPart, string>> = {};
  for (const part of format.required) if (a[part].trim() === '') problems[part] = 'is required';
  const zip = a.zip.trim();
  if (zip !== '' && format.parts.includes('zip')) {
    if (postcodeValidatorExistsForCountry(a.country.toUpperCase())) {
      if (!postcodeValidator(normalisePostcode(zip, a.country), a.country.toUpperCase())) {
        problems.zip = format.zipExample ? `is not valid here (for example ${format.zipExample})` : 'is not valid for this country';
      }
    } else if (!/^[A-Za-z0-9][A-Za-z0-9 -]{1,9}$/.test(zip)) {
      problems.zip = 'must be a postal code of 2 to 10 letters or digits';
    }
  }
  return problems;
}

/** The parts the country does not use emptied, the postcode written its way: what is stored. */
export function cleanAddressParts<T extends Pick<AddressPartsValues, AddressPart | 'country'>>(a: T): T {
  const { parts } = addressFormat(a.country);
  const keep = (part: AddressPart) => (parts.includes(part) ? a[part].trim() : '');
  return { ...a, subDistrict: keep('subDistrict'), district: keep('district'), state: keep('state'), zip: parts.includes('zip') ? normalisePostcode(a.zip, a.country) : '' };
}

/**
 * The address as the country writes it, one line per array item, ending with the country's
 * name (the library leaves the country out; a shop ships abroad, so it belongs on the label).
 */
export function addressLinesFor(a: Omit<AddressPartsValues, 'country'> & { country: { value: string; label: string } }, recipient?: string): string[] {
  const lines = formatAddress(
    {
      postalCountry: a.country.value,
      name: recipient ?? '',
      addressLines: [a.address1, a.address2].filter((line) => line.trim() !== ''),
      dependentLocality: a.subDistrict,
      locality: a.district,
      administrativeArea: a.state,
      postalCode: a.zip,
    },
    'latin',
  );
  return [...lines.map((line) => line.replace(/^[,\s]+|[,\s]+$/g, '')).filter((line) => line !== ''), a.country.label].filter(Boolean);
}

/**
 * The country's own rules for the parts below the street lines (addressFormat): which are
 * required, the postcode's pattern. Run even when other fields have problems, so a form shows
 * every problem at once; the values may then be partial, hence the defensive reads.
 */
export function countryAddressRule<T extends Record<string, unknown>>(names: Record<AddressPart | 'country', keyof T & string>) {
  return (value: T, ctx: { addIssue(issue: { code: 'custom'; path: string[]; message: string }): void }) => {
    const country = (value[names.country] as { value?: unknown } | undefined)?.value;
    if (typeof country !== 'string' || country.length !== 2) return;
    const text = (part: AddressPart) => (typeof value[names[part]] === 'string' ? (value[names[part]] as string) : '');
    const problems = addressPartProblems({ country, subDistrict: text('subDistrict'), district: text('district'), state: text('state'), zip: text('zip') });
    for (const [part, message] of Object.entries(problems)) ctx.addIssue({ code: 'custom', path: [names[part as AddressPart]], message });
  };
}
