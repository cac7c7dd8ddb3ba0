import { markShell } from './early-loader';
// The second early script's entry: it starts what the page needs as it is imported.
import './page-main';

// Both early scripts in one, inlined in page.html: the page the server answers for every
// address but the home page (build/early-start.ts). It does the first one's work
// (early-loader.ts) and the second one's (page-main.ts) without the request for the second,
// which on a phone's connection was one more round trip before the session renewal could start.

try {
  markShell({ pathname: window.location.pathname, mark: (name) => document.documentElement.classList.add(name) });
} catch {
  // Only a head start: the app does everything by itself.
}
