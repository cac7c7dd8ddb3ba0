import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { refreshCookie } from '../auth/session-cookie.js';
import type { SessionService } from '../auth/session.service.js';
import type { MarketService } from '../market/market.service.js';
import type { CatalogService } from '../shop/catalog.service.js';
import { itemPageAt } from './catalog-pages.service.js';

interface Deps {
  catalog: CatalogService;
  market: MarketService;
  sessions: SessionService;
  config: Config;
}

/**
 * A product or NFT page's first data in its HTML (docs/decisions/0098), so the page's early script
 * paints its breadcrumb and main picture with the first paint. Without it the picture waited for
 * the app's code, the session's renewal and the item's call, one after the other: 2.0-2.3 s of a
 * phone's connection in Lighthouse's estimate.
 * - A product page: the product's detail, the same answer as GET /api/ecommerce/product/:id; the
 *   app shows the product from it without asking.
 * - An NFT page: what its first screen shows of the NFT (name, picture, collection), the same for
 *   everyone; the app still asks for the member's own view (ownership, reservation).
 *
 * Only for a member whose refresh cookie names a live session (SameSite=Strict: the browser sends
 * it when the member opens or reloads the page) or on the open catalog, whose visitors may read
 * the item anyway; anyone else gets the page without it. Null at once for other addresses; null
 * for an unknown item: the page then loads as before.
 */
export function pageFirstData(deps: Deps) {
  const cookieName = refreshCookie(deps.config).name;
  const mayRead = async (req: FastifyRequest): Promise<boolean> => {
    if (deps.config.publicCatalog) return true;
    // The page is answered outside /api, where the cookie plugin is not registered: read the header here.
    const cookie = req.headers.cookie ? fastifyCookie.parse(req.headers.cookie)[cookieName] : undefined;
    return cookie !== undefined && cookie !== '' && deps.sessions.holdsLiveSession(cookie);
  };
  const read = async (req: FastifyRequest, json: () => Promise<string>): Promise<string | null> => {
    if (!(await mayRead(req))) return null;
    try {
      return await json();
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
  const product = async (id: number) => `{"name":"productDetail","id":${id},"data":${(await deps.catalog.detail(id)).text}}`;
  const nft = async (id: number) => {
    const { name, image, collection } = await deps.market.detail(null, id);
    return JSON.stringify({ name: 'nftFirstScreen', id, data: { name, image, collection: { name: collection.name, slug: collection.slug } } });
  };
  return (pathname: string, req: FastifyRequest): Promise<string | null> | null => {
    const item = itemPageAt(pathname);
    if (!item || item.id === 0) return null;
    const { kind, id } = item;
    return read(req, () => (kind === 'product' ? product(id) : nft(id)));
  };
}
