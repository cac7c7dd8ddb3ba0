import { browserStorage } from './early-api';
import { paintHead } from './early-head';

// The entry of the third early script, inlined in page.html inside #root: see early-head.ts.

try {
  paintHead({ pathname: window.location.pathname, storage: browserStorage(), now: Date.now, root: document.getElementById('root'), create: (tag: string) => document.createElement(tag), createSvg: (tag: string) => document.createElementNS('http://www.w3.org/2000/svg', tag) });
} catch {
  // Only a head start: the app does everything by itself.
}
