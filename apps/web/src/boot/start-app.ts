// The app's code runs after the first paint (both early scripts start it: loader-main.ts in
// index.html, inline-main.ts in page.html; build/early-start.ts turns the entry's <script> into a
// preload). Its files are still asked for at once, as the HTML is read; only running them waits.
// When they are already in (a repeat visit, a fast connection), the browser otherwise ran them
// (React, the router, the first render: 100-400 ms on a phone's CPU) before painting anything, so
// the header's frame and the page's heading that the HTML already holds showed only after them.

export interface StartEnv {
  /** The page is not being shown (a background tab): no frame comes until it is, start at once. */
  hidden: boolean;
  /** Before the next frame is painted (requestAnimationFrame). */
  beforeFrame(run: () => void): void;
  later(run: () => void, ms: number): void;
}

/** Starts anyway after this long: a shown page that paints no frame (the browser holding rendering back) still starts. */
export const START_BACKSTOP_MS = 1000;

/** Runs `start` once, as soon as the first frame has been painted (or at once in a hidden page). */
export function startAfterFirstPaint(env: StartEnv, start: () => void): void {
  let started = false;
  const once = () => {
    if (started) return;
    started = true;
    start();
  };
  if (env.hidden) return once();
  // A task queued before the frame runs after it has been painted.
  env.beforeFrame(() => env.later(once, 0));
  env.later(once, START_BACKSTOP_MS);
}

/** The browser's own: imports the app's entry after the first paint, or at once if anything here fails (the app must start). */
export function startApp(entry: string): void {
  let started = false;
  const run = () => {
    if (started) return;
    started = true;
    void import(/* @vite-ignore */ entry);
  };
  try {
    startAfterFirstPaint({ hidden: document.visibilityState === 'hidden', beforeFrame: (next) => requestAnimationFrame(next), later: (next, ms) => setTimeout(next, ms) }, run);
  } catch {
    run();
  }
}
