import { formatMoney } from '@parmeta/contracts/common/money';
import { businessRule, notFound } from '../../http/errors.js';
import type { PromoWithCategory } from './promo.repository.js';

/** A priced line of the cart: its total and its product's category. */
export interface PricedLine {
  total: number;
  categoryId: number;
}

/**
 * What a code takes off (minor units), by the stated rule (docs/decisions/0051): the member-class
 * discount comes first, on every line; the code then takes its percentage (rounded down) or its
 * fixed amount off what is left of the lines it applies to (all, or its category's). It never
 * takes more than that, and leaves the goods at 0.01 at least (an order always costs something).
 */
export function promoDiscount(code: Pick<PromoWithCategory, 'kind' | 'value' | 'category_id'>, lines: readonly PricedLine[], memberBps: number, subtotal: number, memberDiscount: number): number {
  const eligible = lines.filter((l) => code.category_id === null || l.categoryId === Number(code.category_id)).reduce((sum, l) => sum + l.total, 0);
  const rest = eligible - Math.floor((eligible * memberBps) / 10_000);
  const raw = code.kind === 'percent' ? Math.floor((rest * code.value) / 10_000) : code.value;
  return Math.max(0, Math.min(raw, rest, subtotal - memberDiscount - 1));
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Whether the code can be used now by this member for this cart; the refusal says why in plain
 * words. `memberUses`: the member's uses held by orders now.
 */
export function assertUsable(typed: string, code: PromoWithCategory | undefined, now: number, subtotal: number, memberUses: number, lines: readonly PricedLine[]): asserts code is PromoWithCategory {
  if (!code) throw notFound(`There is no promo code ${typed}. Check the spelling and try again.`);
  const name = code.code;
  if (code.disabled_at !== null) throw businessRule(`The code ${name} is no longer valid.`);
  if (now < code.starts_at) throw businessRule(`The code ${name} can be used from ${day(code.starts_at)}.`);
  if (code.ends_at !== null && now >= code.ends_at) throw businessRule(`The code ${name} expired on ${day(code.ends_at)}.`);
  if (code.max_uses !== null && code.uses >= code.max_uses) throw businessRule(`The code ${name} has been used up.`);
  if (code.max_uses_per_member !== null && memberUses >= code.max_uses_per_member) {
    throw businessRule(code.max_uses_per_member === 1 ? `You have already used the code ${name}.` : `You have already used the code ${name} ${code.max_uses_per_member} times, the most each member can.`);
  }
  if (subtotal < code.min_order) throw businessRule(`The code ${name} needs an order of at least ${formatMoney(code.min_order)} par before discounts; this one is ${formatMoney(subtotal)} par.`);
  if (code.category_id !== null && !lines.some((l) => l.categoryId === Number(code.category_id))) throw businessRule(`The code ${name} is only for ${code.category_name ?? 'some'} products, and this order has none.`);
}
