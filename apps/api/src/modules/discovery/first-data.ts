import { fastifyCookie } from '@fastify/cookie';
import type { marketFilter, shopFilter } from '@parmeta/contracts';
import { MARKET_PAGE_SIZE, SHOP_PAGE_SIZE } from '@parmeta/contracts/shop/shop-limits';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
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

/** The shop's and the market's bare addresses (as the web app's routes: a trailing slash is the same page). */
const LIST_PAGE = /^\/(shop|market)\/?$/;

/**
 * The filters of a bare /shop and /market as their schemas read the app's first call (no search,
 * every category, the first page of the grid's size; the shop's sort decided by the catalog),
 * written out: the schemas are built only when a request first needs them (docs/decisions/0087).
 */
const SHOP_DEFAULT: z.output<typeof shopFilter> = { search: '', category: 'all', page: 1, pageSize: SHOP_PAGE_SIZE };
const MARKET_DEFAULT: z.output<typeof marketFilter> = { search: '', category: 'all', sort: 'newest', page: 1, pageSize: MARKET_PAGE_SIZE };

/** A list page's first data only for its bare address: any filter in the address is the app's to read. */
const bareAddress = (req: FastifyRequest) => {
  const query = req.url.indexOf('?');
  return query === -1 || query === req.url.length - 1;
};

/**
 * A product or NFT page's first data in its HTML (docs/decisions/0098), so the page's early script
 * paints its breadcrumb and main picture with the first paint. Without it the picture waited for
 * the app's code, the session's renewal and the item's call, one after the other: 2.0-2.3 s of a
 * phone's connection in Lighthouse's estimate.
 * - A product page: the product's detail, the same answer as GET /api/ecommerce/product/:id; the
 *   app shows the product from it without asking.
 * - An NFT page: what its first screen shows of the NFT (name, picture, collection), the same for
 *   everyone; the app still asks for the member's own view (ownership, reservation).
 * - The shop and the market at their bare addresses: the grid's first page, the same answers as
 *   the shopProducts and marketProducts calls with the app's default filter (the market's as this
 *   member sees it: their own NFTs and reservations are marked), so the early script paints the
 *   first screen of cards and the app shows them without asking (docs/decisions/0099).
 *
 * Only for a member whose refresh cookie names a live session (SameSite=Strict: the browser sends
 * it when the member opens or reloads the page) or on the open catalog, whose visitors may read
 * the item anyway; anyone else gets the page without it. Null at once for other addresses; null
 * for an unknown item: the page then loads as before.
 */
export function pageFirstData(deps: Deps) {
  const cookieName = refreshCookie(deps.config).name;
  /** Who may have the page's data: the member whose refresh cookie names a live session; anyone (as a visitor, null) on the open catalog; else no one (undefined). */
  const reader = async (req: FastifyRequest): Promise<{ userId: number | null } | undefined> => {
    // The page is answered outside /api, where the cookie plugin is not registered: read the header here.
    const cookie = req.headers.cookie ? fastifyCookie.parse(req.headers.cookie)[cookieName] : undefined;
    const userId = cookie !== undefined && cookie !== '' ? await deps.sessions.liveSessionUser(cookie) : null;
    if (userId !== null) return { userId };
    return deps.config.publicCatalog ? { userId: null } : undefined;
  };
  const read = async (req: FastifyRequest, json: (userId: number | null) => Promise<string>): Promise<string | null> => {
    const who = await reader(req);
    if (!who) return null;
    try {
      return await json(who.userId);
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
  const shopPage = async () => `{"name":"shopProducts","id":0,"data":${(await deps.catalog.list(SHOP_DEFAULT)).text}}`;
  const marketPage = async (userId: number | null) => JSON.stringify({ name: 'marketProducts', id: 0, data: await deps.market.list(userId, MARKET_DEFAULT) });
  return (pathname: string, req: FastifyRequest): Promise<string | null> | null => {
    const list = LIST_PAGE.exec(pathname)?.[1];
    if (list) return bareAddress(req) ? read(req, (userId) => (list === 'shop' ? shopPage() : marketPage(userId))) : null;
    const item = itemPageAt(pathname);
    if (!item || item.id === 0) return null;
    const { kind, id } = item;
    return read(req, () => (kind === 'product' ? product(id) : nft(id)));
  };
}
