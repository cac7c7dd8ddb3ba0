import { markShell } from './early-loader';

// The first of page.html's early scripts, inlined in its head (build/early-start.ts): the first
// early script's marking of the header's frame (early-loader.ts), before the frame is parsed. The
// second one's work (page-main.ts) is inlined after #root instead of loaded: on a phone's
// connection that request was one more round trip before the session renewal could start, and
// after #root the member page's header (head-main.ts) is read before it, so the parser's first
// pause, which follows that longer script, paints the header too.

try {
  markShell({ pathname: window.location.pathname, mark: (name) => document.documentElement.classList.add(name) });
} catch {
  // Only a head start: the app does everything by itself.
}
