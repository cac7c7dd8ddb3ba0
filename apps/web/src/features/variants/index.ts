// Product variants on the shop side (docs/decisions/0050): the picker and its rules. Imported
// by the product page only, so it lands in that lazy chunk.
export { VariantChoice, type VariantState } from './components/variant-choice-panel';
export { variantLabel } from './model/variant-choice';
