import type { NftSummary, ProductSummary } from '@parmeta/contracts';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from '@/components/ui';
import { ItemCard } from '@/components/ui/item-card';
import { ParHelp } from '@/components/ui/par-help';
import { StockLabel } from '@/components/ui/stock-label';
import { NftCard } from '@/features/market/components/nft-card';
import { MARKET_DESCRIPTION } from '@/features/market/model/market-text';
import { EAGER_CARDS, GRID_IMAGE_SIZES } from '@/features/shop/model/first-screen';
import { SHOP_DESCRIPTION } from '@/features/shop/model/shop-text';
import type { FirstData } from '@/lib/first-data';
import { paintList, type MarketFirstPage, type ShopFirstPage } from './early-list';
import { paint, sameIds, sortedAttributes } from './paint-kit.test-support';

const product = (id: number, over: Partial<ProductSummary> = {}): ProductSummary => ({
  id,
  slug: `p-${id}`,
  name: `Lamp <${id}>`,
  category: { slug: 'home', name: 'Home & Kitchen' },
  price: 1234.5,
  image: `/demo/products/lamp-${id}.webp`,
  stock: 12,
  stockState: 'in_stock',
  rating: { average: null, count: 0 },
  priceMax: null,
  ...over,
});

const nft = (id: number, over: Partial<NftSummary> = {}): NftSummary => ({
  id,
  slug: `n-${id}`,
  name: `Comet "${id}"`,
  image: `/demo/nfts/comet-${id}.webp`,
  collection: { slug: 'sky', name: 'Sky & Sea' },
  price: 29.9,
  listed: true,
  reserved: false,
  reservedByMe: false,
  owner: 'ParMeta',
  ownedByMe: false,
  ...over,
});

const products = [product(9, { stockState: 'low_stock', stock: 1 }), product(8, { priceMax: 2000 }), product(7, { stockState: 'out_of_stock', stock: 0 }), product(6), product(5)];
const shopPage: ShopFirstPage = { items: products, total: 23, page: 1, pageSize: 12 };
const shopData: FirstData = { name: 'shopProducts', id: 0, data: { ...shopPage, categories: [] } };
const nfts = [nft(4, { listed: false }), nft(3), nft(2), nft(1), nft(0)];
const marketData: FirstData = { name: 'marketProducts', id: 0, data: { items: nfts, total: 24, page: 1, pageSize: 12, collections: [] } };

