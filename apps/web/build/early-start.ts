import { createHash } from 'node:crypto';
import path from 'node:path';
import { build, type Alias, type Plugin, type Rolldown } from 'vite';
import { APP_CODE_ID, type AppCode } from '../src/boot/app-start';

/** Where index.html takes the first early script. */
export const EARLY_SCRIPT_MARKER = '<!-- early-start -->';
/** Where page.html takes the script that paints a member page's header (inside #root, after the header's frame). */
export const EARLY_HEAD_MARKER = '<!-- early-head -->';

/** index.html with both early scripts inline: what the API answers for every address but the home page (apps/api/src/plugins/web-static.ts). */
export const PAGE_HTML = 'page.html';
/** page.html whose header script paints the admin area's frame: what the API answers for the admin area's addresses. */
export const ADMIN_HTML = 'admin.html';
/** page.html whose header script also paints the shop's and the market's first screen, with its styles: what the API answers for /shop and /market. */
export const LIST_HTML = 'list.html';

export interface EarlyStartOptions {
  /** The first early script's entry (src/boot/loader-main.ts), inlined in index.html. */
  loaderEntry: string;
  /** The second one's (src/boot/page-main.ts), a file of its own the first one loads. */
  pageEntry: string;
  /** The first one's marking of the header's frame alone (src/boot/shell-main.ts), inlined in page.html's head. */
  shellEntry: string;
  /** The member page's header (src/boot/head-main.ts), inlined in page.html's #root. */
  headEntry: string;
  /** The admin page's frame and header (src/boot/admin-head-main.ts), inlined in admin.html's #root. */
  adminHeadEntry: string;
  /** The member page's header and the grids' first screen (src/boot/list-head-main.ts), inlined in list.html's #root; the styles it imports go into list.html's head. */
  listHeadEntry: string;
  /** The home page's hero and cards (src/boot/home-head-main.ts), inlined in index.html's #root. */
  homeHeadEntry: string;
  /** What asks for the app's code after the first paint (src/boot/app-start-main.ts), inlined at the end of both pages. */
  startEntry: string;
  /** The app's aliases, for the scripts' imports. */
  alias: Alias[];
  /** Source modules whose built chunks (with the chunks they import, and their styles) the second script preloads. */
  preloads: { routes: string[]; pages: Record<string, string[]> };
}

/**
 * The early scripts (src/boot): they run before the app's code and must not share chunks with
 * it, so each is bundled on its own (no imports left, minified). The second one is written to
 * assets/ under a hash of its content, with the list of files it preloads computed here from
 * the app's bundle: each listed module's chunk, the chunks it imports, and their styles, minus
 * what index.html loads anyway. The first one, which loads it, is inlined in index.html.
 *
 * page.html is index.html with both scripts inline instead of the first: the API answers it for
 * every address but the home page (which needs neither), one request less before a signed-in
 * page starts its renewal and its data. index.html alone still works for every address.
 * page.html also has a third script inside #root, after the header's frame, that paints a
 * member page's fixed header with the first paint (src/boot/early-head.ts); admin.html, the same
 * page for the admin area's addresses, has one that paints the admin frame and header instead
 * (src/boot/early-admin-head.ts); list.html, the page for /shop and /market, has one that also
 * paints their first screen of cards, with that screen's styles in its head (src/boot/list-head-main.ts).
 * Its head keeps only
 * the first script's marking of the frame (src/boot/shell-main.ts); the second script comes
 * after #root, so that the parser reads the header's script before the longer one, after which
 * it pauses and the page paints.
 *
 * The site's CSP refuses inline scripts (script-src 'self'): the API allows these by their
 * sha256 hash, computed from the built pages when the server starts
 * (apps/api/src/plugins/web-static.ts). In development (no bundle) index.html keeps the marker
 * and the app does everything itself.
 */
