import { ALSO_BOUGHT_PRODUCTS, RELATED_PRODUCTS, type ProductSummary, type RelatedProducts } from '@parmeta/contracts';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { JsonText } from '../../http/route.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import { searchTerms } from '../shop/catalog.repository.js';
import { toProductSummary } from '../shop/catalog.service.js';
import * as repo from './discovery.repository.js';

/**
 * "Customers also bought" lists a product only once this many different members bought both
 * in paid orders (decision 0061): with fewer, a visitor could read one person's purchases.
 */
export const ALSO_BOUGHT_MIN_BUYERS = 3;
/** What was bought together changes slowly; it is counted again at most this often per product. */
export const ALSO_BOUGHT_TTL_MS = 10 * 60_000;

/** Words that say nothing about what a product is. */
const FILLER = new Set(['and', 'the', 'for', 'with', 'set', 'pack', 'of', 'in', 'new']);
/** A name's words that find alike names: 3 letters or more, at most 6. */
const nameWords = (name: string) => [...new Set(searchTerms(name).filter((w) => w.length >= 3 && !FILLER.has(w)))].slice(0, 6);

/**
 * A product page's related products (decision 0061): the same category first, alike names
 * before the rest, then alike names in other categories; and what customers also bought.
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
    const [alike, alsoBoughtIds] = await Promise.all([
      repo.alikeNames(db, this.db.dialect, words, { category: product.category_id }, id, RELATED_PRODUCTS),
      this.together.get(String(id), () => repo.boughtTogether(this.db.kysely, id, ALSO_BOUGHT_MIN_BUYERS, ALSO_BOUGHT_PRODUCTS)),
    ]);
    let ids = alike;
    if (ids.length < RELATED_PRODUCTS) ids = [...ids, ...(await repo.newestInCategory(db, product.category_id, [id, ...ids], RELATED_PRODUCTS - ids.length))];
    if (ids.length < RELATED_PRODUCTS) {
      ids = [...ids, ...(await repo.alikeNames(db, this.db.dialect, words, { otherThan: product.category_id }, id, RELATED_PRODUCTS - ids.length))];
    }
    const summaries = await this.summaries([...ids, ...alsoBoughtIds]);
    const pick = (list: number[]) => list.flatMap((x) => summaries.get(x) ?? []);
    return { related: pick(ids), alsoBought: pick(alsoBoughtIds) };
  }

  /** Active products only: one deactivated since it was bought is not offered. */
  private async summaries(ids: number[]): Promise<Map<number, ProductSummary>> {
    const rows = await repo.activeSummaries(this.db.reads, [...new Set(ids)]);
    return new Map(rows.map((r) => [Number(r.id), toProductSummary(r)]));
  }
}
