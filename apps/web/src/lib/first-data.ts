import type { ProductDetail } from '@parmeta/contracts';
import { EARLY_ANSWER_MAX_AGE_MS } from '@/boot/handoff';

/**
 * A page's first data, which the server writes into page.html's head for a member (as
 * apps/api/src/plugins/web-static.ts names it): on a product page, the product's detail, the
 * same answer as the productDetail call; on an NFT page, what its first screen shows of the NFT.
 * The early script paints the page's first screen from it (boot/early-item.ts); the app shows the
 * product without asking for it, and the NFT until the member's own view arrives (docs/decisions/0098).
 */
export const FIRST_DATA_ID = 'first-data';

export interface FirstData {
  /** The route whose answer it is. */
  name: string;
  /** The product's id, from the address. */
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

/**
 * For the app: this product's detail from the page's HTML, once, while the page is young (as the
 * early script's answers, boot/handoff.ts): after that, or for another product, it asks as usual.
 */
export function takeFirstProduct(id: number): ProductDetail | undefined {
  if (typeof document === 'undefined') return undefined;
  const product = firstProduct(readFirstData(document), id);
  if (!product) return undefined;
  document.getElementById(FIRST_DATA_ID)?.remove();
  return performance.now() <= EARLY_ANSWER_MAX_AGE_MS ? product : undefined;
}

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
