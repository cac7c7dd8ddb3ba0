import { z } from 'zod';

// In the browser the site's Content-Security-Policy forbids eval, which zod would otherwise
// try (to compile fast validators) and the browser would report as a violation. The server
// has no such policy and keeps the faster compiled validators. zod keeps its settings on
// globalThis.__zod_globalConfig; writing there (rather than calling z.config(), whose unused
// result lets a bundler drop the call) survives tree-shaking.
const g = globalThis as { document?: unknown; __zod_globalConfig?: { jitless?: boolean } };
if (typeof g.document !== 'undefined') (g.__zod_globalConfig ??= {}).jitless = true;

export { z };
