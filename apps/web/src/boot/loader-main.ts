import { browserEnv } from './early-api';
import { loadEarlyPage } from './early-loader';

// The entry of the first early script, inlined in index.html's head: see early-loader.ts.

/** The second early script's address, written in at build time. */
declare const __EARLY_PAGE_SCRIPT__: string;

try {
  loadEarlyPage(browserEnv(), __EARLY_PAGE_SCRIPT__);
} catch {
  // Only a head start: the app does everything by itself.
}
