import { formatMoney, toMinor, type MemberClass, type UserDetail } from '@parmeta/contracts';

export const MEMBER_CLASS_LABELS: Record<MemberClass, string> = {
  standard: 'Standard',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
};

type Progress = UserDetail['memberProgress'];

/** Amounts in major units, shown the way the rest of the shop shows money: "1,234.50". */
export const formatAmount = (major: number) => formatMoney(toMinor(major));

/** What a member class gives, in words. */
export function benefitsOf(progress: Progress): string[] {
  const multiplier = `${Number(progress.pointsMultiplier.toFixed(2))}×`;
  return [
    progress.discountPercent > 0 ? `${Number(progress.discountPercent.toFixed(2))}% off every shop order` : 'No shop discount yet',
    `${multiplier} premium points on paid shop orders`,
  ];
}

/** How far the lifetime spend has come towards the next class's threshold, 0 to 100. */
export function percentToNext(progress: Progress): number {
  if (!progress.next || progress.next.minSpend <= 0) return 100;
  return Math.min(100, Math.max(0, (progress.lifetimeSpend / progress.next.minSpend) * 100));
}
