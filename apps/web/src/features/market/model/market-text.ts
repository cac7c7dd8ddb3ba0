// The market page's words that page.html's early script draws too (src/boot/early-list.ts).

export const MARKET_DESCRIPTION = 'Discover NFTs listed for sale and filter them by collection, search text and price in par.';

/** The grid's heading: "24 NFTs for sale", or "3 NFTs match" under a filter. */
export const marketCount = (total: number, filtered: boolean) => `${total} ${total === 1 ? 'NFT' : 'NFTs'}${filtered ? ' match' : ' for sale'}`;
