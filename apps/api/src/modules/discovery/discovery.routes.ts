import type { FastifyInstance, FastifyReply } from 'fastify';
import { registerRoute } from '../../http/route.js';
import { routes } from '../../http/contract-routes.js';
import type { CatalogPages } from './catalog-pages.service.js';
import type { RelatedService } from './related.service.js';
import type { SuggestService } from './suggest.service.js';

/** Suggestions and related products, below /api (auth: 'catalog', as the shop's other reads). */
export async function discoveryRoutes(app: FastifyInstance, { suggest, related }: { suggest: SuggestService; related: RelatedService }) {
  registerRoute(app, routes.suggest, async ({ query }) => ({ data: await suggest.suggest(query) }));
  registerRoute(app, routes.relatedProducts, async ({ params }) => ({ data: await related.related(params.id) }));
}

const XML = 'application/xml; charset=utf-8';

/**
 * /robots.txt always (it was a static file), /sitemap.xml only when the catalog is open: a
 * closed catalog tells nobody which products exist (decision 0062).
 */
export async function crawlerRoutes(app: FastifyInstance, { pages, publicUrl }: { pages: CatalogPages | undefined; publicUrl: string }) {
  const robots = ['User-agent: *', 'Allow: /', 'Disallow: /api/', ...(pages ? ['', `Sitemap: ${publicUrl}/sitemap.xml`] : []), ''].join('\n');
  app.get('/robots.txt', async (_req, reply) => reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(robots));
  // Closed: a plain 404, not the app's page a crawler would take for a broken sitemap.
  const none = (reply: FastifyReply) => reply.code(404).type('text/plain; charset=utf-8').send('No such sitemap file.');
  app.get('/sitemap.xml', async (_req, reply) => (pages ? reply.type(XML).header('cache-control', 'public, max-age=3600').send(await pages.sitemap()) : none(reply)));
  app.get<{ Params: { n: string } }>('/sitemap-:n.xml', async (req, reply) => {
    const n = /^\d{1,4}$/.test(req.params.n) ? Number(req.params.n) : -1;
    const file = pages && n >= 0 ? await pages.sitemapFile(n) : null;
    if (file === null) return none(reply);
    return reply.type(XML).header('cache-control', 'public, max-age=3600').send(file);
  });
}
