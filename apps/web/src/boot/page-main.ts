import { browserEnv } from './early-api';
import { startEarly, type EarlyPreloads } from './early-page';
import { EARLY_KEY } from './handoff';

// The entry of the second early script, loaded by the first: see early-page.ts.

/** The built files each page preloads, written in at build time. */
declare const __EARLY_PRELOADS__: EarlyPreloads;

try {
  (window as unknown as Record<string, unknown>)[EARLY_KEY] = startEarly(browserEnv(), __EARLY_PRELOADS__);
} catch {
  // Only a head start: the app does everything by itself.
}
