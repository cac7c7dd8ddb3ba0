import type { MemberClass } from '@parmeta/contracts';

export interface MemberClassRule {
  name: MemberClass;
  /** Lifetime paid spend, in minor units, from which the class applies. */
  minSpend: number;
  /** Shop discount in basis points (100 = 1%). */
  discountBps: number;
  /** Premium points multiplier in percent (100 = 1x). */
  pointsPercent: number;
}

/** Highest class whose threshold the spend has reached. Rules are sorted by minSpend ascending. */
export function memberClassFor(lifetimeSpend: number, rules: readonly MemberClassRule[]): MemberClassRule {
  let current = rules[0];
  if (!current) throw new Error('no member class rules configured');
  for (const rule of rules) if (lifetimeSpend >= rule.minSpend) current = rule;
  return current;
}

export const DEFAULT_MEMBER_CLASSES: readonly MemberClassRule[] = [
  { name: 'standard', minSpend: 0, discountBps: 0, pointsPercent: 100 },
  { name: 'silver', minSpend: 50_000, discountBps: 200, pointsPercent: 125 },
  { name: 'gold', minSpend: 200_000, discountBps: 500, pointsPercent: 150 },
  { name: 'platinum', minSpend: 1_000_000, discountBps: 800, pointsPercent: 200 },
];
