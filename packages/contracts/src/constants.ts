/**
 * Constants of the original specification (section 9), defined once.
 * Server and web app both read them from here.
 */
export const REFRESH_TICK_FAST_MS = 300_000; // user detail refetch: 5 minutes
export const REFRESH_TICK_SLOW_MS = 1_800_000; // market refetch: 30 minutes
export const PERSIST_TIMEOUT_MS = 5_000; // wait for the persisted store before rendering anyway
export const WALLET_POLL_MS = 12_000; // wallet provider polling interval

export const BREAKPOINTS = { xs: 425, sm: 768, md: 1024, lg: 1440 } as const;

export const LAYOUT = {
  containerWidth: 1200,
  headerHeight: 90,
  mobileHeaderHeight: 64,
  mobileNavHeight: 64,
  sideNavWidth: 280,
} as const;

export const MARKET_FILTER_DEFAULTS = { search: '', category: 'all', priceFr: null, priceTo: null } as const;

/** Product name used in page titles, mail and the Open Graph title. */
export const PRODUCT_NAME = 'ParMeta Market';

/** The header the web app adds to cookie-based calls so they cannot be forged cross-site. */
export const CSRF_HEADER = 'x-requested-with';
export const CSRF_HEADER_VALUE = 'parmeta-web';

/** The header that carries the payment token of a card payment (a top-up or an NFT bought by card). */
export const PAYMENT_TOKEN_HEADER = 'x-payment-token';

/** The stable public address of an NFT's ERC-721 metadata JSON, below the site's origin. */
export const nftMetadataPath = (id: number | string) => `/api/nft/${id}/metadata.json`;
