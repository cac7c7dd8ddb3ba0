import { NFT_EAGER_CARDS, NFT_GRID_IMAGE_SIZES } from '@/features/market/model/first-screen';
import { marketBody, parseMarketParams } from '@/features/market/model/market-query';
import { EAGER_CARDS, GRID_IMAGE_SIZES } from '@/features/shop/model/first-screen';
import { parseShopParams } from '@/features/shop/model/parse-shop-params';
import { imageSrcSet } from '@/lib/image-variants';
import { routerPath } from '@/lib/route-path';

// The API calls the early script makes for a page: the user detail on every page of a signed-in
// user, and for a few pages their own first call and the images they show first. Only pages
// where it matters (a grid or a product image as the largest paint); any other page waits for
// its code as before. page-plans.test.ts holds each call to the contracts' route table and to
// the input the app itself builds.

/** The pages with a plan; vite.config.ts names the modules each one loads (preloaded early). */
export type PlannedPage = 'shop' | 'product' | 'market' | 'myNfts';

/**
 * Member pages without a data plan whose modules the early script still preloads, so the page's
 * code arrives with the route table instead of after it (one round trip less before the page
 * can render). Their addresses, exactly as app/routes.tsx has them. Not the admin's pages:
 * preloaded too, /admin/products measured 96-97 against 97 without (decision 0073).
 */
const MODULE_PAGES = {
  '/checkout': 'checkout',
  '/wishlist': 'wishlist',
  '/cart': 'cart',
  '/orders': 'orders',
  '/wallet': 'wallet',
  '/profile': 'profile',
  '/addresses': 'addresses',
  '/cards': 'cards',
  '/account': 'account',
  '/account/security': 'security',
} as const;

/** An NFT's page: the one member page with a parameter whose modules are preloaded. */
const NFT_PAGE = /^\/nft\/\d{1,15}$/;

export type ModulePage = (typeof MODULE_PAGES)[keyof typeof MODULE_PAGES] | 'nft';

/** Which page's modules to preload for an address: a planned page's, or a member page's. */
export function preloadPageFor(pathname: string, plan: PagePlan | null): PlannedPage | ModulePage | null {
  if (plan) return plan.page;
  const path = routerPath(pathname);
  if (NFT_PAGE.test(path)) return 'nft';
  return (MODULE_PAGES as Record<string, ModulePage>)[path] ?? null;
}

export interface EarlyCall {
  /** The route name in the contracts' table, as the page calls it. */
  name: string;
  method: 'GET' | 'POST';
  /** Below /api, parameters filled in. */
  path: string;
  /** The input the page passes to callApi: what its answer is matched by. */
  input: { body?: unknown; params?: Record<string, unknown> };
}

/** An image as the page shows it: with the same srcset and sizes, a preload fetches the same file. */
export interface PageImage {
  href: string;
  srcset?: string;
  sizes?: string;
}

export interface PagePlan {
  page: PlannedPage;
  call: EarlyCall;
  /** The images the page shows first, from the call's data. */
  images(data: unknown): PageImage[];
}

/** A grid card's image (components/ui/item-card.tsx with the grid's sizes). */
const gridImage = (href: string, sizes = GRID_IMAGE_SIZES): PageImage => {
  const srcset = imageSrcSet(href);
  return srcset ? { href, srcset, sizes } : { href };
};

/** The first NFT cards' images (features/market/components/nft-card.tsx). */
const nftImages = (items: { image: string }[]) => items.slice(0, NFT_EAGER_CARDS).map((item) => gridImage(item.image, NFT_GRID_IMAGE_SIZES));

/**
 * The signed-in user's detail (features/auth/api/get-user-detail.ts): every page refreshes it
 * as it opens (the header reads it), with the same renewed token.
 */
export const userDetailCall = (userName: string): EarlyCall => ({ name: 'userDetail', method: 'POST', path: '/user/detail', input: { body: { user_id: userName } } });

interface ProductAnswer {
  image: string;
  images?: string[];
}

export function pagePlanFor(pathname: string, search: string): PagePlan | null {
  if (/^\/shop\/?$/.test(pathname)) {
    // The shop page's own reading of its address (shop-page.tsx), so the input is the same.
    const body = parseShopParams(new URLSearchParams(search));
    return {
      page: 'shop',
      call: { name: 'shopProducts', method: 'POST', path: '/ecommerce/SelProductShop', input: { body } },
      images: (data) => (data as { items: ProductAnswer[] }).items.slice(0, EAGER_CARDS).map((item) => gridImage(item.image)),
    };
  }
  // As product-page.tsx: up to 15 digits; a zero id shows "not available" without a call.
  const product = /^\/product\/(\d{1,15})\/?$/.exec(pathname);
  const id = Number(product?.[1] ?? 0);
  if (id > 0) {
    return {
      page: 'product',
      call: { name: 'productDetail', method: 'GET', path: `/ecommerce/product/${id}`, input: { params: { id } } },
      // The gallery's main image (gallery.tsx): the first of the images, else the card image.
      images: (data) => {
        const { image, images } = data as ProductAnswer;
        return [{ href: images?.[0] ?? image }];
      },
    };
  }
  if (/^\/market\/?$/.test(pathname)) {
    // As market-page.tsx reads its address (a bare /market after a reload: the defaults, as the
    // filter it may restore lives in memory only).
    const body = marketBody(parseMarketParams(new URLSearchParams(search)));
    return {
      page: 'market',
      call: { name: 'marketProducts', method: 'POST', path: '/gx/market_products', input: { body } },
      images: (data) => nftImages((data as { items: { image: string }[] }).items),
    };
  }
  if (/^\/my-nfts\/?$/.test(pathname)) {
    return {
      page: 'myNfts',
      call: { name: 'myNfts', method: 'POST', path: '/gx/my_nfts', input: { body: {} } },
      images: (data) => nftImages(data as { image: string }[]),
    };
  }
  return null;
}
