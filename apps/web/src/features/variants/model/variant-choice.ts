import type { ProductOption, ProductVariant } from '@parmeta/contracts';

/** The shopper's choice so far: one value (or nothing yet) per option, in the options' order. */
export type Choice = readonly (string | null)[];

export const emptyChoice = (options: readonly ProductOption[]): Choice => options.map(() => null);

/** The variant the choice names, once every option has a value; null before, or for a combination the shop does not make. */
export function chosenVariant(variants: readonly ProductVariant[], choice: Choice): ProductVariant | null {
  if (choice.some((v) => v === null)) return null;
  return variants.find((v) => v.options.every((value, i) => value === choice[i])) ?? null;
}

/**
 * Whether picking `value` for option `index` (keeping the other options as chosen) can still
 * lead to something in stock: the picker marks the others "sold out" and does not offer them.
 */
export function canPick(variants: readonly ProductVariant[], choice: Choice, index: number, value: string): boolean {
  return variants.some((v) => v.stock > 0 && v.options[index] === value && v.options.every((x, i) => i === index || choice[i] === null || choice[i] === x));
}

/** The options not chosen yet, in words: "size and colour". */
export function missingOptions(options: readonly ProductOption[], choice: Choice): string | null {
  const names = options.filter((_, i) => choice[i] === null).map((o) => o.name.toLowerCase());
  if (names.length === 0) return null;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Size: M, Colour: Navy". */
export const variantLabel = (options: readonly ProductOption[], variant: ProductVariant) => options.map((o, i) => `${o.name}: ${variant.options[i] ?? ''}`).join(', ');
