import { Combobox } from '@/components/ui';
import { COUNTRY_OPTIONS, searchCountries } from '../model/country-search';

interface CountrySelectProps {
  id: string;
  name?: string;
  /** ISO 3166-1 alpha-2 code; '' when none is chosen. */
  value: string;
  onChange(code: string): void;
  error?: string | undefined;
}

/** Country by name or ISO code, from the same list the server checks against. */
export function CountrySelect({ id, name = 'country', value, onChange, error }: CountrySelectProps) {
  return (
    <Combobox
      id={id}
      name={name}
      label="Country"
      options={COUNTRY_OPTIONS}
      filter={searchCountries}
      value={value}
      onChange={onChange}
      error={error}
      placeholder="Type a country name or code"
      autoComplete="country-name"
      required
    />
  );
}
