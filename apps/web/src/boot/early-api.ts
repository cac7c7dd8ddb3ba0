import { CSRF_HEADER, CSRF_HEADER_VALUE } from '@parmeta/contracts';
import { readFirstData, type FirstData } from '@/lib/first-data';
import { isStoredCartLine, STORE_NAME, STORE_VERSION } from '@/lib/session-keys';
import { firstScreenPictures } from './first-screen-pictures';

// What both early scripts (early-session.ts, early-page.ts) share: the API called as the app's
// client calls it, and the session the app persisted. They run before the app's code.

/** What the early scripts touch, passed in so the tests can run them outside a browser. */
export interface EarlyEnv {
  location: { pathname: string; search: string };
  /** localStorage (read only), or null when the browser refuses it. */
  storage: Pick<Storage, 'getItem'> | null;
  locks?: Pick<LockManager, 'request'>;
  fetch: typeof fetch;
  now(): number;
  /** Adds an element with these attributes to the document's head. */
  add(tag: 'link' | 'script', attributes: Record<string, string>): void;
  /** The page's first data, written into its head by the server (lib/first-data.ts). */
  firstData?: FirstData | null;
  /** Settles once the first screen the head script painted with pictures has shown (first-screen-pictures.ts); absent without one. */
  firstScreen?: Promise<unknown>;
}

/** localStorage, or null when the browser refuses it (private mode, locked down): no stored session. */
export function browserStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The browser's own. */
export function browserEnv(): EarlyEnv {
  return {
    location: window.location,
    storage: browserStorage(),
    locks: navigator.locks,
    fetch: window.fetch.bind(window),
    now: Date.now,
    firstData: readFirstData(document),
    // Shown as the browser records it (first-screen-pictures.ts), then a frame: where the browser
    // records no largest paint, the wait ends at the decoding, and the next frame shows them.
    firstScreen: firstScreenPictures(document)?.then(() => new Promise((shown) => requestAnimationFrame(() => setTimeout(shown, 0)))),
    add(tag, attributes) {
      const element = document.createElement(tag);
      for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
      appendSoon(element);
    },
  };
}

/** Elements appended per task: one (see appendSoon). */
const APPEND_SLICE = 1;
const pending: Element[] = [];

/**
 * Appends to the head one element per task, in order. Each preload link starts its fetch as
 * it is inserted, on the main thread: 1-2 ms on one machine, 5-13 ms on another (and four times
 * that in Lighthouse's throttled CPU). The twenty a page preloads, inserted at once, made one
 * task of 40-50 ms that held up input just after the first paint; three per task still made
 * tasks of 60-160 ms in Lighthouse's traces (total blocking time 130-160 ms on /shop and
 * /checkout, 27-44 ms one per task; decision 0074). The fetches start the same few
 * milliseconds apart. The first slice waits for a task too: inlined
 * in page.html the script runs as the head is parsed, and the parser, going on meanwhile, asks
 * first for the app's entry and React, the largest file of the first load (decision 0073).
 */
function appendSoon(element: Element): void {
  pending.push(element);
  if (pending.length > 1) return;
  const channel = new MessageChannel();
  const flush = () => {
    for (const next of pending.splice(0, APPEND_SLICE)) document.head.append(next);
    if (pending.length > 0) channel.port2.postMessage(null);
    else channel.port1.close();
  };
  channel.port1.onmessage = flush;
  channel.port2.postMessage(null);
}

interface StoredSession {
  /** The refresh-token expiry, or null without a session. */
  refreshExpire: number | null;
  userName: string;
  /** The stored user is an admin (admin.html paints the admin area's navigation first: early-admin-head.ts). */
  admin: boolean;
  /** The stored cart's lines that the app takes back (isStoredCartLine). */
  cartLines: number;
  /** Their quantities added up: the cart page's count of items. */
  cartItems: number;
}

/** What the app persisted of the session (lib/session-store.ts). */
export function readStored(storage: EarlyEnv['storage']): StoredSession {
  try {
    const stored = JSON.parse(storage?.getItem(STORE_NAME) ?? 'null') as {
      version?: unknown;
      state?: { token?: { refreshToken?: { expire?: unknown } }; user?: { userName?: unknown; role?: unknown } | null; cart?: { list?: unknown } | null };
    } | null;
    // Another version is discarded by the app (the user signs in again): nothing to renew.
    const state = stored?.version === STORE_VERSION ? stored.state : undefined;
    const expire = state?.token?.refreshToken?.expire;
    const userName = state?.user?.userName;
    const list = state?.cart?.list;
    const lines = Array.isArray(list) ? list.filter(isStoredCartLine) : [];
    return {
      refreshExpire: typeof expire === 'number' && Number.isFinite(expire) ? expire : null,
      userName: typeof userName === 'string' ? userName : '',
      admin: state?.user?.role === 'admin',
      cartLines: lines.length,
      cartItems: lines.reduce((sum, line) => sum + line.qty, 0),
    };
  } catch {
    return { refreshExpire: null, userName: '', admin: false, cartLines: 0, cartItems: 0 };
  }
}

/** A stored session whose refresh token has not expired: the app will renew it rather than send the visitor to sign in. */
export const isLive = (stored: StoredSession, now: number): boolean => stored.refreshExpire !== null && stored.refreshExpire > now;

/** A call as the app's client sends it (packages/contracts/src/client): its answer, or null when it failed. */
export async function send(env: EarlyEnv, method: 'GET' | 'POST', path: string, token: string | null, body?: unknown): Promise<unknown> {
  const headers: Record<string, string> = { [CSRF_HEADER]: CSRF_HEADER_VALUE };
  if (token) headers.authorization = `Bearer ${token}`;
  if (method !== 'GET') headers['content-type'] = 'application/json';
  try {
    const response = await env.fetch(`/api${path}`, { method, headers, credentials: 'same-origin', body: method === 'GET' ? undefined : JSON.stringify(body ?? {}) });
    return (await response.json()) as unknown;
  } catch {
    return null;
  }
}
