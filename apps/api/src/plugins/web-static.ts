import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { chooseEncoding, compress } from '../http/compression.js';
import { scriptSafeJson } from '../lib/script-json.js';
import path from 'node:path';
import type { errorEnvelope } from '@parmeta/contracts';
import type { z } from 'zod';
import { contentSecurityPolicy } from './security.js';

const YEAR = 365 * 24 * 3600;

/** The build's page for every address but the home page (apps/web/build/early-start.ts writes it). */
export const PAGE_HTML = 'page.html';
/** page.html for the admin area: its early script paints the admin frame (apps/web/build/early-start.ts). */
export const ADMIN_HTML = 'admin.html';

/** page.html for the shop and the market: its early script paints their first screen of cards, with its styles (apps/web/build/early-start.ts). */
export const LIST_HTML = 'list.html';

/** An address of the admin area, matched as the web app's router does (any case, an optional trailing slash). */
export const isAdminPath = (pathname: string) => /^\/admin(\/|$)/i.test(pathname);
/** The shop's and the market's grid, matched the same way. */
export const isListPath = (pathname: string) => /^\/(shop|market)\/?$/i.test(pathname);

export interface WebStaticOptions {
  webDist: string;
  /** Extra folders served below a URL prefix (uploaded media, demo images). */
  mounts: { prefix: string; root: string }[];
  /** The open catalog (PUBLIC_CATALOG): pages with their own head tags (modules/discovery). */
  catalogPages?: OpenCatalogPages;
  /**
   * A member page's first data, as JSON, for its address (modules/discovery/first-data.ts): written
   * into the page's head for its early script and the app. Null at once for an address that has
   * none (the page then goes out as built, compressed once); a promise of null when it has none
   * for this visitor.
   */
  firstData?: (pathname: string, req: FastifyRequest) => Promise<string | null> | null;
}

/** The element page.html's first data travels in (apps/web/src/lib/first-data.ts reads it). */
export const FIRST_DATA_ID = 'first-data';

/**
 * The page with its first data before </head>, as JSON the browser does not run (so the page's
 * script policy does not apply to it), written so that a product's name cannot close the element.
 */
export function withFirstData(html: string, json: string): string {
  const element = `<script type="application/json" id="${FIRST_DATA_ID}">${scriptSafeJson(json)}</script>`;
  return html.replace('</head>', () => `${element}</head>`);
}

/** What the open catalog changes in the served page: every page, and product and NFT pages each. */
export interface OpenCatalogPages {
  /** Receives the built page, answers the page every other address is served. */
  useIndex(indexHtml: string): string;
  /** A built page as served with no card of its own (the home page's). */
  plain(html: string): string;
  /** A product or NFT page with its own head; null for other addresses. */
  page(pathname: string): Promise<{ status: number; html: string }> | null;
}

/**
 * The sha256 (base64) of each inline script of a page, as CSP hashes them: the exact text
 * between the tags. Scripts with a src are the origin's own files, allowed by 'self'.
 */
export function inlineScriptHashes(html: string): string[] {
  return inlineHashes(html, 'script');
}

/** The same for the page's style elements: the build writes the entry's stylesheet into the page (apps/web/build/early-start.ts). */
export function inlineStyleHashes(html: string): string[] {
  return inlineHashes(html, 'style');
}

