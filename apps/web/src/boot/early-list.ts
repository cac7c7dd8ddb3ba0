import { formatMoney, toMinor, type NftSummary, type ProductSummary } from '@parmeta/contracts';
import { PAR_HELP_ANSWER, PAR_HELP_QUESTION } from '@/components/ui/par-help-text';
import { stockClasses, stockText } from '@/components/ui/stock-text';
import { NFT_EAGER_CARDS, NFT_GRID_IMAGE_SIZES } from '@/features/market/model/first-screen';
import { MARKET_DESCRIPTION, marketCount } from '@/features/market/model/market-text';
import { EAGER_CARDS, GRID_IMAGE_SIZES } from '@/features/shop/model/first-screen';
import { SHOP_DESCRIPTION, shownRange } from '@/features/shop/model/shop-text';
import { formatAsset } from '@/features/wallet/model/money';
import { imageSrcSet } from '@/lib/image-variants';
import { firstList } from '@/lib/first-data';
import { routerPath } from '@/lib/route-path';
import type { drawing, FirstScreenPainter } from './early-head';

// A bare /shop's or /market's first screen, painted by page.html's early script from the grid's
// first page that came with the page's HTML (lib/first-data.ts; docs/decisions/0099): the header,
// "What is par?", the count, and the cards, as shop-page.tsx and market-page.tsx render them with
// that answer, with the same global classes (styles/browse.css). The first cards' pictures are the
// page's largest paint. The controls (the search, the Filters button, the sort, the filter column)
// work only with the app's code: until then they are placeholders of their size. The wishlist
// hearts, the ratings and the market's badges ("Yours", "Reserved") come with the app too.

type Draw = ReturnType<typeof drawing>;

/** What both grids' first pages hold. */
interface GridPage<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/** The shop's first page: shopProducts' answer. */
export type ShopFirstPage = GridPage<ProductSummary>;
/** The market's first page: marketProducts' answer. */
export type MarketFirstPage = GridPage<NftSummary>;

/** A grid card's picture as the card renders it: the same file, copy and priority. */
function cardImage({ element }: Draw, src: string | undefined, sizes: string, attributes: Record<string, string>, className = ''): HTMLElement {
  const img = element('img', className);
  const srcSet = src === undefined ? undefined : imageSrcSet(src);
  const all: Record<string, string | undefined> = { src, srcset: srcSet, sizes: srcSet && sizes, alt: '', ...attributes };
  for (const [name, value] of Object.entries(all)) if (value !== undefined) img.setAttribute(name, value);
  return img;
}

/** ParHelp (components/ui/par-help.tsx): a native disclosure, which works before the app does. */
function parHelp({ element }: Draw): HTMLElement {
  const details = element('details', 'par-help filter-par-help');
  details.append(element('summary', 'par-help-summary', PAR_HELP_QUESTION), element('p', 'par-help-answer', PAR_HELP_ANSWER));
  return details;
}

/** The filter column (beside the grid on a wide screen only), the search box with the Filters button, and the sort. */
function controls(draw: Draw, asideClass: string): { aside: HTMLElement; toolbar: HTMLElement; sort: HTMLElement } {
  const { element } = draw;
  const aside = element('aside', `filter-side ${asideClass}`);
  aside.setAttribute('aria-label', 'Filters');
  aside.append(draw.skeleton('100%', '480px'));
  // The search box is 44 px high (search-box.module.css), as is the Filters button, shown below 1024 px.
  const toolbar = element('div', 'filter-toolbar');
  const search = draw.skeleton('auto', '44px');
  search.style.flex = '1';
  toolbar.append(search, draw.skeleton('114px', '44px', 'filters-button'));
  // SelectField: its label's line (14 px at 1.5), 6 px, and the 42 px select.
  const sort = element('div', 'filter-sort');
  sort.style.display = 'grid';
  sort.style.gap = '6px';
  sort.append(draw.skeleton('56px', '21px'), draw.skeleton('100%', '42px'));
  return { aside, toolbar, sort };
}

/** The page's header, "What is par?" and the layout beside the filters, with the results' parts inside. */
interface Results {
  asideClass: string;
  /** The id of the results' heading. */
  label: string;
  /** Above the search box: the shop's hidden heading. */
  heading?: HTMLElement;
  /** Below it: the count with the sort, and the grid. */
  parts: (sort: HTMLElement) => HTMLElement[];
}

function browsePage(draw: Draw, head: { title: string; description: string; action?: HTMLElement }, layoutClass: string, results: Results): HTMLElement[] {
  const { element } = draw;
  const header = draw.pageHeader(head);
  if (head.action) header.append(head.action);
  const { aside, toolbar, sort } = controls(draw, results.asideClass);
  const section = element('section', 'filter-results');
  section.setAttribute('aria-labelledby', results.label);
  if (results.heading) section.append(results.heading);
  section.append(toolbar, ...results.parts(sort));
  const layout = element('div', layoutClass);
  layout.append(aside, section);
  return [header, parHelp(draw), layout];
}

