import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, notFound } from '../../http/errors.js';
import { MEDIA_CACHE_CONTROL, MEDIA_TYPE, type S3MediaStore } from './media-store.js';

/** The only names the image pipeline makes: `<folder>/<24 hex>-<size>.webp`. Anything else is not asked of the store. */
const MEDIA_KEY = /^[a-z]+\/[0-9a-f]{24}-\d{2,4}\.webp$/;

/**
 * Uploaded images kept in object storage, served by every instance at the same addresses as
 * the local folder's (/media/...), from the same origin (the page's policy allows images from
 * its own origin only), with the same headers: cached for a year, immutable, and a 304 to a
 * browser that already has it (docs/decisions/0048).
 */
export async function s3MediaRoutes(app: FastifyInstance, { store }: { store: S3MediaStore }) {
  app.get('/media/*', async (req: FastifyRequest<{ Params: { '*': string } }>, reply) => {
    const key = req.params['*'];
    if (!MEDIA_KEY.test(key)) throw notFound('That image does not exist.');
    let found: Awaited<ReturnType<S3MediaStore['get']>>;
    try {
      found = await store.get(key, req.headers['if-none-match']);
    } catch (error) {
      req.log.warn({ err: error, key }, 'media storage did not answer');
      throw new AppError('UNAVAILABLE', 'Images cannot be loaded right now. Please try again in a moment.');
    }
    if (found === null) throw notFound('That image does not exist.');
    void reply.header('cache-control', MEDIA_CACHE_CONTROL);
    if (found === 'not-modified') return reply.code(304).header('etag', req.headers['if-none-match']).send();
    void reply.type(MEDIA_TYPE);
    if (found.etag) void reply.header('etag', found.etag);
    if (found.lastModified) void reply.header('last-modified', found.lastModified.toUTCString());
    if (found.length !== undefined) void reply.header('content-length', found.length);
    // A HEAD request gets the same headers; Fastify drains the body without sending it.
    return reply.send(found.body);
  });
}
