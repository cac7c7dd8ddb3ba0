import type { RatingSummary } from '@parmeta/contracts';

/** The average as shops show it, to one decimal (4.25 shows 4.3), from the integer count and star sum; none without reviews. */
export function ratingOf(count: number, sum: number): RatingSummary {
  return { average: count > 0 ? Math.round((sum * 10) / count) / 10 : null, count };
}
