import type { ProductOption, ProductVariant, ProductVariants, saveVariantsBody } from '@parmeta/contracts';
import { fromMinor, toMinor } from '@parmeta/contracts/common/money';
import { LOW_STOCK_AT } from '@parmeta/contracts/shop/shop-limits';
import { sql, type Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, businessRule, notFound } from '../../http/errors.js';
import { audit } from '../admin/audit.js';
import { alertBackInStock, dropAlertsOfRemovedVariants } from '../wishlist/stock-alerts.js';
import * as repo from './variant.repository.js';
import type { ProductVariantRow } from './variant.table.js';

type Q = Kysely<Database>;

export const parseOptions = (json: string | null | undefined): ProductOption[] => (json ? (JSON.parse(json) as ProductOption[]) : []);

export function toVariant(r: ProductVariantRow): ProductVariant {
  return { id: Number(r.id), sku: r.sku, options: JSON.parse(r.option_values) as string[], price: fromMinor(r.price), stock: r.stock, stockState: r.stock <= 0 ? 'out_of_stock' : r.stock <= LOW_STOCK_AT ? 'low_stock' : 'in_stock', image: r.image };
}

/** "Size: M, Colour: Navy": how an order line, a receipt and a mail name the variant bought. */
export const variantLabel = (options: readonly ProductOption[], values: readonly string[]) => options.map((o, i) => `${o.name}: ${values[i] ?? ''}`).join(', ');

/** A product's options and variants, for its page (the catalog keeps the answer) and the admin's form. */
export async function variantsFor(db: Q, productId: number, optionsJson: string): Promise<Pick<ProductVariants, 'options' | 'variants'>> {
  const options = parseOptions(optionsJson);
  if (options.length === 0) return { options: [], variants: [] };
  return { options, variants: (await repo.variantsOfProduct(db, productId)).map(toVariant) };
}

/** An order's line as asked: a product, maybe one of its variants. */
export interface AskedLine {
  id: number;
  qty: number;
  variantId?: number | undefined;
}

/**
 * The variants an order's lines name, checked against their products: a product with options
 * needs one of its own variants, a product without takes none. Answers the variants by id.
 */
export async function checkOrderVariants(trx: Q, lines: readonly AskedLine[], products: ReadonlyMap<number, { name: string; options: string }>): Promise<Map<number, ProductVariantRow>> {
  const variants = await repo.variantsByIds(trx, [...new Set(lines.flatMap((l) => (l.variantId === undefined ? [] : [l.variantId])))]);
  for (const line of lines) {
    const product = products.get(line.id)!;
    const hasOptions = parseOptions(product.options).length > 0;
    if (line.variantId === undefined) {
      if (hasOptions) throw businessRule(`Choose the ${parseOptions(product.options).map((o) => o.name.toLowerCase()).join(' and ')} of "${product.name}" before ordering it.`);
    } else if (!hasOptions) {
      throw businessRule(`"${product.name}" has no options to choose from: order it without a variant.`);
    } else if (Number(variants.get(line.variantId)?.product_id) !== line.id) {
      throw businessRule(`The chosen option of "${product.name}" is no longer sold. Choose again on its page.`);
    }
  }
  return variants;
}

/**
 * Variants as the admin sees and edits them. A save replaces the product's whole set in one
 * transaction with the product locked (orders take stock from it at any moment), and the
 * product's price range and stock follow (docs/decisions/0050).
 */
export class VariantService {
  constructor(
    private readonly db: Db,
    private readonly catalogChanged: () => void,
    private readonly publicUrl: string,
  ) {}

  async get(db: Q, productId: number): Promise<ProductVariants> {
    const product = await db.selectFrom('product').select(['id', 'options']).where('id', '=', productId).executeTakeFirst();
    if (!product) throw notFound('No such product.');
    return { productId, ...(await variantsFor(db, productId, product.options)) };
  }

  async save(adminId: number, body: z.output<typeof saveVariantsBody>): Promise<ProductVariants> {
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        const now = Date.now();
        const product = await repo.lockProduct(trx, this.db.dialect, body.productId);
        if (!product) throw notFound('No such product.');
        const before = await this.get(trx, body.productId);
        const current = new Map(before.variants.map((v) => [v.id, v]));
        for (const [i, v] of body.variants.entries()) {
          if (v.id === undefined) continue;
          const was = current.get(v.id);
          if (!was) throw new AppError('BAD_REQUEST', `variants.${i}.id: not a variant of this product`, { fields: { [`variants.${i}.id`]: 'not a variant of this product' } });
          if (v.expectedStock !== undefined && was.stock !== v.expectedStock) {
            throw new AppError('CONFLICT', `The stock of ${v.sku} changed from ${v.expectedStock} to ${was.stock} while you were editing (orders came in). Check the new count and save again.`, {
              fields: { [`variants.${i}.stock`]: `is now ${was.stock}` },
            });
          }
        }
        const keep = body.variants.flatMap((v) => (v.id === undefined ? [] : [v.id]));
        await repo.deleteVariants(trx, body.productId, keep);
        await repo.parkSkus(trx, body.productId);
        for (const [position, v] of body.variants.entries()) {
          const row = { sku: v.sku, option_values: JSON.stringify(v.options), price: toMinor(v.price), stock: v.stock, image: v.image, position };
          if (v.id === undefined) await repo.insertVariant(trx, { ...row, product_id: body.productId });
          else await repo.updateVariant(trx, v.id, row);
        }
        await repo.setOptions(trx, body.productId, JSON.stringify(body.options), now);
        if (body.variants.length > 0) await repo.resyncProducts(trx, sql`(${body.productId})`);
        else await repo.clearVariantPrice(trx, body.productId);
        // After the last stock statement: a variant (or the product) the save put back in stock mails who waits for it.
        await dropAlertsOfRemovedVariants(trx, body.productId);
        await alertBackInStock(trx, this.publicUrl, [body.productId], now);
        const after = await this.get(trx, body.productId);
        await audit(trx, adminId, 'product.variants', `product:${body.productId}`, before, after);
        return after;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'sku: another product already uses one of these SKUs', { fields: { sku: 'another product already uses one of these SKUs' } });
      throw error;
    } finally {
      this.catalogChanged();
    }
  }
}
