import type { AdminPromo, Paged, PromoQuote, promoFields } from '@parmeta/contracts';
import { fromMinor, toMinor } from '@parmeta/contracts/common/money';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Config } from '../../config.js';
import type { Db, DialectName } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, businessRule, conflict, notFound } from '../../http/errors.js';
import { audit } from '../admin/audit.js';
import { memberClassFor } from '../users/member-class.js';
import { variantsByIds } from '../variants/variant.repository.js';
import { assertUsable, promoDiscount, type PricedLine } from './promo.pricing.js';
import * as repo from './promo.repository.js';

type Q = Kysely<Database>;

/** A use of a code an order is taking: decided under the code's lock, recorded once the order exists. */
export interface PromoUse {
  codeId: number;
  code: string;
  discount: number;
}

/**
 * Inside the order's transaction, with its stock already taken (products are locked before
 * codes on every path, so no two transactions wait for each other in the other order): locks the
 * code, decides from it, and takes one use with a conditional update. 30 orders racing for a
 * code with 10 uses left queue on its row, and exactly 10 get it.
 */
export async function claimPromo(trx: Q, dialect: DialectName, userId: number, typed: string, lines: readonly PricedLine[], subtotal: number, memberBps: number, memberDiscount: number, now: number): Promise<PromoUse> {
  const code = await repo.lockByCode(trx, dialect, typed);
  assertUsable(typed, code, now, subtotal, code ? await repo.memberUses(trx, code.id, userId) : 0, lines);
  const discount = promoDiscount(code, lines, memberBps, subtotal, memberDiscount);
  if (discount <= 0) throw businessRule(`The code ${code.code} takes nothing off this order.`);
  if (!(await repo.takeUse(trx, code.id))) throw businessRule(`The code ${code.code} has been used up.`);
  return { codeId: Number(code.id), code: code.code, discount };
}

export async function recordPromo(trx: Q, use: PromoUse, orderId: number, userId: number, now: number): Promise<void> {
  await repo.insertRedemption(trx, { code_id: use.codeId, order_id: orderId, user_id: userId, discount: use.discount, created_at: now });
}

/** A cancelled or expired order gives its use back (once; called in the transaction that cancels it). */
export const releasePromo = (trx: Q, orderId: number, now: number) => repo.release(trx, orderId, now);

const toAdminPromo = (r: repo.PromoWithCategory): AdminPromo => ({
  id: Number(r.id),
  code: r.code,
  kind: r.kind,
  value: r.kind === 'percent' ? r.value / 100 : fromMinor(r.value),
  minOrder: fromMinor(r.min_order),
  startsAt: Number(r.starts_at),
  endsAt: r.ends_at === null ? null : Number(r.ends_at),
  maxUses: r.max_uses,
  maxUsesPerMember: r.max_uses_per_member,
  category: r.category_slug && r.category_name ? { slug: r.category_slug, name: r.category_name } : null,
  uses: r.uses,
  disabled: r.disabled_at !== null,
  createdAt: Number(r.created_at),
});

/** The shopper's quote and the admin's codes. */
export class PromoService {
  constructor(
    private readonly db: Db,
    private readonly config: Config,
  ) {}

  /** The cart priced with the code as an order would be now (nothing is taken or held). */
  async quote(userId: number, typed: string, list: readonly { id: number; variantId?: number | undefined; qty: number }[]): Promise<PromoQuote> {
    const db = this.db.kysely;
    const ids = [...new Set(list.map((l) => l.id))];
    const [products, variants, user] = await Promise.all([
      db.selectFrom('product').select(['id', 'name', 'price', 'active', 'category_id']).where('id', 'in', ids).execute(),
      variantsByIds(db, list.flatMap((l) => (l.variantId ? [l.variantId] : []))),
      db.selectFrom('app_user').select('lifetime_spend').where('id', '=', userId).executeTakeFirstOrThrow(),
    ]);
    const byId = new Map(products.map((p) => [Number(p.id), p]));
    const lines: PricedLine[] = list.map((l) => {
      const p = byId.get(l.id);
      if (!p || p.active !== 1) throw businessRule(`A product in your cart (id ${l.id}) is no longer sold. Remove it and try again.`);
      const v = l.variantId === undefined ? undefined : variants.get(l.variantId);
      if (l.variantId !== undefined && Number(v?.product_id) !== l.id) throw businessRule(`The chosen option of "${p.name}" is no longer sold. Choose again on its page.`);
      return { total: (v ? v.price : p.price) * l.qty, categoryId: Number(p.category_id) };
    });
    const subtotal = lines.reduce((s, l) => s + l.total, 0);
    const bps = memberClassFor(user.lifetime_spend, this.config.memberClasses).discountBps;
    const memberDiscount = Math.floor((subtotal * bps) / 10_000);
    const code = await repo.findByCode(db, typed);
    assertUsable(typed, code, Date.now(), subtotal, code ? await repo.memberUses(db, code.id, userId) : 0, lines);
    const promo = promoDiscount(code, lines, bps, subtotal, memberDiscount);
    if (promo <= 0) throw businessRule(`The code ${code.code} takes nothing off this order.`);
    const goods = subtotal - memberDiscount - promo;
    const shipping = goods >= this.config.rules.freeShippingFrom ? 0 : this.config.rules.shippingFee;
    return { code: code.code, subtotal: fromMinor(subtotal), memberDiscount: fromMinor(memberDiscount), promoDiscount: fromMinor(promo), shipping: fromMinor(shipping), total: fromMinor(goods + shipping) };
  }

  async list(page: number, pageSize: number): Promise<Paged<AdminPromo>> {
    const { rows, total } = await repo.page(this.db.kysely, pageSize, (page - 1) * pageSize);
    return { items: rows.map(toAdminPromo), total, page, pageSize };
  }

  async create(adminId: number, f: z.output<typeof promoFields>): Promise<AdminPromo> {
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        let categoryId: number | null = null;
        if (f.category !== null) {
          const category = await trx.selectFrom('product_category').select('id').where('slug', '=', f.category).executeTakeFirst();
          if (!category) throw badRequest('category: no such category', { category: 'no such category' });
          categoryId = Number(category.id);
        }
        const id = await repo.insert(trx, {
          code: f.code,
          kind: f.kind,
          value: f.kind === 'percent' ? Math.round(f.value * 100) : toMinor(f.value),
          min_order: toMinor(f.minOrder),
          starts_at: f.startsAt,
          ends_at: f.endsAt,
          max_uses: f.maxUses,
          max_uses_per_member: f.maxUsesPerMember,
          category_id: categoryId,
          disabled_at: null,
          created_at: Date.now(),
        });
        const created = toAdminPromo((await repo.findById(trx, id))!);
        await audit(trx, adminId, 'promo.create', `promo:${id}`, null, created);
        return created;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', `code: another promo code is already ${f.code}`, { fields: { code: 'is already taken' } });
      throw error;
    }
  }

  async disable(adminId: number, id: number): Promise<AdminPromo> {
    return this.db.kysely.transaction().execute(async (trx) => {
      const before = await repo.findById(trx, id);
      if (!before) throw notFound('No such promo code.');
      if (before.disabled_at !== null) throw conflict(`The code ${before.code} is disabled already.`);
      await repo.disable(trx, id, Date.now());
      const after = toAdminPromo((await repo.findById(trx, id))!);
      await audit(trx, adminId, 'promo.disable', `promo:${id}`, toAdminPromo(before), after);
      return after;
    });
  }
}
