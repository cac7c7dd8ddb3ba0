import '@/styles/browse.css';
import { browserHeadPage, paintHead } from './early-head';
import { paintList } from './early-list';

// The entry of list.html's third early script, inlined inside #root: the member pages' header
// script (head-main.ts) that also paints a bare /shop's or /market's first screen (early-list.ts).
// Its styles (styles/browse.css) are written into list.html beside it (build/early-start.ts).

try {
  paintHead(browserHeadPage(), paintList);
} catch {
  // Only a head start: the app does everything by itself.
}
