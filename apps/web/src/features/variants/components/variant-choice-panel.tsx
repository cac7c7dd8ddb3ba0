import type { ProductDetail, ProductVariant } from '@parmeta/contracts';
import { useState, type ReactNode } from 'react';
import { chosenVariant, emptyChoice, missingOptions, type Choice } from '../model/variant-choice';
import { VariantPicker } from './variant-picker';

export interface VariantState {
  /** The variant chosen, once every option has a value; null before (or for a product without options). */
  variant: ProductVariant | null;
  /** What is still to choose ("size and colour"), or null. */
  missing: string | null;
}

/**
 * The product page's choice of a variant: the picker, and what the page shows for the choice
 * (price, stock, Add to cart) through `children`. A product without options renders only the
 * children, as it always did.
 */
export function VariantChoice({ product, children }: { product: ProductDetail; children: (state: VariantState) => ReactNode }) {
  const [choice, setChoice] = useState<Choice>(() => emptyChoice(product.options));
  if (product.options.length === 0) return <>{children({ variant: null, missing: null })}</>;
  const variant = chosenVariant(product.variants, choice);
  const choose = (index: number, value: string) => setChoice((c) => c.map((v, i) => (i === index ? value : v)));
  return (
    <>
      <VariantPicker options={product.options} variants={product.variants} choice={choice} onChoose={choose} />
      {children({ variant, missing: missingOptions(product.options, choice) })}
    </>
  );
}
