import type { MemberClass, UserDetail } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';

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

export function memberProgress(lifetimeSpend: number, rules: readonly MemberClassRule[]): UserDetail['memberProgress'] {
  const current = memberClassFor(lifetimeSpend, rules);
  const next = rules.find((r) => r.minSpend > lifetimeSpend);
  return {
    lifetimeSpend: fromMinor(lifetimeSpend),
    discountPercent: current.discountBps / 100,
    pointsMultiplier: current.pointsPercent / 100,
    next: next ? { memberClass: next.name, minSpend: fromMinor(next.minSpend), remaining: fromMinor(next.minSpend - lifetimeSpend) } : null,
  };
}
