import { randomBytes } from 'node:crypto';

/** Human-readable, unique enough to quote on the phone, unguessable enough not to enumerate: PREFIX-<time36>-<6 random>. */
export function orderNumber(prefix: string, now = Date.now()): string {
  const random = randomBytes(4).readUInt32BE(0).toString(36).toUpperCase().padStart(6, '0').slice(-6);
  return `${prefix}-${now.toString(36).toUpperCase()}-${random}`;
}
