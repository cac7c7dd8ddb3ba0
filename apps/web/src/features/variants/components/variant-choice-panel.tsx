import type { ProductDetail, ProductVariant } from '@parmeta/contracts';
import { useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useSearchParams } from '@/lib/search-params';
import { choiceOf, chosenVariant, missingOptions, variantParam, type Choice } from '../model/variant-choice';
import { VariantPicker } from './variant-picker';

export interface VariantState {
  /** The variant chosen, once every option has a value; null before (or for a product without options). */
  variant: ProductVariant | null;
  /** What is still to choose ("size and colour"), or null. */
  missing: string | null;
  /** The picker, for the page to place; null for a product without options. */
  picker: ReactNode;
}

/**
 * The product page's choice of a variant: the picker, and what the page shows for the choice
 * (gallery, price, stock, Add to cart) through `children`. The chosen variant lives in the
 * address (`?variant=ID`, replaced, not pushed), so a reload or a shared link opens the same
 * choice; an id that is not one of this product's variants opens with nothing chosen
 * (docs/decisions/0052). A product without options renders only the children, as it always did.
 */
export function VariantChoice({ product, children }: { product: ProductDetail; children: (state: VariantState) => ReactNode }) {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [choice, setChoice] = useState<Choice>(() => choiceOf(product.options, product.variants, variantParam(params.get('variant'))));
  if (product.options.length === 0) return <>{children({ variant: null, missing: null, picker: null })}</>;
  const variant = chosenVariant(product.variants, choice);
  const choose = (index: number, value: string) => {
    const next = choice.map((v, i) => (i === index ? value : v));
    setChoice(next);
    const search = new URLSearchParams(params);
    const named = chosenVariant(product.variants, next);
    if (named) search.set('variant', String(named.id));
    else search.delete('variant');
    const query = search.toString();
    void navigate({ search: query ? `?${query}` : '' }, { replace: true, preventScrollReset: true });
  };
  return <>{children({ variant, missing: missingOptions(product.options, choice), picker: <VariantPicker options={product.options} variants={product.variants} choice={choice} onChoose={choose} /> })}</>;
}
