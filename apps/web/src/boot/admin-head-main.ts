import { browserStorage } from './early-api';
import { paintAdminHead } from './early-admin-head';

// The entry of admin.html's third early script, inlined inside #root: see early-admin-head.ts.

try {
  paintAdminHead({ pathname: window.location.pathname, storage: browserStorage(), now: Date.now, root: document.getElementById('root'), create: (tag: string) => document.createElement(tag), createSvg: (tag: string) => document.createElementNS('http://www.w3.org/2000/svg', tag) });
} catch {
  // Only a head start: the app does everything by itself.
}
