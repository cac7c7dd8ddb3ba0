import type { OrderStatus } from '@parmeta/contracts';
import { pageFrom } from './format';

const STATUSES: readonly OrderStatus[] = ['pending_payment', 'paid', 'shipped', 'delivered', 'cancelled'];
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The order filter as the URL holds it: dates as YYYY-MM-DD days, both ends included. */
export interface OrderFilter {
  page: number;
  status: OrderStatus | '';
  from: string;
  to: string;
  customer: string;
}

/** A YYYY-MM-DD day as local midnight in epoch ms, or undefined when it is not a real day. */
export function dayStart(day: string): number | undefined {
  const m = DAY.exec(day);
  if (!m) return undefined;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(y, mo - 1, d);
  if (date.getFullYear() !== y || date.getMonth() !== mo - 1 || date.getDate() !== d) return undefined;
  return date.getTime();
}

/** Midnight after the day: the exclusive end the API takes for an inclusive last day. */
export function dayEnd(day: string): number | undefined {
  const start = dayStart(day);
  if (start === undefined) return undefined;
  const date = new Date(start);
  date.setDate(date.getDate() + 1);
  return date.getTime();
}

/** Reads the filter from the URL; anything malformed is ignored rather than sent. */
export function orderFilterFrom(params: URLSearchParams): OrderFilter {
  const status = params.get('status') ?? '';
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    page: pageFrom(params.get('page')),
    status: (STATUSES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    from: dayStart(from) === undefined ? '' : from,
    to: dayStart(to) === undefined ? '' : to,
    customer: (params.get('customer') ?? '').trim().slice(0, 254),
  };
}

/** The URL query for a filter: empty parts and page 1 are left out, so the plain list has the plain URL. */
export function orderFilterSearch(filter: OrderFilter): string {
  const params = new URLSearchParams();
  if (filter.status) params.set('status', filter.status);
  if (filter.from) params.set('from', filter.from);
  if (filter.to) params.set('to', filter.to);
  if (filter.customer.trim()) params.set('customer', filter.customer.trim());
  if (filter.page > 1) params.set('page', String(filter.page));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The body of POST /admin/orders/list for a filter. */
export function orderListBody(filter: OrderFilter, pageSize: number) {
  return {
    page: filter.page,
    pageSize,
    ...(filter.status ? { status: filter.status } : {}),
    ...(filter.from ? { from: dayStart(filter.from) } : {}),
    ...(filter.to ? { to: dayEnd(filter.to) } : {}),
    ...(filter.customer.trim() ? { customer: filter.customer.trim() } : {}),
  };
}

export const hasFilter = (f: OrderFilter) => f.status !== '' || f.from !== '' || f.to !== '' || f.customer.trim() !== '';