/** ItemCard as ProductGrid renders it (item-card.tsx, product-grid.tsx), without the wishlist heart and the rating. */
function productCard(draw: Draw, product: ProductSummary, index: number): HTMLElement {
  const { element } = draw;
  const eager = index < EAGER_CARDS;
  const media = element('div', 'item-card-media');
  // The cards below the first screen get their pictures once the first ones have shown.
  media.append(cardImage(draw, eager ? product.image : undefined, GRID_IMAGE_SIZES, { width: '400', height: '400', loading: eager ? 'eager' : 'lazy', decoding: eager ? 'sync' : 'async' }));
  const name = element('h3', 'item-card-name');
  name.append(draw.link(`/product/${product.id}`, product.name, 'item-card-link'));
  // Price (price.tsx): on its own the card's price; after "From " for a product with variants.
  const from = product.priceMax !== null && product.priceMax > product.price;
  const price = element('span', from ? 'par-price' : 'par-price item-card-price');
  price.append(formatMoney(toMinor(product.price)), element('span', 'par-price-unit', ' par'));
  const foot = element('div', 'item-card-foot');
  if (from) {
    const wrap = element('span', 'item-card-price');
    wrap.append('From ', price);
    foot.append(wrap);
  } else foot.append(price);
  foot.append(element('span', stockClasses(product.stockState, product.stock), stockText(product.stockState, product.stock)));
  const body = element('div', 'item-card-body');
  body.append(element('p', 'item-card-eyebrow', product.category.name), name, foot);
  const card = element('article', 'item-card');
  card.append(media, body);
  return card;
}

/** NftCard as the market renders it (nft-card.tsx), before the badges. */
function nftCard(draw: Draw, nft: NftSummary, index: number): HTMLElement {
  const { element } = draw;
  const eager = index < NFT_EAGER_CARDS;
  const media = element('div', 'nft-card-media');
  const attributes: Record<string, string> = { width: '800', height: '800', loading: eager ? 'eager' : 'lazy', decoding: eager ? 'sync' : 'async' };
  if (eager) attributes.fetchpriority = 'high';
  // The badges' row, empty (and hidden) until the app marks the member's own and reserved NFTs.
  media.append(cardImage(draw, nft.image, NFT_GRID_IMAGE_SIZES, attributes, 'nft-card-image'), element('div', 'nft-card-badges'));
  const nameId = `nft-${nft.id}-name`;
  const name = element('h3', 'nft-card-name');
  name.setAttribute('id', nameId);
  name.append(draw.link(`/nft/${nft.id}`, nft.name, 'nft-card-link'));
  const price = element('p', 'nft-card-price');
  if (nft.listed) price.append(element('span', 'sr-only', 'Price: '), formatAsset(nft.price));
  else price.append(element('span', 'nft-card-not-for-sale', 'Not for sale'));
  const body = element('div', 'nft-card-body');
  body.append(element('p', 'nft-card-collection', nft.collection.name), name, price);
  const card = element('article', 'nft-card');
  card.setAttribute('aria-labelledby', nameId);
  card.append(media, body);
  return card;
}

/** A grid's list with one card per item. */
function grid<T>({ element }: Draw, className: string, items: T[], card: (item: T, index: number) => HTMLElement): HTMLElement {
  const list = element('ul', className);
  list.append(
    ...items.map((item, index) => {
      const li = element('li', '');
      li.append(card(item, index));
      return li;
    }),
  );
  return list;
}

/** The shop with no filter (shop-page.tsx): the results' count, and the cards. Nothing for an empty shop, whose page says so. */
export function drawShopFirst(draw: Draw, page: ShopFirstPage): HTMLElement[] | null {
  const range = shownRange(page);
  if (range === null || page.items.length === 0) return null;
  const heading = draw.element('h2', 'sr-only', 'Products');
  heading.setAttribute('id', 'shop-results');
  return browsePage(draw, { title: 'Shop', description: SHOP_DESCRIPTION }, 'filter-layout', {
    asideClass: 'shop-aside',
    label: 'shop-results',
    heading,
    parts: (sort) => {
      const count = draw.element('p', 'shop-count');
      count.setAttribute('role', 'status');
      count.append(draw.element('strong', '', range));
      const summary = draw.element('div', 'filter-summary');
      summary.append(count, sort);
      return [summary, grid(draw, 'product-grid', page.items, (product, index) => productCard(draw, product, index))];
    },
  });
}

/**
 * The market with no filter (market-page.tsx): the header's "My NFTs" for a member (a visitor of
 * the open catalog owns none), the count, and the cards. Nothing for an empty market.
 */
export function drawMarketFirst(draw: Draw, page: MarketFirstPage, member: boolean): HTMLElement[] | null {
  if (page.items.length === 0) return null;
  // ButtonLink's "My NFTs" (40 px high) comes with the app.
  const action = member ? draw.skeleton('104px', '40px') : undefined;
  return browsePage(draw, { title: 'NFT market', description: MARKET_DESCRIPTION, action }, 'filter-layout market-layout', {
    asideClass: 'market-side',
    label: 'market-results',
    parts: (sort) => {
      const count = draw.element('h2', 'market-count', marketCount(page.total, false));
      count.setAttribute('id', 'market-results');
      count.setAttribute('aria-live', 'polite');
      const row = draw.element('div', 'market-count-row');
      row.append(count);
      const summary = draw.element('div', 'filter-summary');
      summary.append(row, sort);
      const list = grid(draw, 'nft-grid', page.items, (nft, index) => nftCard(draw, nft, index));
      list.setAttribute('aria-label', 'NFTs');
      return [summary, list];
    },
  });
}

/**
 * A bare /shop or /market whose HTML brought the grid's first page: its first screen of cards.
 * With a filter in the address the page asks for its own.
 */
export const paintList: FirstScreenPainter = (page, paint, member) => {
  if (page.search !== '') return false;
  const path = routerPath(page.pathname);
  const shop = path === '/shop' ? firstList<ShopFirstPage>(page.firstData, 'shopProducts') : undefined;
  if (shop) return paint(page, (draw) => drawShopFirst(draw, shop));
  const market = path === '/market' ? firstList<MarketFirstPage>(page.firstData, 'marketProducts') : undefined;
  return market !== undefined && paint(page, (draw) => drawMarketFirst(draw, market, member));
};
