import { useEffect } from 'react';

// The first screen first (docs/decisions/0073). As a page is loaded, the calls it does not show
// on its first screen (the cart's freshness check, the hearts' marks, the reviews and related
// products further down) wait until the first screen's images have been shown: on a phone's
// connection, every request in flight takes a share of it, and those calls slowed the images
// and the app's own code that the member is waiting for. After the first page of a load,
// nothing waits.

/**
 * The longest anything waits, counted from the start of the page load: a page that marks
 * nothing (no image on its first screen), or whose images never settle, lets the calls go then.
 */
export const FIRST_SCREEN_WAIT_MS = 1500;

let shown = false;
let resolveShown: () => void = () => undefined;
const shownPromise = new Promise<void>((resolve) => {
  resolveShown = resolve;
});
let fallback: ReturnType<typeof setTimeout> | undefined;

/** The page's first screen is shown: the calls waiting for it go. Later calls are no-ops. */
export function markFirstScreenShown(): void {
  if (shown) return;
  shown = true;
  if (fallback !== undefined) clearTimeout(fallback);
  resolveShown();
}

/**
 * Resolves once the first screen has been shown, or at most FIRST_SCREEN_WAIT_MS after the
 * page load started (performance.now() counts from it).
 */
export function firstScreenShown(now: number = performance.now()): Promise<void> {
  if (!shown && fallback === undefined) fallback = setTimeout(markFirstScreenShown, Math.max(0, FIRST_SCREEN_WAIT_MS - now));
  return shownPromise;
}

/** Marks the first screen shown when `ready` becomes true (a page's first images, see useImagesShown). */
export function useMarkFirstScreen(ready: boolean): void {
  useEffect(() => {
    if (ready) markFirstScreenShown();
  }, [ready]);
}
