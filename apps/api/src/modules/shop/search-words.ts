/**
 * The words of a product's text and of a search, read the same way on both sides: lower case,
 * accents dropped ("Café" is "cafe", as SQLite's `remove_diacritics 2` reads it), split on
 * anything that is not a letter or a digit.
 */
const NOT_ASCII = /[^\p{ASCII}]/u;
const ASCII_WORD = /[a-z0-9]+/g;
const WORD = /[\p{L}\p{N}]+/gu;
const MARKS = /\p{M}/gu;

export function wordsOf(text: string): string[] {
  const lower = text.toLowerCase();
  // Most catalog text is ASCII: the narrower pattern is read several times faster.
  if (!NOT_ASCII.test(lower)) return lower.match(ASCII_WORD) ?? [];
  return lower.normalize('NFD').replace(MARKS, '').match(WORD) ?? [];
}
