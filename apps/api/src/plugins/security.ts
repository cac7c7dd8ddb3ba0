import compress from '@fastify/compress';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers with a strict Content-Security-Policy: only our own origin may
 * provide scripts, styles, images and connections; nothing may frame us. React sets
 * inline styles through the DOM (not through style attributes in HTML), which CSP allows.
 */
async function securityPlugin(app: FastifyInstance) {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The web app and its images are same-origin; nothing needs cross-origin embedding.
    crossOriginEmbedderPolicy: false,
  });
  // Small JSON answers are not worth compressing; the threshold keeps the hot path cheap.
  await app.register(compress, { threshold: 1024, encodings: ['br', 'gzip'] });
}

export default fp(securityPlugin, { name: 'security' });
