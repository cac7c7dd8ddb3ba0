import { firstShell } from '@/app/layout-paths';

// The first early script, inlined in index.html (build/early-start.ts) so it runs while the HTML
// is parsed, before the app's code has arrived. It stays this small (no storage read, nothing to
// wait for) because it counts in every page's first-load JavaScript and holds up the parser:
// - on the sign-in pages it hides the header's frame that index.html paints before the app
//   (styles/global.css, .app-shell); on checkout it makes it the bare layout's (the logo alone);
// - on any page but the home page (all in the entry, and public: left as it was) it loads the
//   second early script (early-page.ts), which, for a signed-in user, starts what the page needs.

export interface LoaderPage {
  pathname: string;
  /** Marks the document (a class on <html>). */
  mark(name: string): void;
  /** Adds a script to the document's head. */
  addScript(src: string): void;
}

/** Hides the header's frame on the sign-in pages; on checkout, shapes it as the bare layout's header. */
export function markShell(page: Pick<LoaderPage, 'pathname' | 'mark'>): void {
  const shell = firstShell(page.pathname);
  if (shell !== 'main') page.mark(shell === 'none' ? 'no-shell' : 'bare-shell');
}

export function startLoader(page: LoaderPage, pageScript: string): void {
  markShell(page);
  // A script added by a script loads without holding up the page (async).
  if (page.pathname !== '/') page.addScript(pageScript);
}