function inlineHashes(html: string, tag: 'script' | 'style'): string[] {
  const hashes: string[] = [];
  for (const [, attributes = '', text = ''] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>([\\s\\S]*?)<\\/${tag}\\s*>`, 'gi'))) {
    if (/\bsrc\s*=/i.test(attributes)) continue;
    hashes.push(createHash('sha256').update(text, 'utf8').digest('base64'));
  }
  return hashes;
}

/** A built page as served: the bytes, compressed once at start-up (a few KB), and its policy. */
interface ServedPage {
  html: Buffer;
  encoded: { br: Buffer; gzip: Buffer };
  /**
   * Allows the page's own inline script (the early script, see apps/web/build/early-start.ts)
   * by hash, computed from the file served, so it always matches; any other inline script stays refused.
   */
  policy: string;
}

function servedPage(html: string): ServedPage {
  const bytes = Buffer.from(html);
  return { html: bytes, encoded: { br: brotliCompressSync(bytes), gzip: gzipSync(bytes, { level: 9 }) }, policy: contentSecurityPolicy(inlineScriptHashes(html), inlineStyleHashes(html)) };
}

/**
 * Whether an address may name a file of the build: written plainly (no `..`, `.` or empty
 * parts, which no link of ours has), its last part has an extension (the app's own addresses
 * have none, and go to the page without a look on disk), and it is not one of the pages (nor
 * their compressed copies), which are answered as every app address is (below), with their policy.
 */
export const isBuildFile = (pathName: string) =>
  path.posix.normalize(pathName) === pathName && /\.[^/]+$/.test(pathName) && !pathName.startsWith('/index.html') && !pathName.startsWith(`/${PAGE_HTML}`) && !pathName.startsWith(`/${ADMIN_HTML}`) && !pathName.startsWith(`/${LIST_HTML}`);

const readText = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null);

/**
 * One process serves the API and the built web app. Hashed assets are immutable for a year;
 * the pages (index.html for the home page, page.html for every other address) are never cached,
 * so a deploy is picked up at once. Unknown paths under /api answer a JSON 404; every other
 * unknown GET falls back to the web app.
 */
async function webStaticPlugin(app: FastifyInstance, opts: WebStaticOptions) {
  const builtHome = readText(path.join(opts.webDist, 'index.html'));
  // Every address but the home page gets the build's page.html where there is one: index.html
  // with the whole early script inline, one request less before a signed-in page can ask for
  // its data (apps/web/build/early-start.ts). index.html alone works for every address too.
  const builtPage = builtHome === null ? null : (readText(path.join(opts.webDist, PAGE_HTML)) ?? builtHome);
  const pages = opts.catalogPages;
  // The admin area's addresses get admin.html where there is one (the same page, with the
  // script that paints the admin frame first instead of a member page's header).
  const builtAdmin = builtPage === null ? null : (readText(path.join(opts.webDist, ADMIN_HTML)) ?? builtPage);
  // The shop's and the market's get list.html (the same page, whose script also paints their first screen of cards).
  const builtList = builtPage === null ? null : (readText(path.join(opts.webDist, LIST_HTML)) ?? builtPage);
  const home = builtHome === null ? null : servedPage(pages ? pages.plain(builtHome) : builtHome);
  const pageHtml = builtPage === null ? '' : pages ? pages.useIndex(builtPage) : builtPage;
  const page = builtPage === null ? null : servedPage(pageHtml);
  const admin = builtAdmin === null ? null : servedPage(pages ? pages.plain(builtAdmin) : builtAdmin);
  const listHtml = builtList === null ? '' : pages ? pages.plain(builtList) : builtList;
  const list = builtList === null ? null : servedPage(listHtml);

  if (home) {
    await app.register(fastifyStatic, {
      root: opts.webDist,
      // One route for every file of the build, found on disk when asked for. Without the
      // wildcard, each file (with its .br and .gz) became two routes of its own: 880 routes
      // held in memory for good, ~6 MB (docs/decisions/0082).
      wildcard: true,
      index: false,
      cacheControl: false,
      // `npm run build` writes .br and .gz next to each text asset (apps/web/scripts/precompress.mjs):
      // compressed once at the top quality instead of on every request.
      preCompressed: true,
      allowedPath: isBuildFile,
      setHeaders(res, filePath) {
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        const cache = immutable ? `public, max-age=${YEAR}, immutable` : filePath.endsWith('index.html') ? 'no-cache' : 'public, max-age=3600';
        res.setHeader('cache-control', cache);
      },
    });
  }
  for (const mount of opts.mounts) {
    await app.register(fastifyStatic, {
      root: mount.root,
      prefix: mount.prefix,
      decorateReply: !home && mount === opts.mounts[0],
      cacheControl: false,
      setHeaders(res) {
        // Media files get server-generated, never-reused names, so they can be cached for good.
        res.setHeader('cache-control', `public, max-age=${YEAR}, immutable`);
      },
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url;
    const isFile = opts.mounts.some((m) => url.startsWith(m.prefix)) || url.startsWith('/assets/');
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/api?') || isFile || req.method !== 'GET' || !home || !page || !admin || !list) {
      const body: z.infer<typeof errorEnvelope> = { status: false, msg: `No such endpoint: ${req.method} ${url.split('?')[0]}`, code: 'NOT_FOUND' };
      return reply.code(404).send(body);
    }
    const pathname = url.split('?')[0] ?? url;
    const served = pathname === '/' ? home : isAdminPath(pathname) ? admin : isListPath(pathname) ? list : page;
    void reply.code(200).header('cache-control', 'no-cache').header('vary', 'accept-encoding').header('content-security-policy', served.policy).type('text/html; charset=utf-8');
    const card = served === page ? pages?.page(pathname) : null;
    const first = served === page || served === list ? opts.firstData?.(pathname, req)?.catch((error: unknown) => {
      req.log.error({ err: error }, 'could not read the first data of a page');
      return null;
    }) : undefined;
    if (card || first) {
      return Promise.all([card ?? { status: 200, html: served === list ? listHtml : pageHtml }, first]).then(async ([{ status, html }, json]) => {
        const body = json ? withFirstData(html, json) : html;
        // A page with what a member's session let in is for that browser alone, not a shared cache.
        if (json) void reply.header('cache-control', 'private, no-cache');
        const enc = chooseEncoding(req.headers['accept-encoding']);
        void reply.code(status);
        if (!enc) return reply.send(body);
        return reply.header('content-encoding', enc).send(await compress(body, enc));
      });
    }
    const encoding = chooseEncoding(req.headers['accept-encoding']);
    if (!encoding) return reply.send(served.html);
    return reply.header('content-encoding', encoding).send(served.encoded[encoding]);
  });
}

export default fp(webStaticPlugin, { name: 'web-static' });
