import type { Envelope } from '@parmeta/contracts';

// What the early script (early-page.ts) hands over to the app. It runs just after the page's
// HTML is parsed, long before the app's code has arrived, and starts the requests a signed-in
// page waits for: the session renewal and the page's first API calls. The app takes each answer
// once, instead of sending the same request again.

/** The early scripts' answers: envelopes as the API sent them, or null when a request failed. */
export interface EarlyStart {
  /** The renewal through the refresh cookie (POST /api/auth/refresh). */
  renewal?: Promise<unknown>;
  /** The page's first API calls, by callKey(). */
  calls: Record<string, Promise<unknown>>;
}

/** The global the early script leaves its answers under (memory only, like the app's own token). */
export const EARLY_KEY = '__parmetaEarly';

/** An early answer older than this (the app took long to load, or the user went elsewhere) is not used. */
export const EARLY_ANSWER_MAX_AGE_MS = 10_000;

/** Identifies a call by route name and input: the early script and the app build the same input. */
export const callKey = (name: string, input: unknown) => `${name} ${JSON.stringify(input)}`;

const earlyStart = (): EarlyStart | undefined => (globalThis as { [EARLY_KEY]?: EarlyStart })[EARLY_KEY];

/** The early renewal, once: later renewals go out as usual. */
export function takeEarlyRenewal(): Promise<unknown> | undefined {
  const start = earlyStart();
  const renewal = start?.renewal;
  if (start) delete start.renewal;
  return renewal;
}

/** An answer in the API's envelope (the app's client checks the same of every answer it reads). */
const asEnvelope = (value: unknown): Envelope<unknown> | null =>
  typeof value === 'object' && value !== null && typeof (value as { status?: unknown }).status === 'boolean' ? (value as Envelope<unknown>) : null;

/**
 * The early answer to this exact call, once: the envelope, or null when the early request
 * failed (the caller then sends its own). Only while the page is young: the calls the early
 * script makes are those the first page makes as it shows.
 */
export function takeEarlyAnswer(name: string, input: unknown, pageAgeMs = performance.now()): Promise<Envelope<unknown> | null> | undefined {
  const calls = earlyStart()?.calls;
  if (!calls) return undefined;
  const key = callKey(name, input);
  const answer = calls[key];
  delete calls[key];
  return answer && pageAgeMs <= EARLY_ANSWER_MAX_AGE_MS ? answer.then(asEnvelope, () => null) : undefined;
}

/** Sign-out: nothing of the session stays behind, the early answers included. */
export function clearEarlyStart(): void {
  delete (globalThis as { [EARLY_KEY]?: EarlyStart })[EARLY_KEY];
}
