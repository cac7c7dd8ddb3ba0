import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import security, { CONTENT_SECURITY_POLICY } from './security.js';
import webStatic, { ADMIN_HTML, inlineScriptHashes, inlineStyleHashes, isAdminPath, isBuildFile, isListPath, LIST_HTML, PAGE_HTML, type WebStaticOptions } from './web-static.js';

// The web app's early script is inlined in index.html (apps/web/build/early-start.ts); the page's
// policy allows it by its hash, and nothing else inline.

const EARLY_SCRIPT = '(function(){try{if(location.pathname!=="/")document.head.append(document.createElement("script"))}catch{}})();';
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
const page = (head: string) => `<!doctype html><html><head>${head}<script type="module" crossorigin src="/assets/index-1.js"></script></head><body><div id="root"></div></body></html>`;

let app: FastifyInstance | undefined;
let dir: string | undefined;
afterEach(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
  app = dir = undefined;
});

async function serve(indexHtml: string, pageHtml?: string, adminHtml?: string, firstData?: WebStaticOptions['firstData'], listHtml?: string): Promise<FastifyInstance> {
  dir = mkdtempSync(path.join(os.tmpdir(), 'parmeta-web-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), indexHtml);
  if (pageHtml !== undefined) writeFileSync(path.join(dir, PAGE_HTML), pageHtml);
  if (adminHtml !== undefined) writeFileSync(path.join(dir, ADMIN_HTML), adminHtml);
  if (listHtml !== undefined) writeFileSync(path.join(dir, LIST_HTML), listHtml);
  writeFileSync(path.join(dir, 'assets', 'index-1.js'), 'export {};');
  writeFileSync(path.join(dir, 'assets', 'logo.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  app = Fastify();
  await app.register(security);
  await app.register(webStatic, { webDist: dir, mounts: [], ...(firstData ? { firstData } : {}) });
  await app.ready();
  return app;
}

const scriptSrc = (csp: unknown) => String(csp).split('; ').find((part) => part.startsWith('script-src '));
const styleSrc = (csp: unknown) => String(csp).split('; ').find((part) => part.startsWith('style-src '));

describe('the page’s Content-Security-Policy', () => {
  it('allows the inline early script by its sha256, and no other inline script', async () => {
    const server = await serve(page(`<script>${EARLY_SCRIPT}</script>`));
    for (const url of ['/', '/shop', '/product/5?x=1', '/index.html']) {
      const res = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe(`script-src 'self' 'sha256-${sha256(EARLY_SCRIPT)}'`);
      expect(res.headers['content-security-policy'], url).not.toContain('unsafe-inline');
    }
    // Scripts and styles get the short set of files: no sniffing, and a policy that allows nothing.
    const asset = await server.inject({ method: 'GET', url: '/assets/index-1.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(asset.headers['cross-origin-opener-policy']).toBeUndefined();
    // Anything that could be a page keeps the document set without the hash.
    for (const url of ['/assets/logo.svg', '/api/docs']) {
      expect((await server.inject({ method: 'GET', url })).headers['content-security-policy'], url).toBe(CONTENT_SECURITY_POLICY);
    }
    expect(scriptSrc(CONTENT_SECURITY_POLICY)).toBe("script-src 'self'");
  });

  it('answers page.html, with its own script allowed, for every address but the home page', async () => {
    // The build inlines both early scripts in page.html (apps/web/build/early-start.ts).
    const INLINE_SCRIPTS = '(function(){try{window.__early={calls:{}}}catch{}})();';
    const server = await serve(page(`<script>${EARLY_SCRIPT}</script>`), page(`<script>${INLINE_SCRIPTS}</script>`));
    for (const [url, script] of [
      ['/', EARLY_SCRIPT],
      ['/?next=%2Fshop', EARLY_SCRIPT],
      ['/shop', INLINE_SCRIPTS],
      ['/product/5?x=1', INLINE_SCRIPTS],
      ['/index.html', INLINE_SCRIPTS],
      [`/${PAGE_HTML}`, INLINE_SCRIPTS],
    ] as const) {
      for (const encoding of ['br', 'gzip', 'identity']) {
        const res = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': encoding } });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['cache-control'], url).toBe('no-cache');
        expect(scriptSrc(res.headers['content-security-policy']), url).toBe(`script-src 'self' 'sha256-${sha256(script)}'`);
        const body = encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload;
        expect(body.toString('utf8'), `${url} ${encoding}`).toContain(`<script>${script}</script>`);
      }
    }
  });

  it('answers admin.html, with its own script allowed, for the admin area’s addresses, and page.html without one', async () => {
    const PAGE_SCRIPT = '(function(){window.__member=1})();';
    const ADMIN_SCRIPT = '(function(){window.__admin=1})();';
    const server = await serve(page(`<script>${EARLY_SCRIPT}</script>`), page(`<script>${PAGE_SCRIPT}</script>`), page(`<script>${ADMIN_SCRIPT}</script>`));
    for (const [url, script] of [
      ['/admin', ADMIN_SCRIPT],
      ['/Admin/Orders/', ADMIN_SCRIPT],
      ['/admin/finance/daily?from=2026-12-01', ADMIN_SCRIPT],
      ['/administrator', PAGE_SCRIPT],
      ['/wallet', PAGE_SCRIPT],
      [`/${ADMIN_HTML}`, PAGE_SCRIPT],
    ] as const) {
      const res = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe(`script-src 'self' 'sha256-${sha256(script)}'`);
      expect(gunzipSync(res.rawPayload).toString('utf8'), url).toContain(`<script>${script}</script>`);
    }
    // A build without admin.html serves page.html there too.
    await app?.close();
    const older = await serve(page(`<script>${EARLY_SCRIPT}</script>`), page(`<script>${PAGE_SCRIPT}</script>`));
    expect((await older.inject({ method: 'GET', url: '/admin/orders' })).body).toContain(`<script>${PAGE_SCRIPT}</script>`);
    expect(['/admin', '/ADMIN/', '/admin/x'].every(isAdminPath)).toBe(true);
    expect(['/', '/administrator', '/shop/admin'].some(isAdminPath)).toBe(false);
  });

  it('answers list.html, with its own script and style allowed, for the shop’s and the market’s addresses, with their first data', async () => {
    const PAGE_SCRIPT = '(function(){window.__member=1})();';
    const LIST_SCRIPT = '(function(){window.__grid=1})();';
    const GRID_CSS = '.item-card{display:flex}';
    const asked: string[] = [];
    const firstData = (pathname: string) => {
      asked.push(pathname);
      return pathname === '/shop' ? Promise.resolve('{"name":"shopProducts","id":0,"data":{"items":[]}}') : null;
    };
    const server = await serve(page(`<script>${EARLY_SCRIPT}</script>`), page(`<script>${PAGE_SCRIPT}</script>`), page(''), firstData, page(`<script>${LIST_SCRIPT}</script><style>${GRID_CSS}</style>`));
    for (const [url, script] of [
      ['/shop', LIST_SCRIPT],
      ['/Market/', LIST_SCRIPT],
      ['/shop?category=books', LIST_SCRIPT],
      ['/shop/x', PAGE_SCRIPT],
      ['/wallet', PAGE_SCRIPT],
      [`/${LIST_HTML}`, PAGE_SCRIPT],
    ] as const) {
      const res = await server.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe(`script-src 'self' 'sha256-${sha256(script)}'`);
      if (script === LIST_SCRIPT) expect(styleSrc(res.headers['content-security-policy']), url).toBe(`style-src 'self' 'sha256-${sha256(GRID_CSS)}'`);
      expect(gunzipSync(res.rawPayload).toString('utf8'), url).toContain(`<script>${script}</script>`);
    }
    // The shop's first data goes into list.html, as a product's into page.html.
    const shop = gunzipSync((await server.inject({ method: 'GET', url: '/shop', headers: { 'accept-encoding': 'gzip' } })).rawPayload).toString('utf8');
    expect(shop).toContain(`<style>${GRID_CSS}</style>`);
    expect(shop).toContain('<script type="application/json" id="first-data">{"name":"shopProducts","id":0,"data":{"items":[]}}</script></head>');
    expect(asked).toContain('/Market/');
    // A build without list.html serves page.html there too.
    await app?.close();
    const older = await serve(page(`<script>${EARLY_SCRIPT}</script>`), page(`<script>${PAGE_SCRIPT}</script>`));
    expect((await older.inject({ method: 'GET', url: '/market' })).body).toContain(`<script>${PAGE_SCRIPT}</script>`);
    expect(['/shop', '/SHOP/', '/market', '/market/'].every(isListPath)).toBe(true);
    expect(['/', '/shops', '/shop/1', '/market/x', '/my-market'].some(isListPath)).toBe(false);
  });

  it('allows the page’s own style element (the entry’s stylesheet, written in by the build) by its sha256, and no other', async () => {
    const CSS = ':root{--brand:#4f46e5}body{margin:0}';
    const server = await serve(page(`<style>${CSS}</style><script>${EARLY_SCRIPT}</script>`));
    for (const url of ['/', '/shop']) {
      const res = await server.inject({ method: 'GET', url });
      expect(styleSrc(res.headers['content-security-policy']), url).toBe(`style-src 'self' 'sha256-${sha256(CSS)}'`);
      expect(scriptSrc(res.headers['content-security-policy']), url).toBe(`script-src 'self' 'sha256-${sha256(EARLY_SCRIPT)}'`);
      expect(res.headers['content-security-policy'], url).not.toContain('unsafe-inline');
    }
    expect(styleSrc(CONTENT_SECURITY_POLICY)).toBe("style-src 'self'");
    expect(inlineStyleHashes(page(`<style>${CSS}</style><STYLE media="print">a{}</STYLE>`))).toEqual([sha256(CSS), sha256('a{}')]);
    expect(inlineStyleHashes(page(`<script>${EARLY_SCRIPT}</script>`))).toEqual([]);
  });

  it('stays strict for a page without an inline script', async () => {
    const server = await serve(page(''));
    const res = await server.inject({ method: 'GET', url: '/shop' });
    expect(res.headers['content-security-policy']).toBe(CONTENT_SECURITY_POLICY);
  });

  it('hashes exactly the text between the tags, and only of scripts without a src', () => {
    const html = page(`<script>${EARLY_SCRIPT}</script><script type="application/json">{"a":1}</script><SCRIPT src="/x.js"></SCRIPT>`);
    expect(inlineScriptHashes(html)).toEqual([sha256(EARLY_SCRIPT), sha256('{"a":1}')]);
    expect(inlineScriptHashes(page(''))).toEqual([]);
  });
});

describe('a page’s first data', () => {
  it('goes before </head> as JSON for the pages that have it, compressed as asked, under the page’s own policy; a failed read serves the page as built', async () => {
    const INLINE = '(function(){})();';
    const asked: string[] = [];
    const server = await serve(page(`<script>${EARLY_SCRIPT}</script>`), page(`<script>${INLINE}</script>`), page(''), (pathname) => {
      asked.push(pathname);
      if (pathname === '/product/1') return Promise.resolve('{"name":"productDetail","id":1,"data":{"name":"a </script> b"}}');
      if (pathname === '/product/2') return Promise.reject(new Error('the database is away'));
      return pathname === '/product/3' ? Promise.resolve(null) : null;
    });
    const built = (await server.inject({ method: 'GET', url: '/shop' })).body;
    for (const encoding of ['br', 'gzip', 'identity']) {
      const res = await server.inject({ method: 'GET', url: '/product/1', headers: { 'accept-encoding': encoding } });
      const body = (encoding === 'br' ? brotliDecompressSync(res.rawPayload) : encoding === 'gzip' ? gunzipSync(res.rawPayload) : res.rawPayload).toString('utf8');
      const json = /<script type="application\/json" id="first-data">([^<]*)<\/script><\/head>/.exec(body)?.[1];
      expect(JSON.parse(json ?? 'null')).toEqual({ name: 'productDetail', id: 1, data: { name: 'a </script> b' } });
      expect(body.replace(/<script type="application\/json"[^]*?<\/script>/, '')).toBe(built);
      expect(scriptSrc(res.headers['content-security-policy'])).toBe(`script-src 'self' 'sha256-${sha256(INLINE)}'`);
      expect(res.headers['cache-control']).toBe('private, no-cache');
    }
    for (const url of ['/product/2', '/product/3', '/shop']) {
      const res = await server.inject({ method: 'GET', url });
      expect([res.statusCode, res.body, res.headers['cache-control']], url).toEqual([200, built, 'no-cache']);
    }
    // Neither the home page nor the admin area's pages are asked about.
    await server.inject({ method: 'GET', url: '/' });
    await server.inject({ method: 'GET', url: '/admin/products' });
    expect(asked).not.toContain('/');
    expect(asked).not.toContain('/admin/products');
  });
});

describe('the build’s files', () => {
  it('are served from disk through one route, precompressed where the build wrote it, immutable under /assets', async () => {
    const server = await serve(page(''));
    writeFileSync(path.join(dir!, 'assets', 'index-1.js.br'), brotliCompressSync('export {};'));
    writeFileSync(path.join(dir!, 'favicon.ico'), 'icon');
    const br = await server.inject({ method: 'GET', url: '/assets/index-1.js', headers: { 'accept-encoding': 'br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('export {};');
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const plain = await server.inject({ method: 'GET', url: '/assets/logo.svg' });
    expect(plain.statusCode).toBe(200);
    expect(plain.body).toContain('<svg');
    // A file written after start is found too: files are looked up when asked for, not listed at start.
    const icon = await server.inject({ method: 'GET', url: '/favicon.ico' });
    expect([icon.statusCode, icon.body, icon.headers['cache-control']]).toEqual([200, 'icon', 'public, max-age=3600']);
    expect(server.printRoutes()).not.toContain('index-1');
    // The pages' compressed copies are not files to hand out: the page is answered, with its policy.
    writeFileSync(path.join(dir!, 'index.html.br'), brotliCompressSync(page('')));
    const copy = await server.inject({ method: 'GET', url: '/index.html.br' });
    expect([copy.statusCode, copy.headers['content-type'], copy.headers['content-encoding']]).toEqual([200, 'text/html; charset=utf-8', undefined]);
  });

  it('answers a JSON 404 for a missing file or a folder, and the app’s page for its own addresses', async () => {
    const server = await serve(page(''), page('<title>app</title>'));
    for (const url of ['/assets/missing-1.js', '/assets/', '/assets/x/nope.png']) {
      const res = await server.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toMatchObject({ status: false, code: 'NOT_FOUND' });
    }
    for (const url of ['/wallet', '/product/5', '/account/security', '/orders/']) {
      const res = await server.inject({ method: 'GET', url });
      expect([res.statusCode, res.body.includes('<title>app</title>')], url).toEqual([200, true]);
    }
  });
});

describe('isBuildFile', () => {
  it('takes an address with an extension for a file, and never the pages', () => {
    expect(['/assets/a-1.js', '/favicon.ico', '/logo.png', '/assets/a-1.js.br'].every(isBuildFile)).toBe(true);
    expect(['/', '/shop', '/product/5', '/assets/', '/assets', '/index.html', '/index.html.br', `/${PAGE_HTML}`, `/${PAGE_HTML}.gz`, `/${ADMIN_HTML}`, `/${ADMIN_HTML}.br`, `/${LIST_HTML}`, `/${LIST_HTML}.gz`, '/v1.2/x'].some(isBuildFile)).toBe(false);
    expect(['/assets/../index.html.br', '/assets/./a-1.js', '/assets//a-1.js', '/x/../favicon.ico'].some(isBuildFile)).toBe(false);
  });
});
