import { minorToDecimal, toMinor, type ProductVariants } from '@parmeta/contracts';

/** The variants form as typed: text everywhere, checked with the contract on save. */
export interface OptionDraft {
  key: number;
  name: string;
  /** Comma-separated values, as typed ("S, M, L"). */
  values: string;
}
export interface VariantDraft {
  key: number;
  id?: number;
  sku: string;
  options: string[];
  price: string;
  stock: string;
  /** The stock the form started from (an existing variant): the save is refused if orders moved it. */
  loadedStock?: number;
  image: string;
}

let next = 1;
export const draftKey = () => next++;

export const splitValues = (text: string) =>
  text
    .split(',')
    .map((v) => v.trim())
    .filter(Boolean);

export function toDraft(saved: ProductVariants): { options: OptionDraft[]; variants: VariantDraft[] } {
  return {
    options: saved.options.map((o) => ({ key: draftKey(), name: o.name, values: o.values.join(', ') })),
    variants: saved.variants.map((v) => ({ key: draftKey(), id: v.id, sku: v.sku, options: [...v.options], price: minorToDecimal(toMinor(v.price)), stock: String(v.stock), loadedStock: v.stock, image: v.image })),
  };
}

/** Every combination of the options' values the draft has no variant for yet, as new variants priced like the first. */
export function missingCombinations(options: readonly OptionDraft[], variants: readonly VariantDraft[], skuBase: string): VariantDraft[] {
  const lists = options.map((o) => splitValues(o.values));
  if (lists.length === 0 || lists.some((l) => l.length === 0)) return [];
  const all = lists.reduce<string[][]>((acc, values) => acc.flatMap((c) => values.map((v) => [...c, v])), [[]]);
  const have = new Set(variants.map((v) => v.options.join('\u0000')));
  const price = variants[0]?.price ?? '';
  return all
    .filter((c) => !have.has(c.join('\u0000')))
    .map((c) => ({ key: draftKey(), sku: [skuBase, ...c].join('-').toUpperCase().replace(/[^A-Z0-9._-]+/g, '').slice(0, 40), options: c, price, stock: '0', image: '' }));
}

/** The body of the save call, from the draft (numbers as typed: the contract says what is wrong). */
export function toBody(productId: number, options: readonly OptionDraft[], variants: readonly VariantDraft[]) {
  const num = (text: string) => (text.trim() === '' ? undefined : Number(text.trim()));
  return {
    productId,
    options: options.map((o) => ({ name: o.name, values: splitValues(o.values) })),
    variants: variants.map((v) => ({
      ...(v.id === undefined ? {} : { id: v.id }),
      sku: v.sku,
      options: v.options,
      price: num(v.price) as number,
      stock: num(v.stock) as number,
      ...(v.loadedStock === undefined ? {} : { expectedStock: v.loadedStock }),
      image: v.image,
    })),
  };
}
