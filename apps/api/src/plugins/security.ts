import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy: only our own origin may
 * provide scripts, styles, images and connections; nothing may frame us. React sets
 * inline styles through the DOM (not style attributes in HTML), which CSP allows.
 *
 * The header set is computed once at start-up and written with one call per request
 * (what helmet sends, minus its per-request rebuilding, which halved throughput).
 *
 * `scriptHashes` (base64 sha256 digests) allow the page's own inline scripts, each by its
 * exact text, and nothing else inline: web-static.ts hashes those of the built index.html
 * (the web app's early script) and sends this policy with it.
 */
export function contentSecurityPolicy(scriptHashes: readonly string[] = [], styleHashes: readonly string[] = []): string {
  return [
    "default-src 'self'",
    ["script-src 'self'", ...scriptHashes.map((hash) => `'sha256-${hash}'`)].join(' '),
    ["style-src 'self'", ...styleHashes.map((hash) => `'sha256-${hash}'`)].join(' '),
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export const CONTENT_SECURITY_POLICY = contentSecurityPolicy();

/** For documents: HTML pages, the API docs UI, and anything else not below. */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'DENY',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * For JSON answers under /api, the set OWASP's REST Security Cheat Sheet asks for: a JSON
 * answer is never rendered as a page, so its policy allows nothing at all. A third of the
 * bytes of the document set, which matters on an API answered thousands of times a second.
 */
export const API_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'cache-control': 'no-store',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/**
 * For the web app's built scripts and styles and for product and NFT images: files a page loads,
 * never pages themselves (an SVG or HTML file would be one, so they keep the document set). What
 * matters for them: no type sniffing, no other site embedding them, and if one is opened by
 * itself, a policy that allows nothing. Half the bytes of the document set, on each of the ~25
 * files a page loads (HTTP/1.1 sends every header every time).
 */
export const FILE_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
};

/**
 * Product and NFT images: public files that other sites may show. A wallet shows an NFT's image
 * from its own origin (an extension page, an app), which a same-origin resource policy would
 * block (docs/decisions/0033).
 */
export const IMAGE_SECURITY_HEADERS: Readonly<Record<string, string>> = { ...FILE_SECURITY_HEADERS, 'cross-origin-resource-policy': 'cross-origin' };

const isApi = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');
const isFile = (url: string) => /^\/assets\/[^?#]+\.(js|css)(?:[?#]|$)/.test(url);
const isImage = (url: string) => /^\/(demo|media)\/[^?#]+\.(webp|png|jpe?g|gif)(?:[?#]|$)/.test(url);

async function securityPlugin(app: FastifyInstance) {
  // One hook for every header a request gets up front; the request id goes back to the
  // caller so a support request can quote it.
  app.addHook('onRequest', (req, reply, done) => {
    void reply.headers(isApi(req.url) ? API_SECURITY_HEADERS : isFile(req.url) ? FILE_SECURITY_HEADERS : isImage(req.url) ? IMAGE_SECURITY_HEADERS : SECURITY_HEADERS);
    void reply.header('x-request-id', req.id);
    done();
  });
}

export default fp(securityPlugin, { name: 'security' });
