import { browserHeadPage } from './early-head';
import { paintHome } from './early-home';

// The entry of index.html's early script, inlined inside #root: see early-home.ts.

try {
  paintHome(browserHeadPage());
} catch {
  // Only a head start: the app does everything by itself.
}
