import { z } from '../zod.js';
import { numeric } from './number-input.js';

export const PAGE_SIZE_DEFAULT = 20;
export const PAGE_SIZE_MAX = 100;

/** Query strings carry numbers as text: numeric texts are numbers, and the bounds are strict. */
export const pageQuery = z.strictObject({
  page: numeric(z.number().int('must be a whole number').min(1, 'must be at least 1').max(100_000, 'must be at most 100000')).default(1),
  pageSize: numeric(z.number().int('must be a whole number').min(1, 'must be at least 1').max(PAGE_SIZE_MAX, `must be at most ${PAGE_SIZE_MAX}`)).default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuery>;

export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

export type Paged<T> = { items: T[]; total: number; page: number; pageSize: number };
