import type { ProductDetail } from '@parmeta/contracts';
import { EARLY_ANSWER_MAX_AGE_MS } from '@/boot/handoff';

/**
 * A page's first data, which the server writes into page.html's head for a member (as
 * apps/api/src/plugins/web-static.ts names it): on a product page, the product's detail, the
 * same answer as the productDetail call; on an NFT page, what its first screen shows of the NFT;
 * on a bare /shop or /market, the grid's first page, the answer to the page's first call. The
 * early script paints the page's first screen from it (boot/early-item.ts, early-list.ts); the
 * app shows the product and the grids without asking for them, and the NFT until the member's
 * own view arrives (docs/decisions/0098, 0099).
 */
export const FIRST_DATA_ID = 'first-data';

export interface FirstData {
  /** The route whose answer it is. */
  name: string;
  /** The item's id, from the address (a product's or an NFT's); 0 for a grid's first page. */
  id: number;
  data: unknown;
}

/** The page's first data, or null without it (or with anything else in its place). */
export function readFirstData(doc: Pick<Document, 'getElementById'>): FirstData | null {
  const text = doc.getElementById(FIRST_DATA_ID)?.textContent;
  if (!text) return null;
  try {
    const value = JSON.parse(text) as Partial<FirstData> | null;
    return value && typeof value.name === 'string' && typeof value.id === 'number' && typeof value.data === 'object' && value.data !== null ? (value as FirstData) : null;
  } catch {
    return null;
  }
}

/** What an NFT page's HTML brings of the NFT: its first screen, the same for every member. */
export interface NftFirstScreen {
  name: string;
  image: string;
  collection: { name: string; slug: string };
}

/** The product's detail as this page's HTML brought it, for the product itself only. */
export function firstProduct(first: FirstData | null, id: number): ProductDetail | undefined {
  return first?.name === 'productDetail' && first.id === id ? (first.data as ProductDetail) : undefined;
}

/** The grid pages whose bare address brings the grid's first page (the answer to the app's first call, by its route name). */
export type FirstListName = 'shopProducts' | 'marketProducts';

/** The first page of a shop's or market's grid as this page's HTML brought it: the answer to that call with the page's default filter. */
export function firstList<T>(first: FirstData | null, name: FirstListName): T | undefined {
  return first?.name === name && first.id === 0 ? (first.data as T) : undefined;
}

/**
 * For the app: what the page's HTML brought, once, while the page is young (as the early script's
 * answers, boot/handoff.ts): after that, or for anything else, it asks as usual.
 */
function takeFirst<T>(pick: (first: FirstData | null) => T | undefined): T | undefined {
  if (typeof document === 'undefined') return undefined;
  const found = pick(readFirstData(document));
  if (found === undefined) return undefined;
  document.getElementById(FIRST_DATA_ID)?.remove();
  return performance.now() <= EARLY_ANSWER_MAX_AGE_MS ? found : undefined;
}

/** This product's detail from the page's HTML (takeFirst). */
export const takeFirstProduct = (id: number): ProductDetail | undefined => takeFirst((first) => firstProduct(first, id));

/** The grid's first page from the page's HTML (takeFirst), for the page's default filter only: `isDefault` says whether the app's filter is it. */
export const takeFirstList = <T>(name: FirstListName, isDefault: boolean): T | undefined => (isDefault ? takeFirst((first) => firstList<T>(first, name)) : undefined);

/** An NFT page's first screen as its HTML brought it, for that NFT only. */
export function firstNft(first: FirstData | null, id: number): NftFirstScreen | undefined {
  return first?.name === 'nftFirstScreen' && first.id === id ? (first.data as NftFirstScreen) : undefined;
}

/**
 * For the app: this NFT's first screen from the page's HTML while the page is young, which it
 * shows until the member's own view of the NFT arrives. Read as often as asked (a component's
 * state initialiser may run twice): it is what anyone sees of the NFT, not the member's answer.
 */
export function nftFirstScreen(id: number): { id: number; data: NftFirstScreen } | undefined {
  if (typeof document === 'undefined' || performance.now() > EARLY_ANSWER_MAX_AGE_MS) return undefined;
  const nft = firstNft(readFirstData(document), id);
  return nft && { id, data: nft };
}
