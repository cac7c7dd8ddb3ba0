import { z } from 'zod';

// In the browser the site's Content-Security-Policy forbids eval, which zod would otherwise
// try (to compile fast validators) and the browser would report as a violation. The server
// has no such policy and keeps the faster compiled validators.
if (typeof (globalThis as { document?: unknown }).document !== 'undefined') z.config({ jitless: true });

export { z };
