import type { AdminProduct, Paged, categoryFields, productFields } from '@parmeta/contracts';
import { fromMinor, toMinor } from '@parmeta/contracts/common/money';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { lockedRead } from '../../db/locks.js';
import { AppError, badRequest, businessRule, notFound } from '../../http/errors.js';
import { storeImage } from '../media/image-pipeline.js';
import type { MediaStore } from '../media/media-store.js';
import { alertBackInStock } from '../wishlist/stock-alerts.js';
import { audit } from './audit.js';

type Q = Kysely<Database>;

const hasVariants = async (db: Q, productId: number) => Boolean(await db.selectFrom('product_variant').select('id').where('product_id', '=', productId).limit(1).executeTakeFirst());
type Fields = z.output<typeof productFields>;

export const PRODUCT_IMAGE_FOLDER = 'products';
export const PRODUCT_IMAGE_SIZES = [800, 320] as const;

const productColumns = (db: Q) =>
  db
    .selectFrom('product as p')
    .innerJoin('product_category as c', 'c.id', 'p.category_id')
    .select(['p.id', 'p.slug', 'p.name', 'p.description', 'p.price', 'p.stock', 'p.active', 'p.images', 'p.updated_at', 'c.slug as category_slug', 'c.name as category_name']);

type ProductRow = Awaited<ReturnType<ReturnType<typeof productColumns>['executeTakeFirstOrThrow']>>;

export const toAdminProduct = (r: ProductRow): AdminProduct => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  category: { slug: r.category_slug, name: r.category_name },
  price: fromMinor(r.price),
  stock: r.stock,
  active: r.active === 1,
  images: JSON.parse(r.images) as string[],
  updatedAt: r.updated_at,
});

