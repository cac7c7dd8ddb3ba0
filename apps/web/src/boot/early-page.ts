import type { FirstData } from '@/lib/first-data';
import { REFRESH_LOCK } from '@/lib/session-keys';
import { isLive, readStored, send, type EarlyEnv } from './early-api';
import { callKey, type EarlyStart } from './handoff';
import { pagePlanFor, preloadPageFor, userDetailCall, type EarlyCall, type ModulePage, type PlannedPage } from './page-plans';

// The second early script: a small file the first one loads as the HTML is parsed, on any page
// but the home page (early-loader.ts); it does nothing without a session. After a reload the
// access token is gone (memory only), and a signed-in page waited for the app's code (the entry,
// then the route table, then the session code) before it could renew it, then for its own code
// before asking for its data, then for the data before its images: one round trip after the
// other. This starts them together:
// - the modules the page's route loads, preloaded (the list is computed from the build's chunks);
// - the renewal through the refresh cookie, under the same cross-tab lock as the app's;
// - with the new access token, the calls the page makes first (the user detail, and on some
//   pages their data), and then the images they show first.
// The app takes the answers (handoff.ts); the token stays in memory, as the app's own does.
// Without this script (a blocked file, an old browser) the app does all of it by itself.

/** Built files to preload, by what needs them: see build/early-start.ts. */
export interface EarlyPreloads {
  /** Any address but the home page loads the full route table first. */
  routes: string[];
  /** A planned page's own modules, and those of the member pages in page-plans.ts. */
  pages: Record<PlannedPage, string[]> & Partial<Record<ModulePage, string[]>>;
}

const tokenOf = (answer: unknown): string | null => {
  const { status, data } = (answer ?? {}) as { status?: unknown; data?: { accessToken?: { token?: unknown } } };
  const token = data?.accessToken?.token;
  return status === true && typeof token === 'string' && token !== '' ? token : null;
};

/**
 * The app's renewal (features/auth/api/refresh-session.ts): no bearer, and under the same lock,
 * so two tabs never present the same refresh cookie; a tab that waited while another ended the
 * session asks nothing.
 */
function renew(env: EarlyEnv): Promise<unknown> {
  const request = () => send(env, 'POST', '/auth/refresh', null);
  if (!env.locks) return request();
  return env.locks.request(REFRESH_LOCK, () => (readStored(env.storage).refreshExpire === null ? null : request())).catch(request);
}

/** Whether the page's HTML brought this call's answer: the same route, for the same item (0 for a grid's first page, which the server sends for a bare address only). */
const answeredByPage = (first: FirstData | null, call: EarlyCall) => first !== null && first.name === call.name && first.id === Number(call.input.params?.id ?? 0);

export function startEarly(env: EarlyEnv, preloads: EarlyPreloads): EarlyStart {
  const start: EarlyStart = { calls: {} };
  const { pathname, search } = env.location;
  const stored = readStored(env.storage);
  // As the app: a session exists while the refresh token is unexpired.
  if (pathname === '/' || !isLive(stored, env.now())) return start;
  const planned = pagePlanFor(pathname, search);
  const page = preloadPageFor(pathname, planned);
  // A first call whose answer came with the page's HTML (a product, a bare /shop's or /market's
  // first page) is not made, nor its pictures preloaded: the app shows it from there, and the
  // page's head script drew the pictures (early-item.ts, early-list.ts).
  const plan = planned && answeredByPage(env.firstData ?? null, planned.call) ? null : planned;
  // A first screen painted with its pictures (a product, an NFT, the grids) shows first: the
  // preloads and the calls, ended before its largest paint, were counted as waiting for them,
  // and shared the connection and the main thread with it (docs/decisions/0099).
  const begin = <T>(work: () => T): T | Promise<T> => (env.firstScreen ? env.firstScreen.then(work, work) : work());
  // The renewal first: the page's data waits for it, and its answer for the server's round trip.
  const renewal = Promise.resolve(begin(() => renew(env)));
  void begin(() => {
    for (const href of [...preloads.routes, ...((page && preloads.pages[page]) ?? [])]) {
      // crossorigin as Vite's own <link rel="stylesheet" crossorigin> has it: a preload whose
      // credentials mode differs is not used (the browser fetches the file twice and warns).
      // The styles at the scripts' priority, not above it: they apply only once the page's code
      // runs, which waits for React, and at the top priority they took the connections first.
      env.add('link', href.endsWith('.css') ? { rel: 'preload', as: 'style', href, crossorigin: '', fetchpriority: 'low' } : { rel: 'modulepreload', href });
    }
  });

  start.renewal = renewal;
  const token = renewal.then(tokenOf);
  const early = (call: EarlyCall) => {
    const answer = token.then((bearer) => (bearer ? send(env, call.method, call.path, bearer, call.input.body) : null));
    start.calls[callKey(call.name, call.input)] = answer;
    return answer;
  };
  if (stored.userName) void early(userDetailCall(stored.userName));
  if (plan) {
    void early(plan.call).then((answer) => {
      const { status, data } = (answer ?? {}) as { status?: unknown; data?: unknown };
      if (status !== true) return;
      try {
        for (const { href, srcset, sizes } of plan.images(data)) {
          // imagesrcset / imagesizes: the browser picks the copy the page's <img> will pick.
          env.add('link', { rel: 'preload', as: 'image', href, fetchpriority: 'high', ...(srcset && sizes ? { imagesrcset: srcset, imagesizes: sizes } : {}) });
        }
      } catch {
        // an answer of another shape: the page shows it (or its error) as usual
      }
    });
  }
  return start;
}