export function earlyStart(options: EarlyStartOptions): Plugin[] {
  let pageScript: string | undefined;
  let shellScript: string | undefined;
  let pageCode: string | undefined;
  let headScript: string | undefined;
  let adminHeadScript: string | undefined;
  let listHead: BundledScript | undefined;
  let homeHeadScript: string | undefined;
  let loaderTag: string | undefined;
  const main: Plugin = {
    name: 'parmeta:early-start',
    apply: 'build',
    generateBundle: {
      // Before Vite writes index.html (transformIndexHtml below runs in its generateBundle).
      order: 'pre',
      async handler(_options, bundle) {
        const preloads = preloadLists(bundle, options.preloads);
        const { code } = await bundleScript(options.pageEntry, options.alias, { __EARLY_PRELOADS__: JSON.stringify(preloads) });
        const fileName = `assets/early-page-${createHash('sha256').update(code).digest('base64url').slice(0, 8)}.js`;
        this.emitFile({ type: 'asset', fileName, source: code });
        pageScript = `/${fileName}`;
        pageCode = code;
        shellScript = (await bundleScript(options.shellEntry, options.alias, {})).code;
        headScript = (await bundleScript(options.headEntry, options.alias, {})).code;
        adminHeadScript = (await bundleScript(options.adminHeadEntry, options.alias, {})).code;
        listHead = await bundleScript(options.listHeadEntry, options.alias, {});
        homeHeadScript = (await bundleScript(options.homeHeadEntry, options.alias, {})).code;
      },
    },
    transformIndexHtml: {
      order: 'post',
      async handler(html, ctx) {
        if (!ctx.bundle) return html;
        if (!pageScript) throw new Error('early script: the second script was not built');
        if (!html.includes(EARLY_SCRIPT_MARKER)) throw new Error(`index.html has no ${EARLY_SCRIPT_MARKER} marker for the early script`);
        const { code } = await bundleScript(options.loaderEntry, options.alias, { __EARLY_PAGE_SCRIPT__: JSON.stringify(pageScript) });
        // The script before the stylesheet: a classic script after a pending stylesheet waits for
        // it. Then the stylesheet before the app's scripts. The page plugin below then writes the
        // sheet into the built pages (inlineEntryStyles), where it is in place when the page paints.
        const styles = [...html.matchAll(/\n\s*(<link rel="stylesheet"[^>]*>)/g)];
        for (const [line] of styles) html = html.replace(line, '');
        loaderTag = `<script>${code}</script>`;
        const { code: starter } = await bundleScript(options.startEntry, options.alias, {});
        return appCodeAfterFirstPaint(html.replace(EARLY_SCRIPT_MARKER, [loaderTag, ...styles.map(([, tag]) => tag)].join('\n    ')), starter);
      },
    },
  };
  // After Vite has written index.html into the bundle (its own generateBundle runs transformIndexHtml).
  const page: Plugin = {
    name: 'parmeta:early-start-page',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset' || !loaderTag || !shellScript || !pageCode || headScript === undefined || adminHeadScript === undefined || !listHead || homeHeadScript === undefined) throw new Error(`early script: no index.html to make ${PAGE_HTML} from`);
        const html = inlineEntryStyles(String(index.source), bundle);
        // index.html (the home page, static hosts) paints the home page, at its address only.
        index.source = homeFromIndex(html, homeHeadScript);
        this.emitFile({ type: 'asset', fileName: PAGE_HTML, source: pageFromIndex(html, { loaderTag, shellScript, headScript, pageCode }) });
        this.emitFile({ type: 'asset', fileName: ADMIN_HTML, source: pageFromIndex(html, { loaderTag, shellScript, headScript: adminHeadScript, pageCode }) });
        // The grids' first screen and its styles only where it paints: every other page's HTML
        // stays under the ~14 kB a new connection's first round trip carries (decision 0099).
        this.emitFile({ type: 'asset', fileName: LIST_HTML, source: withStyle(pageFromIndex(html, { loaderTag, shellScript, headScript: listHead.code, pageCode }), listHead.css) });
      },
    },
  };
  return [main, page];
}

