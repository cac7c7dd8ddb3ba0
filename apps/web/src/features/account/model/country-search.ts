import { COUNTRIES } from '@parmeta/contracts';

export interface CountryOption {
  value: string;
  label: string;
  detail: string;
}

export const COUNTRY_OPTIONS: readonly CountryOption[] = COUNTRIES.map(([code, label]) => ({ value: code, label, detail: code }));

/** Lower case without accents, so "aland" finds "Åland Islands" and "cote" finds "Côte d’Ivoire". */
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/**
 * Countries matching typed text, best first: the ISO code itself, then names that start
 * with the text, then names with a word that starts with it, then names containing it.
 * Within a rank the alphabetical order stays.
 */
export function searchCountries<T extends { value: string; label: string }>(options: readonly T[], query: string): T[] {
  const q = fold(query);
  if (!q) return [...options];
  const ranked: { option: T; rank: number }[] = [];
  for (const option of options) {
    const name = fold(option.label);
    let rank = -1;
    if (option.value.toLowerCase() === q) rank = 0;
    else if (name.startsWith(q)) rank = 1;
    else if (name.split(/[\s&(),.'’-]+/).some((word) => word.startsWith(q))) rank = 2;
    else if (name.includes(q)) rank = 3;
    if (rank >= 0) ranked.push({ option, rank });
  }
  return ranked.sort((a, b) => a.rank - b.rank).map((r) => r.option);
}
