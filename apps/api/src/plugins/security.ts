import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy: only our own origin may
 * provide scripts, styles, images and connections; nothing may frame us. React sets
 * inline styles through the DOM (not style attributes in HTML), which CSP allows.
 *
 * The header set is computed once at start-up and written with one call per request
 * (what helmet sends, minus its per-request rebuilding, which halved throughput).
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

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

async function securityPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (_req, reply, done) => {
    void reply.headers(SECURITY_HEADERS);
    done();
  });
  // Small JSON answers are not worth compressing; the threshold keeps the hot path cheap.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
}

export default fp(securityPlugin, { name: 'security' });
