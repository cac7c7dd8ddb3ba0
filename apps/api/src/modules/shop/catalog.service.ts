import { LOW_STOCK_AT, fromMinor, type ProductDetail, type ProductSummary, type shopFilter } from '@parmeta/contracts';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import { notFound } from '../../http/errors.js';
import { listBounds } from '../../lib/list-query.js';
import { toNftSummary } from '../market/market.service.js';
import { listedNfts } from '../market/market.repository.js';
import * as repo from './catalog.repository.js';

export const stockStateOf = (stock: number): ProductSummary['stockState'] => (stock <= 0 ? 'out_of_stock' : stock <= LOW_STOCK_AT ? 'low_stock' : 'in_stock');

type SummaryRow = { id: number; slug: string; name: string; price: number; images: string; stock: number; category_slug: string; category_name: string };

export function toProductSummary(r: SummaryRow): ProductSummary {
  const images = JSON.parse(r.images) as string[];
  return {
    id: r.id,
    slug: r.slug,
    name: r.name,
    category: { slug: r.category_slug, name: r.category_name },
    price: fromMinor(r.price),
    image: images[0] ?? '',
    stock: r.stock,
    stockState: stockStateOf(r.stock),
  };
}

/** The shop window: search and filters, one product, the public featured selection. */
export class CatalogService {
  constructor(private readonly db: Db) {}

  async list(f: z.output<typeof shopFilter>) {
    const query: repo.CatalogQuery = { search: f.search, category: f.category, sort: f.sort, ...listBounds(f) };
    const [rows, categories] = await Promise.all([repo.listProducts(this.db.kysely, this.db.dialect, query), repo.categoryCounts(this.db.kysely, this.db.dialect, query)]);
    // The per-category counts already apply the search and price filters: the total is their sum.
    const total = categories.filter((c) => f.category === 'all' || c.slug === f.category).reduce((sum, c) => sum + c.count, 0);
    return { items: rows.map(toProductSummary), total, page: f.page, pageSize: f.pageSize, categories };
  }

  async detail(id: number): Promise<ProductDetail> {
    const row = await repo.productById(this.db.kysely, id);
    if (!row || row.active !== 1) throw notFound('That product is not in the shop.');
    return { ...toProductSummary(row), description: row.description, images: JSON.parse(row.images) as string[] };
  }

  async featured() {
    const [products, nfts] = await Promise.all([
      repo.featuredProducts(this.db.kysely, 8),
      listedNfts(this.db.kysely, { search: '', category: 'all', sort: 'price_desc', limit: 4, offset: 0 }),
    ]);
    return { products: products.map(toProductSummary), nfts: nfts.items.map((n) => toNftSummary(n, null)) };
  }
}
