// Promo codes on the shopper's side (docs/decisions/0051): the checkout's field. Imported by the
// checkout page only, so it lands in that lazy chunk.
export { PromoCodeField } from './components/promo-code-field';
