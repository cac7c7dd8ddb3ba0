import { apiRoutes, buildPath } from '@parmeta/contracts';
import { describe, expect, it } from 'vitest';
import { NFT_EAGER_CARDS, NFT_GRID_IMAGE_SIZES } from '@/features/market/model/first-screen';
import { marketBody, parseMarketParams } from '@/features/market/model/market-query';
import { EAGER_CARDS, GRID_IMAGE_SIZES } from '@/features/shop/model/first-screen';
import { parseShopParams } from '@/features/shop/model/parse-shop-params';
import { imageSrcSet } from '@/lib/image-variants';
import { matchRoutes } from 'react-router';
import { routes } from '@/app/routes';
import { pagePlanFor, preloadPageFor, userDetailCall, type EarlyCall } from './page-plans';

/** The early script sends each call by hand: it must be the route the app calls by that name. */
function expectRoute(call: EarlyCall) {
  const route = apiRoutes[call.name as keyof typeof apiRoutes];
  expect(route, call.name).toBeDefined();
  expect(call.method).toBe(route.method);
  expect(call.path).toBe(buildPath(route, call.input.params));
  // The early script runs only with a session: its calls carry the bearer, as protected and
  // shop-window ('catalog') calls of a member do.
  expect([true, 'catalog']).toContain(route.auth);
}

describe('the early script’s calls', () => {
  it('are the routes of the contracts, with the input the shop page builds from its address', () => {
    for (const search of ['', '?category=books&sort=newest&page=3', '?priceFr=100&priceTo=20&search=%20lamp%20']) {
      const plan = pagePlanFor('/shop', search);
      expect(plan?.page).toBe('shop');
      expectRoute(plan!.call);
      expect(plan!.call.input).toEqual({ body: parseShopParams(new URLSearchParams(search)) });
    }
  });

  it('are those of the product page for a product address', () => {
    for (const [path, id] of [['/product/50', 50], ['/product/050/', 50], ['/product/123456789012345', 123456789012345]] as const) {
      const plan = pagePlanFor(path, '');
      expect(plan?.page).toBe('product');
      expectRoute(plan!.call);
      // As product-page.tsx calls it: useProduct(Number(id)) -> callApi('productDetail', { params: { id } }).
      expect(plan!.call.input).toEqual({ params: { id } });
    }
    for (const path of ['/product/0', '/product/abc', '/product/1234567890123456', '/product', '/products/5', '/cart', '/shop/x']) expect(pagePlanFor(path, '')).toBeNull();
  });

  it('are those of the NFT market, with the input market-page.tsx builds from its address, and of My NFTs', () => {
    for (const search of ['', '?category=pixel-pals&sort=price_asc&page=2', '?priceFr=5&search=%20neon%20']) {
      const plan = pagePlanFor('/market', search);
      expect(plan?.page).toBe('market');
      expectRoute(plan!.call);
      // As useMarket(query) -> callApi('marketProducts', { body: marketBody(query) }).
      expect(plan!.call.input).toEqual({ body: marketBody(parseMarketParams(new URLSearchParams(search))) });
    }
    const mine = pagePlanFor('/my-nfts/', '');
    expect(mine?.page).toBe('myNfts');
    expectRoute(mine!.call);
    // As useMyNfts() -> callApi('myNfts', { body: {} }).
    expect(mine!.call.input).toEqual({ body: {} });
    for (const path of ['/market/x', '/my-nfts/1', '/nft/1']) expect(pagePlanFor(path, '')).toBeNull();
  });

  it('preload the modules of the member pages without a plan, at their addresses in the route table', () => {
    for (const [path, page] of [
      ['/cart', 'cart'],
      ['/orders', 'orders'],
      ['/wallet', 'wallet'],
      ['/profile', 'profile'],
      ['/addresses', 'addresses'],
      ['/cards', 'cards'],
      ['/account', 'account'],
      ['/account/security', 'security'],
      ['/checkout', 'checkout'],
      ['/wishlist', 'wishlist'],
      ['/nft/12', 'nft'],
    ] as const) {
      expect(preloadPageFor(path, null)).toBe(page);
      expect(preloadPageFor(`${path.toUpperCase()}/`, null)).toBe(page);
      // The address is a page of the app's routes (its own leaf route, not the catch-all).
      const leaf = matchRoutes(routes, path)?.at(-1);
      expect(leaf?.pathname.replace(/(.)\/$/, '$1'), path).toBe(path);
      expect(leaf?.route.path, path).not.toBe('*');
    }
    for (const path of ['/', '/wallet/x', '/orders/NO-1', '/account/email', '/admin', '/admin/payouts', '/nft/x', '/nft/1/2']) expect(preloadPageFor(path, null)).toBeNull();
    const shop = pagePlanFor('/shop', '');
    expect(preloadPageFor('/shop', shop)).toBe('shop');
  });

  it('include the user detail, as features/auth/api/get-user-detail.ts asks for it', () => {
    const call = userDetailCall('alice');
    expectRoute(call);
    expect(call.input).toEqual({ body: { user_id: 'alice' } });
  });

  it('pick the images each page shows first', () => {
    const items = Array.from({ length: 12 }, (_, i) => ({ image: i === 0 ? '/media/products/abc-800.webp' : `/media/older/${i}.png` }));
    // As the grid's cards show them: the srcset and sizes the <img> has, so the preload fetches the copy it will use.
    expect(pagePlanFor('/shop', '')!.images({ items })).toEqual([
      { href: '/media/products/abc-800.webp', srcset: imageSrcSet('/media/products/abc-800.webp'), sizes: GRID_IMAGE_SIZES },
      ...items.slice(1, EAGER_CARDS).map((item) => ({ href: item.image })),
    ]);
    // The NFT grids' first cards, with the NFT grid's sizes.
    const nfts = Array.from({ length: 6 }, (_, i) => ({ image: i === 0 ? 'https://art.example.com/x.png' : `/demo/nfts/n-${i}.webp` }));
    const expected = [{ href: nfts[0]!.image }, ...nfts.slice(1, NFT_EAGER_CARDS).map(({ image }) => ({ href: image, srcset: imageSrcSet(image), sizes: NFT_GRID_IMAGE_SIZES }))];
    expect(pagePlanFor('/market', '')!.images({ items: nfts, total: 6, collections: [] })).toEqual(expected);
    expect(pagePlanFor('/my-nfts', '')!.images(nfts)).toEqual(expected);
    const product = pagePlanFor('/product/5', '')!;
    expect(product.images({ image: '/card.webp', images: ['/one-800.webp', '/two.webp'] })).toEqual([{ href: '/one-800.webp' }]);
    expect(product.images({ image: '/card.webp', images: [] })).toEqual([{ href: '/card.webp' }]);
  });
});
