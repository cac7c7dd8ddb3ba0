// The home page's words, apart from its component: index.html's early script paints the same hero
// and cards before the app's code arrives (src/boot/early-home.ts).

export const HOME_EYEBROW = 'Shop · NFT market · Wallet';
export const HOME_PITCH = 'Everyday products and collectible NFTs in one place, paid from one wallet.';

/** The three cards under the hero: what a member can do here, each with its icon (icons.tsx). */
export const HOME_FEATURES = [
  { icon: 'shop', title: 'Shop', body: 'Browse the catalog by category and price, keep a cart, and pay with your par balance or a card.' },
  { icon: 'market', title: 'NFT market', body: 'Collect NFTs priced in par. Each keeps its full ownership history.' },
  { icon: 'wallet', title: 'Wallet', body: 'Hold par, meta and premium points. Top up, move par to meta and turn points into par.' },
] as const;

export type HomeFeatureIcon = (typeof HOME_FEATURES)[number]['icon'];
