import type { apiRoutes, ProductDetail, RouteData, shopFilter } from '@parmeta/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { JsonText } from '../../http/route.js';
import { listBounds } from '../../lib/list-query.js';
import { toNftSummary } from '../market/market.service.js';
import { listedNfts } from '../market/market.repository.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { NoChangeFeed, type ChangeFeed } from '../../db/change-feed.js';
import * as repo from './catalog.repository.js';
import { variantsFor } from '../variants/variant.service.js';
import { CatalogSearch, type SearchAnswer } from './catalog-search.service.js';
import { shownProduct } from './product-shelf.js';
import { toProductSummary } from './product-summary.js';

type ShopFilter = z.output<typeof shopFilter>;
export type CatalogPage = RouteData<typeof apiRoutes.shopProducts>;

/** Answers of the list kept at most this many (a few KB each): a bound on memory whatever people search for. */
const MAX_CACHED_PAGES = 1000;
/** Product details kept at most this many (a KB or two each). */
const MAX_CACHED_DETAILS = 2000;

/**
 * One query, one key: filters that select the same products in the same order share an answer
 * (search words as the search matches them; relevance without words is the newest-first order).
 */
export function catalogQuery(f: ShopFilter): { query: repo.CatalogQuery; key: string } {
  const terms = repo.searchTerms(f.search);
  // No sort asked for: best match for a search, newest first for none; best match without
  // words has nothing to rank by, and is the newest-first order too.
  const asked = f.sort ?? (terms.length > 0 ? 'relevance' : 'newest');
  const sort = asked === 'relevance' && terms.length === 0 ? 'newest' : asked;
  const query: repo.CatalogQuery = { terms, category: f.category, sort, ...listBounds(f) };
  const key = JSON.stringify([terms.join(' '), query.category, query.priceFrMinor ?? null, query.priceToMinor ?? null, query.sort, query.limit, query.offset]);
  return { query, key };
}

type Featured = Awaited<ReturnType<CatalogService['readFeatured']>>;

/**
 * The shop window: search and filters, one product, the public featured selection.
 * All three are answers many requests share, kept for the same TTL and dropped together by
 * `changed()` (docs/decisions/0010): a product page or the home page read from the database
 * each time cost 150 and 450 µs of CPU per request, 6 and 20 times a cached list page.
 */
export class CatalogService {
  /** Kept serialised: many requests send the same answer, and text cannot be changed by one of them. */
  private readonly pages: TtlCache<JsonText<CatalogPage>>;
  private readonly details: TtlCache<JsonText<ProductDetail>>;
  /**
   * The featured NFTs are kept for the TTL too, and market sales do not drop them: the answer
   * already tells browsers to keep it for a minute (cache-control), so a sold NFT can show on
   * the home page that long whichever cache holds it; its own page tells the truth.
   */
  private readonly featuredAnswer: TtlCache<JsonText<Featured>>;
  /** Other answers read from the catalog (suggestions, related products): dropped with these. */
  private readonly dependents: (() => void)[] = [];
  /** Pages come from the in-memory index where it serves them: every search, small catalogs' lists (docs/decisions/0079, 0080). */
  readonly search: CatalogSearch;

  constructor(
    private readonly db: Db,
    cacheTtlMs: number,
    /** Tells the other instances of a change, and tells this one of theirs (docs/decisions/0045). */
    private readonly feed: ChangeFeed = new NoChangeFeed(),
    log?: ConstructorParameters<typeof CatalogSearch>[1],
  ) {
    this.search = new CatalogSearch(db, log);
    this.pages = new TtlCache({ ttlMs: cacheTtlMs, maxEntries: MAX_CACHED_PAGES });
    this.details = new TtlCache({ ttlMs: cacheTtlMs, maxEntries: MAX_CACHED_DETAILS });
    this.featuredAnswer = new TtlCache({ ttlMs: cacheTtlMs, maxEntries: 1 });
    feed.subscribe('catalog', () => this.forget());
  }

  async list(f: ShopFilter): Promise<JsonText<CatalogPage>> {
    const { query, key } = catalogQuery(f);
    return this.pages.get(key, () => this.read(query));
  }

  /**
   * Products, stock or categories changed (and committed): lists answer from the database
   * again, on this instance at once and on the others as soon as they hear of it.
   */
  changed(): void {
    this.forget();
    this.feed.publish('catalog');
  }

  private forget(): void {
    this.pages.invalidate();
    this.details.invalidate();
    this.featuredAnswer.invalidate();
    for (const drop of this.dependents) drop();
  }

  /** `drop` runs whenever these answers are dropped, for this instance's changes and the others'. */
  onChange(drop: () => void): void {
    this.dependents.push(drop);
  }

  /** Runs a write that changes products, stock or categories, and then `changed()`, once it has committed or failed. */
  async changing<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } finally {
      this.changed();
    }
  }

  /**
   * The page as JSON text, written from each product's summary as the shelf keeps it
   * (docs/decisions/0083): the same text as `JSON.stringify` of a `CatalogPage`.
   */
  private async read(query: repo.CatalogQuery): Promise<JsonText<CatalogPage>> {
    // The index, once it is built (a large catalog's lists without words excepted). Otherwise
    // off the event loop on SQLite, the page and the counts at once (docs/decisions/0018).
    const { items, categories } = (await this.search.search(query)) ?? (await this.readInSql(query));
    // The per-category counts already apply the search and price filters: the total is their sum.
    const total = categories.filter((c) => query.category === 'all' || c.slug === query.category).reduce((sum, c) => sum + c.count, 0);
    const page = query.offset / query.limit + 1;
    return JsonText.written<CatalogPage>(`{"items":[${items.map((p) => p.json).join(',')}],"total":${total},"page":${page},"pageSize":${query.limit},"categories":${JSON.stringify(categories)}}`);
  }

  private async readInSql(query: repo.CatalogQuery): Promise<SearchAnswer> {
    const { rows, categories } = await repo.catalogPage(this.db.reads, this.db.dialect, query);
    return { items: rows.map(shownProduct), categories };
  }

  /** One product; an unknown or inactive one is not found (and not kept: the next ask reads again). */
  detail(id: number): Promise<JsonText<ProductDetail>> {
    return this.details.get(String(id), async () => JsonText.from(await this.readDetail(id)));
  }

  featured(): Promise<JsonText<Featured>> {
    return this.featuredAnswer.get('', async () => JsonText.from(await this.readFeatured()));
  }

  private async readDetail(id: number): Promise<ProductDetail> {
    const row = await repo.productById(this.db.kysely, id);
    if (!row || row.active !== 1) throw notFound('That product is not in the shop.');
    return { ...toProductSummary(row), description: row.description, images: JSON.parse(row.images) as string[], ...(await variantsFor(this.db.kysely, row.id, row.options)) };
  }

  private async readFeatured() {
    const [products, nfts] = await Promise.all([
      repo.featuredProducts(this.db.kysely, 8),
      listedNfts(this.db.kysely, { search: '', category: 'all', sort: 'price_desc', limit: 4, offset: 0 }),
    ]);
    return { products: products.map(toProductSummary), nfts: nfts.items.map((n) => toNftSummary(n, null)) };
  }
}
