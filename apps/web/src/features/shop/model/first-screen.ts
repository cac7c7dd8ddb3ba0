/**
 * Product cards in the first rows of the grid, likely on screen as the shop opens: their images
 * load at once (the rest when scrolled near), and the early script (src/boot) preloads them.
 */
export const EAGER_CARDS = 4;

/**
 * The grid's image width (styles/browse.css, .product-grid): half the screen less the page's padding and
 * the gap on a phone, at most ~280 px in the three columns beside the filters. A phone then
 * takes the 320 px copy of each image (lib/image-variants.ts), and the early script preloads
 * the same one.
 */
export const GRID_IMAGE_SIZES = '(max-width: 767.98px) calc(50vw - 24px), 280px';
