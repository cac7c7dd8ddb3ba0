import type { ProductSummary, RelatedProducts } from '@parmeta/contracts';
import { ALSO_BOUGHT_PRODUCTS, RELATED_PRODUCTS } from '@parmeta/contracts/shop/shop-limits';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { JsonText } from '../../http/route.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { searchTerms } from '../shop/catalog.repository.js';
import { toProductSummary } from '../shop/product-summary.js';
import * as repo from './discovery.repository.js';

/**
 * "Customers also bought" lists a product only once this many different members bought both
 * in paid orders (decision 0061): with fewer, a visitor could read one person's purchases.
 */
export const ALSO_BOUGHT_MIN_BUYERS = 3;
/** What was bought together changes slowly; it is counted again at most this often per product. */
export const ALSO_BOUGHT_TTL_MS = 10 * 60_000;

/** Products read per "shares a name word" question before they are ranked by how many they share. */
const SHARING_CANDIDATES = 32;
/** These products in this order, those found only. */
const pickIn = (ids: number[], found: Map<number, ProductSummary>) => ids.flatMap((x) => found.get(x) ?? []);

/** The products sharing the most name words first (then the newest), at most a page. */
function mostAlike(words: string[], found: ProductSummary[]): ProductSummary[] {
  const shared = (p: ProductSummary) => {
    const own = new Set(searchTerms(p.name));
    return words.filter((w) => own.has(w)).length;
  };
  return found
    .map((p) => ({ p, n: shared(p) }))
    .filter((x) => x.n > 0)
    .sort((a, b) => b.n - a.n || b.p.id - a.p.id)
    .slice(0, RELATED_PRODUCTS)
    .map((x) => x.p);
}

/** Words that say nothing about what a product is. */
const FILLER = new Set(['and', 'the', 'for', 'with', 'set', 'pack', 'of', 'in', 'new']);
/** A name's words that find alike names: 3 letters or more, at most 6. */
const nameWords = (name: string) => [...new Set(searchTerms(name).filter((w) => w.length >= 3 && !FILLER.has(w)))].slice(0, 6);

/**
 * A product page's related products (decision 0061): the same category first, alike names
 * before the rest, then alike names in other categories; and what customers also bought.
 * "Alike" is ranked here over a few dozen products sharing a name word, read unranked.
 * The answer is kept like the catalog's (same TTL, dropped with it); what was bought together
 * is kept 10 minutes whatever the catalog does, as counting it reads the product's orders,
 * and an order being placed (a catalog change: stock) must not make every page count again.
 */
export class RelatedService {
  private readonly answers: TtlCache<JsonText<RelatedProducts>>;
  private readonly together: TtlCache<number[]>;

  constructor(
    private readonly db: Db,
    cacheTtlMs: number,
  ) {
    this.answers = new TtlCache({ ttlMs: cacheTtlMs, maxEntries: 2000 });
    this.together = new TtlCache({ ttlMs: cacheTtlMs > 0 ? ALSO_BOUGHT_TTL_MS : 0, maxEntries: 5000 });
  }

  forget(): void {
    this.answers.invalidate();
  }

  related(id: number): Promise<JsonText<RelatedProducts>> {
    return this.answers.get(String(id), async () => JsonText.from(await this.read(id)));
  }

  private async read(id: number): Promise<RelatedProducts> {
    const db = this.db.reads;
    const product = await repo.productBasics(db, id);
    if (!product) throw notFound('That product is not in the shop.');
    const words = nameWords(product.name);
    const [sameCategory, alsoBoughtIds] = await Promise.all([
      repo.sharingNameWords(db, this.db.dialect, words, { category: product.category_id }, id, SHARING_CANDIDATES),
      this.together.get(String(id), () => repo.boughtTogether(this.db.kysely, id, ALSO_BOUGHT_MIN_BUYERS, ALSO_BOUGHT_PRODUCTS)),
    ]);
    const related = mostAlike(words, sameCategory.map(toProductSummary));
    if (related.length < RELATED_PRODUCTS) {
      const newest = await repo.newestInCategory(db, product.category_id, [id, ...related.map((p) => p.id)], RELATED_PRODUCTS - related.length);
      related.push(...pickIn(newest, await this.summaries(newest)));
    }
    if (related.length < RELATED_PRODUCTS) {
      const elsewhere = await repo.sharingNameWords(db, this.db.dialect, words, { otherThan: product.category_id }, id, SHARING_CANDIDATES);
      related.push(...mostAlike(words, elsewhere.map(toProductSummary)));
    }
    const bought = alsoBoughtIds.length > 0 ? await this.summaries(alsoBoughtIds) : new Map<number, ProductSummary>();
    return { related: related.slice(0, RELATED_PRODUCTS), alsoBought: pickIn(alsoBoughtIds, bought) };
  }

  /** Active products only: one deactivated since it was bought is not offered. */
  private async summaries(ids: number[]): Promise<Map<number, ProductSummary>> {
    const rows = await repo.activeSummaries(this.db.reads, [...new Set(ids)]);
    return new Map(rows.map((r) => [Number(r.id), toProductSummary(r)]));
  }
}
