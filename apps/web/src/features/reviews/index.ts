// Reviews and ratings on the shop's pages: the product page's section and the cards' rating line.
// Only the shop's lazy pages import these, so they load with those pages, never with the entry.
export { ProductReviews } from './components/product-reviews';
export { RatingBadge } from './components/rating-badge';
