import { FINANCE_MAX_DAYS } from '@parmeta/contracts';

// The finance pages count days in UTC, as the API does (docs/decisions/0040).

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A moment's UTC day, YYYY-MM-DD. */
export const utcDay = (epochMs: number) => new Date(epochMs).toISOString().slice(0, 10);

/** A YYYY-MM-DD that is a real day; anything else is not one. */
export function isDay(text: string): boolean {
  const start = DAY.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  return !Number.isNaN(start) && utcDay(start) === text;
}

export interface DayRange {
  from: string;
  to: string;
}

/** What is wrong with a range, in words, per field; empty when it can be asked for. */
export function rangeProblems({ from, to }: DayRange): Partial<Record<keyof DayRange, string>> {
  if (!isDay(from)) return { from: 'Choose the first day.' };
  if (!isDay(to)) return { to: 'Choose the last day.' };
  if (from > to) return { to: 'The last day must be on or after the first day.' };
  if ((Date.parse(to) - Date.parse(from)) / DAY_MS >= FINANCE_MAX_DAYS) return { to: `Choose at most ${FINANCE_MAX_DAYS} days.` };
  return {};
}

/** The last 30 days, today included. */
export const lastDays = (now: number, days = 30): DayRange => ({ from: utcDay(now - (days - 1) * DAY_MS), to: utcDay(now) });

/** The range in the URL when it is one the API takes; otherwise the last 30 days. */
export function rangeFrom(params: URLSearchParams, now: number): DayRange {
  const range = { from: params.get('from') ?? '', to: params.get('to') ?? '' };
  return Object.keys(rangeProblems(range)).length === 0 ? range : lastDays(now);
}

/** "?from=…&to=…" */
export const rangeSearch = (range: DayRange) => `?${new URLSearchParams({ from: range.from, to: range.to }).toString()}`;

/**
 * The moment of a trial balance in the URL: a local date and time (YYYY-MM-DDTHH:mm, what a
 * datetime-local input holds), or null for "now". The balance is as at the end of that minute.
 */
export function momentFrom(text: string | null): { text: string; at: number } | null {
  if (!text || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(text)) return null;
  const start = new Date(`${text}:00`).getTime();
  return Number.isNaN(start) ? null : { text, at: start + 59_999 };
}

export const SERIES = [
  { key: 'revenue', label: 'Revenue', className: 'revenue' },
  { key: 'fees', label: 'Fees', className: 'fees' },
  { key: 'topups', label: 'Top-ups', className: 'topups' },
  { key: 'payouts', label: 'Payouts', className: 'payouts' },
] as const;
export type SeriesKey = (typeof SERIES)[number]['key'];
export type DayFigures = Record<SeriesKey, number> & { day: string };

/** 1, 2 or 5 times a power of ten, at least `value`: an axis top a reader can count in. */
export function niceCeiling(value: number): number {
  if (value <= 0) return 0;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].find((m) => m * power >= value) ?? 10) * power;
}

export interface ChartGeometry {
  /** Axis values from bottom to top, each with its y. */
  ticks: { value: number; y: number }[];
  /** Per series, the line's points ("x,y x,y ..."). */
  lines: Record<SeriesKey, string>;
  /** x of each day. */
  xs: number[];
}

/** Where everything goes in a plot area `width` x `height` (origin top left), for the days given. */
export function chartGeometry(days: readonly DayFigures[], width: number, height: number, tickCount = 4): ChartGeometry {
  const values = days.flatMap((d) => SERIES.map((s) => d[s.key]));
  const max = Math.max(0, ...values);
  const min = Math.min(0, ...values);
  // Gridlines at whole steps, with zero among them (revenue can be negative on a day of refunds).
  const stepSize = niceCeiling((max - min) / tickCount) || 1;
  const top = Math.max(stepSize, Math.ceil(max / stepSize) * stepSize);
  const bottom = Math.floor(min / stepSize) * stepSize;
  const y = (v: number) => height - ((v - bottom) / (top - bottom)) * height;
  const step = days.length > 1 ? width / (days.length - 1) : 0;
  const xs = days.map((_, i) => (days.length > 1 ? i * step : width / 2));
  const round = (n: number) => Math.round(n * 10) / 10;
  const lines = Object.fromEntries(SERIES.map((s) => [s.key, days.map((d, i) => `${round(xs[i]!)},${round(y(d[s.key]))}`).join(' ')])) as Record<SeriesKey, string>;
  const ticks = Array.from({ length: Math.round((top - bottom) / stepSize) + 1 }, (_, i) => Math.round((bottom + i * stepSize) * 100) / 100).map((value) => ({ value, y: round(y(value)) }));
  return { ticks, lines, xs };
}
