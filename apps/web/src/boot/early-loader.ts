import { showsMainLayoutFirst } from '@/app/layout-paths';

// The first early script, inlined in index.html (build/early-start.ts) so it runs while the HTML
// is parsed, before the app's code has arrived. It stays this small (no storage read, nothing to
// wait for) because it counts in every page's first-load JavaScript and holds up the parser:
// - on the pages outside the main layout (sign-in pages, checkout) it hides the header's frame
//   that index.html paints before the app (styles/global.css, .app-shell);
// - on any page but the home page (all in the entry, and public: left as it was) it loads the
//   second early script (early-page.ts), which, for a signed-in user, starts what the page needs.

export interface LoaderPage {
  pathname: string;
  /** Marks the document (a class on <html>). */
  mark(name: string): void;
  /** Adds a script to the document's head. */
  addScript(src: string): void;
}

/** Hides the header's frame on the pages outside the main layout. */
export function markShell(page: Pick<LoaderPage, 'pathname' | 'mark'>): void {
  if (!showsMainLayoutFirst(page.pathname)) page.mark('no-shell');
}

export function startLoader(page: LoaderPage, pageScript: string): void {
  markShell(page);
  // A script added by a script loads without holding up the page (async).
  if (page.pathname !== '/') page.addScript(pageScript);
}