/** index.html as served for the home page: the script that paints the home page in place of the marker at the end of #root. */
export function homeFromIndex(html: string, homeHeadScript: string): string {
  const rootEnd = `${EARLY_HEAD_MARKER}</div>`;
  if (!html.includes(rootEnd)) throw new Error(`index.html has no ${EARLY_HEAD_MARKER} marker at the end of #root`);
  return html.replace(rootEnd, () => `<script>${homeHeadScript}</script></div>`);
}

/**
 * page.html from index.html: the first early script's tag becomes the frame's marking alone
 * (shell-main.ts), the marker at the end of #root the header's script, and the second early
 * script follows #root, so that the parser reads the header's script before the longer one and
 * the first paint shows the header (src/boot/shell-main.ts).
 */
export function pageFromIndex(html: string, scripts: { loaderTag: string; shellScript: string; headScript: string; pageCode: string }): string {
  const rootEnd = `${EARLY_HEAD_MARKER}</div>`;
  if (!html.includes(scripts.loaderTag)) throw new Error('early script: index.html lost the first early script');
  if (!html.includes(rootEnd)) throw new Error(`index.html has no ${EARLY_HEAD_MARKER} marker at the end of #root`);
  // Functions, so that "$" in the code is not read as a replacement pattern.
  return html.replace(scripts.loaderTag, () => `<script>${scripts.shellScript}</script>`).replace(rootEnd, () => `<script>${scripts.headScript}</script></div><script>${scripts.pageCode}</script>`);
}

/**
 * The entry's stylesheet, written into the page: the first paint then needs the page alone, not
 * one more request after it. On a phone's connection that request is a round trip (or a new
 * connection) before anything shows; the sheet is 3.5 kB compressed, the page loads once per
 * visit (later pages are the app's), and the lazy chunks' sheets stay files. The API's CSP allows
 * the style element by its hash, as it allows the inline scripts (apps/api/src/plugins/web-static.ts).
 *
 * The link stays, disabled: a disabled stylesheet link is not fetched, and Vite's loader of lazy
 * chunks, which adds a chunk's stylesheets unless a `<link rel="stylesheet">` to them is in the
 * page, finds it there instead of loading the sheet a second time (every lazy page lists it).
 */
export function inlineEntryStyles(html: string, bundle: Rolldown.OutputBundle): string {
  const tags = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
  if (tags.length === 0) throw new Error('index.html: no stylesheet of the entry to inline');
  for (const [tag, fileName = ''] of tags) {
    const file = bundle[fileName];
    if (!file || file.type !== 'asset') throw new Error(`index.html: the stylesheet ${fileName} is not in the bundle`);
    const css = String(file.source).trim();
    if (/<\/style/i.test(css)) throw new Error(`${fileName}: "</style" in the sheet would end the style element`);
    html = html.replace(tag, () => `<style>${css}</style><link rel="stylesheet" href="/${fileName}" disabled>`);
  }
  return html;
}

/**
 * The app's entry and the files it imports at once (React, the router) are asked for after the
 * first paint: their tags leave the page, which names them in a JSON element instead, read by
 * the last early script (src/boot/app-start.ts) at the end of the body. The first paint needs
 * the page alone; on a phone's connection the scripts' 78 kB otherwise share the bandwidth with
 * it, and with the scripts cached the browser ran React before painting anything (decision 0089).
 */
export function appCodeAfterFirstPaint(html: string, starter: string): string {
  const entries = [...html.matchAll(/\s*<script type="module" crossorigin src="(\/[^"]+)"><\/script>/g)];
  const preloads = [...html.matchAll(/\s*<link rel="modulepreload" crossorigin href="(\/[^"]+)">/g)];
  const [entry, ...more] = entries;
  if (!entry?.[1] || more.length > 0) throw new Error(`index.html: ${entries.length} module scripts, expected the app's entry alone`);
  if (!html.includes('</body>')) throw new Error('index.html: no </body> to put the app\'s code before');
  inlinable(starter);
  const code: AppCode = { entry: entry[1], preloads: preloads.map(([, href = '']) => href) };
  for (const [tag] of [...entries, ...preloads]) html = html.replace(tag, '');
  // "<" written as an escape, so that no text in the JSON can end its element.
  const json = JSON.stringify(code).replace(/</g, '\\u003c');
  return html.replace('</body>', () => `<script type="application/json" id="${APP_CODE_ID}">${json}</script>\n  <script>${starter}</script>\n  </body>`);
}

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

