import { browserHeadPage, paintHead } from './early-head';

// The entry of the third early script, inlined in page.html inside #root: see early-head.ts.

try {
  paintHead(browserHeadPage());
} catch {
  // Only a head start: the app does everything by itself.
}
