import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { AppError } from '../../http/errors.js';
import { hit, peek } from './throttle.repository.js';

export interface Limit {
  max: number;
  windowMs: number;
}

export function tooMany(windowStart: number, limit: Limit, now: number, msg = 'Too many attempts. Please wait a few minutes and try again.'): AppError {
  const retryAfter = Math.max(1, Math.ceil((windowStart + limit.windowMs - now) / 1000));
  return new AppError('RATE_LIMITED', msg, { headers: { 'retry-after': String(retryAfter) } });
}

/** Counts the request and throws 429 (with Retry-After) once the window's limit is passed. */
export async function enforce(db: Kysely<Database>, key: string, limit: Limit, now = Date.now()): Promise<void> {
  const w = await hit(db, key, limit.windowMs, now);
  if (w.hits > limit.max) throw tooMany(w.windowStart, limit, now);
}

/** Throws 429 when the limit is already reached, without counting. */
export async function ensureBelow(db: Kysely<Database>, key: string, limit: Limit, now = Date.now(), msg?: string): Promise<void> {
  const w = await peek(db, key, limit.windowMs, now);
  if (w.hits >= limit.max) throw tooMany(w.windowStart, limit, now, msg);
}

/** Counts the request and answers whether it is still within the limit (for silent limits). */
export async function within(db: Kysely<Database>, key: string, limit: Limit, now = Date.now()): Promise<boolean> {
  return (await hit(db, key, limit.windowMs, now)).hits <= limit.max;
}
