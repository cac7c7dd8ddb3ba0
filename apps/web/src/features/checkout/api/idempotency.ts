import { useRef } from 'react';

const uuid = (): string => {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Outside a secure context randomUUID is missing; getRandomValues is not.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
};

/**
 * One Idempotency-Key per attempt. Sending the same body again (a retry after the
 * connection dropped, a double click) reuses the key, so the server answers the first
 * result instead of creating or charging twice. A changed body, or a clear answer from the
 * server (success or refusal), starts a new attempt with a new key.
 */
export function useIdempotencyKey() {
  const attempt = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { body: text, key: uuid() };
      return attempt.current.key;
    },
    /** The server answered: the next call is a new attempt. */
    settle() {
      attempt.current = null;
    },
  };
}
