import { paintAdminHead } from './early-admin-head';
import { browserHeadPage } from './early-head';

// The entry of admin.html's third early script, inlined inside #root: see early-admin-head.ts.

try {
  paintAdminHead(browserHeadPage());
} catch {
  // Only a head start: the app does everything by itself.
}