/** Shop owners' side of the catalog: products, stock, categories and images; every change audited. */
export class AdminProductService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
    /** Told after each committed change, so the shop's lists show it at once. */
    private readonly catalogChanged: () => void,
    private readonly media: MediaStore,
  ) {}

  async list(search: string, page: number, pageSize: number): Promise<Paged<AdminProduct>> {
    const like = `%${search.toLowerCase()}%`;
    const filtered = (q: ReturnType<typeof productColumns>) => (search ? q.where((eb) => eb.or([eb(eb.fn('lower', ['p.name']), 'like', like), eb(eb.fn('lower', ['p.slug']), 'like', like)])) : q);
    const [rows, total] = await Promise.all([
      filtered(productColumns(this.db.kysely)).orderBy('p.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      filtered(productColumns(this.db.kysely)).clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toAdminProduct), total: Number(total.n), page, pageSize };
  }

  async lowStock(limit = 10): Promise<AdminProduct[]> {
    return (await productColumns(this.db.kysely).where('p.active', '=', 1).where('p.stock', '<=', 5).orderBy('p.stock').orderBy('p.id').limit(limit).execute()).map(toAdminProduct);
  }

  async one(db: Q, id: number): Promise<AdminProduct> {
    const row = await productColumns(db).where('p.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No such product.');
    return toAdminProduct(row);
  }

  async create(adminId: number, f: Fields): Promise<AdminProduct> {
    return this.write(async (trx) => {
      const now = Date.now();
      const row = await trx
        .insertInto('product')
        .values({ ...(await this.values(trx, f)), created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      const created = await this.one(trx, row.id);
      await audit(trx, adminId, 'product.create', `product:${row.id}`, null, created);
      return created;
    });
  }

  async update(adminId: number, id: number, f: Fields, expectedStock?: number): Promise<AdminProduct> {
    return this.write(async (trx) => {
      const before = await this.lockedForStock(trx, id, expectedStock);
      const values = await this.values(trx, f);
      // A product with variants takes its price range and stock from them (docs/decisions/0050): the form's are not used.
      const derived = await hasVariants(trx, id);
      await trx.updateTable('product').set({ ...values, ...(derived ? { price: undefined, stock: undefined } : {}), updated_at: Date.now() }).where('id', '=', id).execute();
      await alertBackInStock(trx, this.config.publicUrl, [id]);
      const after = await this.one(trx, id);
      await audit(trx, adminId, 'product.update', `product:${id}`, before, after);
      return after;
    });
  }

  async setStock(adminId: number, id: number, stock: number, expectedStock?: number): Promise<AdminProduct> {
    return this.write(async (trx) => {
      const before = await this.lockedForStock(trx, id, expectedStock);
      if (await hasVariants(trx, id)) throw businessRule("This product's stock is kept per variant: change it in Options and variants.");
      await trx.updateTable('product').set({ stock, updated_at: Date.now() }).where('id', '=', id).execute();
      await alertBackInStock(trx, this.config.publicUrl, [id]);
      await audit(trx, adminId, 'product.stock', `product:${id}`, { stock: before.stock }, { stock });
      return this.one(trx, id);
    });
  }

  /**
   * The product as it is, locked for the edit (orders take stock from it all the time: the
   * audit's "before" must be what the edit replaced). With `expected`, refused unless the
   * stock is still what the admin's form started from.
   */
  private async lockedForStock(trx: Q, id: number, expected: number | undefined): Promise<AdminProduct> {
    await lockedRead(trx.selectFrom('product').select('id').where('id', '=', id), this.db.dialect).execute();
    const before = await this.one(trx, id);
    if (expected !== undefined && before.stock !== expected) {
      throw new AppError('CONFLICT', `The stock changed from ${expected} to ${before.stock} while you were editing (orders came in). Check the new count and save again.`, { fields: { stock: `is now ${before.stock}` } });
    }
    return before;
  }

  async uploadImage(bytes: Buffer, mimetype: string): Promise<{ url: string; thumbnail: string }> {
    const stored = await storeImage(bytes, mimetype, { store: this.media, folder: PRODUCT_IMAGE_FOLDER, sizes: PRODUCT_IMAGE_SIZES, fit: 'inside' });
    return { url: stored.urls[800] as string, thumbnail: stored.urls[320] as string };
  }

  async categories() {
    const rows = await this.db.kysely
      .selectFrom('product_category as c')
      .leftJoin('product as p', 'p.category_id', 'c.id')
      .select(['c.id', 'c.slug', 'c.name', 'c.position', (eb) => eb.fn.count<number>('p.id').as('productCount')])
      .groupBy(['c.id', 'c.slug', 'c.name', 'c.position'])
      .orderBy('c.position')
      .execute();
    return rows.map((r) => ({ ...r, productCount: Number(r.productCount) }));
  }

  async saveCategory(adminId: number, f: z.output<typeof categoryFields>) {
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        const before = await trx.selectFrom('product_category').selectAll().where('slug', '=', f.slug).executeTakeFirst();
        if (before) await trx.updateTable('product_category').set({ name: f.name, position: f.position }).where('id', '=', before.id).execute();
        else await trx.insertInto('product_category').values(f).execute();
        await audit(trx, adminId, before ? 'category.update' : 'category.create', `category:${f.slug}`, before ?? null, f);
      });
    } finally {
      this.catalogChanged();
    }
    return (await this.categories()).find((c) => c.slug === f.slug)!;
  }

  private async values(trx: Q, f: Fields) {
    const category = await trx.selectFrom('product_category').select('id').where('slug', '=', f.category).executeTakeFirst();
    if (!category) throw badRequest('category: no such category', { category: 'no such category' });
    return { name: f.name, slug: f.slug, description: f.description, category_id: category.id, price: toMinor(f.price), stock: f.stock, active: f.active ? 1 : 0, images: JSON.stringify(f.images) };
  }

  private async write<T>(fn: (trx: Q) => Promise<T>): Promise<T> {
    try {
      return await this.db.kysely.transaction().execute(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'slug: another product already uses this slug', { fields: { slug: 'another product already uses this slug' } });
      throw error;
    } finally {
      // After the commit (or rollback), never inside the transaction: a list read in between
      // would still see the old rows and could be kept as if it were new.
      this.catalogChanged();
    }
  }
}
