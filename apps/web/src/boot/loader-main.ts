import { startLoader } from './early-loader';

// The entry of the first early script, inlined in index.html's head: see early-loader.ts.

/** The second early script's address, written in at build time. */
declare const __EARLY_PAGE_SCRIPT__: string;

try {
  startLoader(
    {
      pathname: window.location.pathname,
      mark: (name) => document.documentElement.classList.add(name),
      addScript: (src) => document.head.append(Object.assign(document.createElement('script'), { src })),
    },
    __EARLY_PAGE_SCRIPT__,
  );
} catch {
  // Only a head start: the app does everything by itself.
}
