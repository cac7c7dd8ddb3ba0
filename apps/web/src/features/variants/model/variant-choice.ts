import type { ProductOption, ProductVariant } from '@parmeta/contracts';

/** The shopper's choice so far: one value (or nothing yet) per option, in the options' order. */
export type Choice = readonly (string | null)[];

export const emptyChoice = (options: readonly ProductOption[]): Choice => options.map(() => null);

/** The variant the choice names, once every option has a value; null before, or for a combination the shop does not make. */
export function chosenVariant(variants: readonly ProductVariant[], choice: Choice): ProductVariant | null {
  if (choice.some((v) => v === null)) return null;
  return variants.find((v) => v.options.every((value, i) => value === choice[i])) ?? null;
}

/** The variants that picking `value` for option `index` can still lead to, keeping the other options as chosen. */
const reachable = (variants: readonly ProductVariant[], choice: Choice, index: number, value: string) =>
  variants.filter((v) => v.options[index] === value && v.options.every((x, i) => i === index || choice[i] === null || choice[i] === x));

/**
 * Whether the shop makes anything with `value` for option `index`, given the other choices: the
 * picker disables the others ("unavailable"). A value whose variants are all sold out can still
 * be chosen, so its page can offer the back-in-stock request (docs/decisions/0052).
 */
export const canPick = (variants: readonly ProductVariant[], choice: Choice, index: number, value: string): boolean => reachable(variants, choice, index, value).length > 0;

/** Whether every variant `value` can lead to is sold out (the picker says so beside it). */
export function isSoldOut(variants: readonly ProductVariant[], choice: Choice, index: number, value: string): boolean {
  const found = reachable(variants, choice, index, value);
  return found.length > 0 && found.every((v) => v.stock <= 0);
}

/** The choice that names `variant`: what a `?variant=` in the address opens with. Unknown ids (or none) give the empty choice. */
export function choiceOf(options: readonly ProductOption[], variants: readonly ProductVariant[], variantId: number | null): Choice {
  const variant = variantId === null ? undefined : variants.find((v) => v.id === variantId);
  return variant && variant.options.length === options.length ? variant.options : emptyChoice(options);
}

/** The `variant` search parameter as an id, or null when it is missing or not an id. */
export const variantParam = (raw: string | null): number | null => (raw !== null && /^\d{1,15}$/.test(raw) ? Number(raw) : null);

/** The options not chosen yet, in words: "size and colour". */
export function missingOptions(options: readonly ProductOption[], choice: Choice): string | null {
  const names = options.filter((_, i) => choice[i] === null).map((o) => o.name.toLowerCase());
  if (names.length === 0) return null;
  return names.length === 1 ? names[0]! : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/** "Size: M, Colour: Navy". */
export const variantLabel = (options: readonly ProductOption[], variant: ProductVariant) => options.map((o, i) => `${o.name}: ${variant.options[i] ?? ''}`).join(', ');
