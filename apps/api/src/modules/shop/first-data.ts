import { fastifyCookie } from '@fastify/cookie';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config.js';
import { AppError } from '../../http/errors.js';
import { refreshCookie } from '../auth/session-cookie.js';
import type { SessionService } from '../auth/session.service.js';
import type { CatalogService } from './catalog.service.js';

/** A product page's address, as the web app's router and the early scripts read it. */
const PRODUCT_PAGE = /^\/product\/(\d{1,15})\/?$/;

/**
 * A product page's first data in its HTML (docs/decisions/0098): the product's detail, the
 * same answer as GET /api/ecommerce/product/:id, so the page's early script paints the
 * breadcrumb and the main picture with the first paint, and the app shows the product without
 * asking for it. Without it the picture waited for the app's code, the session's renewal and the
 * product's call, one after the other: 2.0 s of a phone's connection in Lighthouse's estimate.
 *
 * Only for a member whose refresh cookie names a live session (SameSite=Strict: the browser
 * sends it when the member opens or reloads the page) or on the open catalog, who may read the
 * product anyway; anyone else gets the page without it. Null for other addresses, an unknown
 * product, or a failed read: the page then loads as before.
 */
export function productFirstData(deps: { catalog: CatalogService; sessions: SessionService; config: Config }) {
  const cookieName = refreshCookie(deps.config).name;
  const read = async (id: number, req: FastifyRequest): Promise<string | null> => {
    // The page is answered outside /api, where the cookie plugin is not registered: read the header here.
    const cookie = req.headers.cookie ? fastifyCookie.parse(req.headers.cookie)[cookieName] : undefined;
    const mayRead = deps.config.publicCatalog || (cookie !== undefined && cookie !== '' && (await deps.sessions.holdsLiveSession(cookie)));
    if (!mayRead) return null;
    try {
      const { text } = await deps.catalog.detail(id);
      return `{"name":"productDetail","id":${id},"data":${text}}`;
    } catch (error) {
      if (error instanceof AppError) return null;
      throw error;
    }
  };
  return (pathname: string, req: FastifyRequest): Promise<string | null> | null => {
    const id = Number(PRODUCT_PAGE.exec(pathname)?.[1] ?? 0);
    return id > 0 ? read(id, req) : null;
  };
}
