import type { NftDetail, ProductDetail } from '@parmeta/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.js';
import { AppError } from '../../http/errors.js';
import { TtlCache } from '../../lib/ttl-cache.js';
import type { MarketService } from '../market/market.service.js';
import type { CatalogService } from '../shop/catalog.service.js';
import type { OpenCatalogPages } from '../../plugins/web-static.js';
import * as repo from './discovery.repository.js';
import { nftCard, pageWithCard, productCard, type PageCard } from './page-head.js';

/** A product's or an NFT's page, by its address as the web app's router reads it; null for any other address. */
export function itemPageAt(pathname: string): { kind: 'product' | 'nft'; id: number } | null {
  const match = /^\/(product|nft)\/(\d{1,15})\/?$/.exec(pathname);
  return match ? { kind: match[1] as 'product' | 'nft', id: Number(match[2]) } : null;
}

/** A sitemap file holds at most 50,000 addresses (sitemaps.org); past that /sitemap.xml is an index of files. */
export const SITEMAP_MAX_URLS = 50_000;

export interface CatalogPage {
  status: 200 | 404;
  html: string;
}

const xmlEscape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * The open catalog's pages as the server sends them (decision 0062): each product and NFT
 * page's HTML carries its own title, description, Open Graph and Twitter card tags and
 * schema.org Product data, so a shared link shows a card and a crawler that runs no script
 * reads the page; and the sitemap that lists them. Only built when PUBLIC_CATALOG is on.
 */
export class CatalogPages implements OpenCatalogPages {
  private readonly pages: TtlCache<CatalogPage>;
  private builtPage = '';
  private plainPage = '';

  constructor(
    private readonly db: Db,
    private readonly deps: { catalog: CatalogService; market: MarketService; publicUrl: string; cacheTtlMs: number; log: FastifyBaseLogger },
  ) {
    this.pages = new TtlCache({ ttlMs: deps.cacheTtlMs, maxEntries: 2000 });
    // NFT pages are read fresh by the API; their cards are kept for the same short TTL and
    // dropped with the catalog's answers.
    deps.catalog.onChange(() => this.pages.invalidate());
  }

  /** The built page; answers it with the open-catalog marker, for every address without a card. */
  useIndex(indexHtml: string): string {
    this.builtPage = indexHtml;
    this.plainPage = this.plain(indexHtml);
    return this.plainPage;
  }

  /** A built page with the open-catalog marker and no card (the home page's). */
  plain(html: string): string {
    return pageWithCard(html, null);
  }

  /** The page for a product or NFT address; null for any other address. A failed read serves the plain page. */
  page(pathname: string): Promise<CatalogPage> | null {
    const read = this.cardPage(pathname);
    return (
      read?.catch((error: unknown) => {
        this.deps.log.error({ err: error }, 'could not read the card of a catalog page');
        return { status: 200 as const, html: this.plainPage };
      }) ?? null
    );
  }

  private cardPage(pathname: string): Promise<CatalogPage> | null {
    const item = itemPageAt(pathname);
    if (!item) return null;
    const { kind, id } = item;
    return this.pages.get(`${kind === 'product' ? 'p' : 'n'}${id}`, async () => {
      const card = await (kind === 'product' ? this.productCard(id) : this.nftCard(id));
      // An unknown item's address answers 404 (with the app, which says so): crawlers drop it.
      return card ? { status: 200, html: pageWithCard(this.builtPage, card) } : { status: 404, html: this.plainPage };
    });
  }

  private async productCard(id: number): Promise<PageCard | null> {
    try {
      const detail = JSON.parse((await this.deps.catalog.detail(id)).text) as ProductDetail;
      return productCard(detail, this.deps.publicUrl);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  private async nftCard(id: number): Promise<PageCard | null> {
    try {
      const detail: NftDetail = await this.deps.market.detail(null, id);
      return nftCard(detail, this.deps.publicUrl);
    } catch (error) {
      if (error instanceof AppError && error.code === 'NOT_FOUND') return null;
      throw error;
    }
  }

  /**
   * /sitemap.xml: the home page, the shop, the market, every active product and every NFT.
   * Past 50,000 addresses it is an index of /sitemap-N.xml files, each of at most 50,000.
   */
  async sitemap(): Promise<string> {
    const products = await repo.countActiveProducts(this.db.kysely);
    if (products + 3 + (await this.nftCount()) <= SITEMAP_MAX_URLS) return (await this.sitemapFile(0)) ?? '';
    const files = Math.ceil(products / SITEMAP_MAX_URLS) + 1;
    const entries = Array.from({ length: files }, (_, i) => `<sitemap><loc>${xmlEscape(`${this.deps.publicUrl}/sitemap-${i}.xml`)}</loc></sitemap>`);
    return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`;
  }

  /**
   * One file of the sitemap: file 0 the fixed pages, the NFTs and the newest products up to
   * 50,000 addresses when everything fits; in an index, file 0 holds the fixed pages and NFTs
   * and file N the N-th 50,000 products. Null for a file past the end.
   */
  async sitemapFile(n: number): Promise<string | null> {
    const products = await repo.countActiveProducts(this.db.kysely);
    const nfts = await repo.sitemapNfts(this.db.kysely, SITEMAP_MAX_URLS - 3);
    const fits = products + 3 + nfts.length <= SITEMAP_MAX_URLS;
    const base = this.deps.publicUrl;
    const url = (path: string, lastmod?: number) => `<url><loc>${xmlEscape(base + path)}</loc>${lastmod ? `<lastmod>${day(lastmod)}</lastmod>` : ''}</url>`;
    let urls: string[];
    if (n === 0) {
      urls = [url('/'), url('/shop'), url('/market'), ...nfts.map((x) => url(`/nft/${x.id}`, x.updated_at))];
      if (fits) urls.push(...(await repo.sitemapProducts(this.db.kysely, SITEMAP_MAX_URLS, 0)).map((p) => url(`/product/${p.id}`, p.updated_at)));
    } else {
      if (fits || (n - 1) * SITEMAP_MAX_URLS >= products) return null;
      urls = (await repo.sitemapProducts(this.db.kysely, SITEMAP_MAX_URLS, (n - 1) * SITEMAP_MAX_URLS)).map((p) => url(`/product/${p.id}`, p.updated_at));
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  }

  private async nftCount(): Promise<number> {
    return (await repo.sitemapNfts(this.db.kysely, SITEMAP_MAX_URLS)).length;
  }
}