/** A chunk made of stylesheets alone: its script is empty, and Vite removes it from the bundle. */
const isStylesOnly = (chunk: Chunk) => chunk.moduleIds.length > 0 && chunk.moduleIds.every((id) => /\.css($|\?)/.test(id));

/** The preload lists as root-relative URLs ("/assets/routes-abc123.js"), each file once. */
function preloadLists(bundle: Rolldown.OutputBundle, preloads: EarlyStartOptions['preloads']) {
  const chunks = Object.values(bundle).filter((file): file is Chunk => file.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  // index.html loads the entry and its static imports already.
  const loaded = new Set(chunks.filter((chunk) => chunk.isEntry).flatMap((chunk) => [chunk.fileName, ...chunk.imports]));
  const filesOf = (modules: string[]): string[] => {
    const out = new Set<string>();
    const visit = (chunk: Chunk) => {
      if (loaded.has(chunk.fileName) || out.has(`/${chunk.fileName}`)) return;
      // A chunk of styles alone (a stylesheet several chunks import) has its sheet preloaded, not
      // its script: Vite drops that empty script from the bundle after this list is made.
      if (!isStylesOnly(chunk)) out.add(`/${chunk.fileName}`);
      for (const css of chunk.viteMetadata?.importedCss ?? []) out.add(`/${css}`);
      for (const name of chunk.imports) {
        const imported = byName.get(name);
        if (imported) visit(imported);
      }
    };
    for (const module of modules) {
      const id = path.resolve(module);
      const chunk = chunks.find((c) => c.moduleIds.includes(id));
      if (!chunk) throw new Error(`early script: no chunk holds ${module}`);
      visit(chunk);
    }
    return [...out];
  };
  // The script adds the route table's files, then the page's: each file once.
  const routes = filesOf(preloads.routes);
  const pages = Object.entries(preloads.pages).map(([page, modules]) => [page, filesOf(modules).filter((file) => !routes.includes(file))]);
  return { routes, pages: Object.fromEntries(pages) as Record<string, string[]> };
}

/** Code that can stand between <script> and </script>: every early script is written into the pages. */
function inlinable(code: string): string {
  if (/<\/script/i.test(code)) throw new Error('early script: "</script" in the code would end the inline script');
  return code;
}

/** A page with a style element more at the end of its head (the styles of its early script). */
export function withStyle(html: string, css: string): string {
  if (css === '') return html;
  if (/<\/style/i.test(css)) throw new Error('early script: "</style" in its styles would end the style element');
  if (!html.includes('</head>')) throw new Error('early script: the page has no </head> for its styles');
  return html.replace('</head>', () => `<style>${css}</style></head>`);
}

/** An early script and the styles it imports (written into its page, as the entry's are), minified. */
interface BundledScript {
  code: string;
  css: string;
}

/** An early script bundled on its own, checked to be inlinable (all are inlined in the pages). */
async function bundleScript(entry: string, alias: Alias[], define: Record<string, string>): Promise<BundledScript> {
  const output = (await build({
    configFile: false,
    logLevel: 'warn',
    resolve: { alias },
    define,
    build: {
      write: false,
      target: 'es2022',
      minify: true,
      copyPublicDir: false,
      lib: { entry, formats: ['iife'], name: 'parmetaEarly' },
    },
  })) as Rolldown.RolldownOutput[];
  const [chunk, ...rest] = output[0]?.output ?? [];
  if (!chunk || chunk.type !== 'chunk' || rest.some((file) => file.type === 'chunk')) throw new Error(`early script ${entry}: expected one self-contained chunk`);
  const css = rest.flatMap((file) => (file.type === 'asset' && file.fileName.endsWith('.css') ? [String(file.source).trim()] : [])).join('');
  return { code: inlinable(chunk.code.trim()), css };
}
