/**
 * NFT cards in the first rows of the grid (the market, My NFTs), likely on screen as the page
 * opens: their images load at once (the rest when scrolled near), and the early script
 * (src/boot) preloads them.
 */
export const NFT_EAGER_CARDS = 4;

/**
 * The NFT grid's image width (styles/browse.css, .nft-grid): two columns on a phone (half the screen less
 * the page's padding and the gap), at most ~300 px in the wider grid. A phone then takes the
 * 320 px copy of the art (lib/image-variants.ts), and the early script preloads the same one.
 */
export const NFT_GRID_IMAGE_SIZES = '(max-width: 767.98px) calc(50vw - 24px), 300px';

/** The market filtered to a collection: the NFT page's breadcrumb links there (and page.html's early script draws the same link). */
export const collectionPath = (slug: string) => `/market?category=${encodeURIComponent(slug)}`;
