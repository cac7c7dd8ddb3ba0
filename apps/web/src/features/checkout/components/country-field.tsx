import { COUNTRIES } from '@parmeta/contracts';
import { Combobox } from '@/components/ui';

const OPTIONS = COUNTRIES.map(([code, label]) => ({ value: code, label, detail: code }));
const LABELS = new Map(COUNTRIES);

const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The ISO code first, then names that start with the text, then names containing it. */
function search(options: readonly (typeof OPTIONS)[number][], query: string) {
  const q = fold(query);
  if (!q) return options;
  const rank = (o: (typeof OPTIONS)[number]) => {
    const name = fold(o.label);
    return o.value.toLowerCase() === q ? 0 : name.startsWith(q) ? 1 : name.includes(q) ? 2 : -1;
  };
  return options
    .map((option) => ({ option, rank: rank(option) }))
    .filter((r) => r.rank >= 0)
    .sort((a, b) => a.rank - b.rank)
    .map((r) => r.option);
}

interface CountryFieldProps {
  id: string;
  value: { value: string; label: string };
  onChange(country: { value: string; label: string }): void;
  error?: string | undefined;
}

/** Country by name or ISO code, from the same list the server checks against. */
export function CountryField({ id, value, onChange, error }: CountryFieldProps) {
  return (
    <Combobox
      id={id}
      name="shipping_country"
      label="Country"
      options={OPTIONS}
      filter={search}
      value={value.value}
      onChange={(code) => onChange({ value: code, label: LABELS.get(code) ?? '' })}
      error={error}
      placeholder="Type a country name or code"
      autoComplete="country-name"
      required
    />
  );
}