/** As React's markup and the fake elements' compare: attributes in one order, ids as one, images without a closing tag, and decoded as the early script decodes the first ones. */
const comparable = (markup: string) =>
  sortedAttributes(
    sameIds(
      markup
        // React's server renderer puts a preload of each eager picture first: the browser's renderer does not.
        .replace(/<link [^>]*\/>/g, '')
        .replace(/ ([a-zA-Z-]+)="/g, (_, name: string) => ` ${name.toLowerCase()}="`)
        .replace(/\/>/g, '>')
        .replace(/<\/img>/g, '')
        .replace(/ decoding="sync"/g, ' decoding="async"'),
    ),
  );
const inRouter = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

/** Each <li> of a grid's list, as markup. */
const cardsOf = (markup: string, listClass: string) => {
  const list = new RegExp(`<ul class="${listClass}"[^>]*>(.*?)</ul>`).exec(markup)?.[1] ?? '';
  return [...list.matchAll(/<li>(.*?)<\/li>/g)].map(([, card = '']) => card);
};

describe('list.html’s first screen of a bare /shop and /market (early-list.ts)', () => {
  it('paints the shop’s header, "What is par?", the count and every card of the first page, as the page and ItemCard render them', () => {
    const { painted, html } = paint('/shop', { firstData: shopData, more: paintList });
    expect(painted).toBe(true);
    expect(html.startsWith(`<main class="container">${renderToStaticMarkup(<PageHeader title="Shop" description={SHOP_DESCRIPTION} />)}${renderToStaticMarkup(<ParHelp className="filter-par-help" />)}`)).toBe(true);
    expect(html).toContain('<div class="filter-layout"><aside class="filter-side shop-aside" aria-label="Filters">');
    expect(html).toContain('<h2 class="sr-only" id="shop-results">Products</h2>');
    expect(html).toContain('<p class="shop-count" role="status"><strong>1–12 of 23 products</strong></p>');
    // The cards, one by one, as ProductGrid gives them to ItemCard (without the heart and the
    // rating, which come with the app): the first ones with their picture, the rest waiting.
    const cards = cardsOf(html, 'product-grid');
    expect(cards).toHaveLength(products.length);
    products.forEach((p, index) => {
      const eager = index < EAGER_CARDS;
      const card = (
        <ItemCard
          to={`/product/${p.id}`}
          image={eager ? p.image : undefined}
          name={p.name}
          eyebrow={p.category.name}
          price={p.price}
          from={p.priceMax !== null && p.priceMax > p.price}
          eager={eager}
          sizes={GRID_IMAGE_SIZES}
          meta={<StockLabel state={p.stockState} stock={p.stock} />}
        />
      );
      expect(comparable(cards[index] ?? ''), p.name).toBe(comparable(inRouter(card)));
    });
    expect(cards[0]).toContain('src="/demo/products/lamp-9.webp"');
    expect(cards[1]).toContain('From <span class="par-price">1,234.50<span class="par-price-unit"> par</span></span>');
    expect(cards[4]).not.toContain(' src=');
  });

  it('paints the market’s header, "What is par?", the count and every card, as the page and NftCard render them', () => {
    const { painted, html } = paint('/market', { firstData: marketData, more: paintList });
    expect(painted).toBe(true);
    expect(html).toContain(`<p class="page-header-description">${MARKET_DESCRIPTION}</p>`);
    expect(html).toContain(renderToStaticMarkup(<ParHelp className="filter-par-help" />));
    expect(html).toContain('<div class="filter-layout market-layout"><aside class="filter-side market-side" aria-label="Filters">');
    expect(html).toContain('<h2 class="market-count" id="market-results" aria-live="polite">24 NFTs for sale</h2>');
    expect(html).toContain('<ul class="nft-grid" aria-label="NFTs">');
    const cards = cardsOf(html, 'nft-grid');
    expect(cards).toHaveLength(nfts.length);
    nfts.forEach((item, index) => {
      expect(comparable(cards[index] ?? ''), item.name).toBe(comparable(inRouter(<NftCard nft={item} eager={index < 4} />)));
    });
    expect(cards[0]).toContain('Not for sale');
    expect(cards[1]).toContain('<span class="sr-only">Price: </span>29.90 par');
  });

  it('paints a visitor’s first screen on the open catalog, the market’s without "My NFTs" (a visitor owns none), and nothing for a visitor of the closed catalog', () => {
    const visitor = { refreshExpire: null, catalogOpen: true, more: paintList };
    const shop = paint('/shop', { ...visitor, firstData: shopData });
    expect(shop.painted).toBe(true);
    expect(shop.html).toBe(paint('/shop', { firstData: shopData, more: paintList }).html);
    const market = paint('/market', { ...visitor, firstData: marketData });
    expect(market.painted).toBe(true);
    const header = (title: string, description: string) => renderToStaticMarkup(<PageHeader title={title} description={description} />);
    expect(market.html.startsWith(`<main class="container">${header('NFT market', MARKET_DESCRIPTION)}${renderToStaticMarkup(<ParHelp className="filter-par-help" />)}`)).toBe(true);
    const member = paint('/market', { firstData: marketData, more: paintList }).html;
    expect(member).toContain('<span class="skeleton" aria-hidden="true" style="width:104px;height:40px"></span></div>');
    // Apart from the member's "My NFTs", the same first screen.
    expect(market.html).toBe(member.replace('<span class="skeleton" aria-hidden="true" style="width:104px;height:40px"></span></div>', '</div>'));
    expect(paint('/shop', { firstData: shopData, more: paintList, refreshExpire: null }).painted).toBe(false);
    expect(paint('/shop', { ...visitor, firstData: shopData, search: '?page=2' }).painted).toBe(false);
    expect(paint('/shop', { ...visitor }).painted).toBe(false);
  });

  it('paints the address as the router reads it, and nothing with a filter in it, for the other grid’s data, an empty grid or without a session', () => {
    expect(paint('/Shop/', { firstData: shopData, more: paintList }).painted).toBe(true);
    expect(paint('/shop', { firstData: shopData, more: paintList, search: '?page=2' }).painted).toBe(false);
    expect(paint('/market', { firstData: shopData, more: paintList }).painted).toBe(false);
    expect(paint('/shop', { firstData: marketData, more: paintList }).painted).toBe(false);
    expect(paint('/shop', { firstData: { ...shopData, id: 3 }, more: paintList }).painted).toBe(false);
    expect(paint('/shop', { firstData: { ...shopData, data: { ...shopPage, items: [], total: 0 } }, more: paintList }).painted).toBe(false);
    expect(paint('/market', { firstData: { ...marketData, data: { items: [], total: 0, page: 1, pageSize: 12 } satisfies MarketFirstPage }, more: paintList }).painted).toBe(false);
    expect(paint('/shop', { firstData: shopData, more: paintList, refreshExpire: null }).painted).toBe(false);
    expect(paint('/shop/x', { firstData: shopData, more: paintList }).painted).toBe(false);
    // page.html's script has no painter for the grids: only list.html's does.
    expect(paint('/shop', { firstData: shopData }).painted).toBe(false);
  });
});
