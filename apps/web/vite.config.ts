import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type HtmlTagDescriptor, type Plugin } from 'vite';
import { apiAddresses } from './build/api-addresses';

const here = import.meta.dirname;
// During `vite` / `vite preview` the API runs separately (npm run serve -w apps/api).
const apiTarget = process.env.API_URL ?? 'http://localhost:3000';
const proxy = { '/api': apiTarget, '/demo': apiTarget };

/**
 * The home page is the front door and its own lazy chunk. Preloading that chunk (and its
 * CSS) from index.html fetches it in parallel with the entry instead of after it, which
 * takes one round trip off the first paint of `/`. It costs ~1 KB on other first loads.
 */
function preloadPage(moduleSuffix: string): Plugin {
  return {
    name: 'parmeta:preload-page',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const chunk = Object.values(bundle ?? {}).find((c) => c.type === 'chunk' && c.facadeModuleId?.endsWith(moduleSuffix));
        if (!chunk || chunk.type !== 'chunk') throw new Error(`preloadPage: no chunk for ${moduleSuffix}`);
        const tags: HtmlTagDescriptor[] = [{ tag: 'link', attrs: { rel: 'modulepreload', crossorigin: true, href: `/${chunk.fileName}` }, injectTo: 'head' }];
        for (const css of chunk.viteMetadata?.importedCss ?? []) {
          tags.push({ tag: 'link', attrs: { rel: 'preload', as: 'style', crossorigin: true, href: `/${css}` }, injectTo: 'head' });
        }
        return tags;
      },
    },
  };
}

/**
 * The web app's TypeScript modules only declare things: a module none of whose exports is used
 * can be dropped whole. Without this, importing a feature's index for its page loaders would also
 * run (and ship in the first load) every API hook it re-exports, and zod with them. CSS files keep
 * their side effects. (The contracts say the same in their package.json "sideEffects".)
 */
const SIDE_EFFECT_FREE = /\/apps\/web\/src\/.*\.tsx?$/;

export default defineConfig({
  plugins: [react(), apiAddresses(path.resolve(here, '../../packages/contracts/src/route-table.ts')), preloadPage('src/features/home/pages/home-page.tsx')],
  resolve: {
    alias: [
      // The contracts are consumed as TypeScript source: no build step between an edit and the web app.
      { find: '@parmeta/contracts', replacement: path.resolve(here, '../../packages/contracts/src/index.ts') },
      { find: /^@\//, replacement: `${path.resolve(here, 'src')}/` },
    ],
  },
  build: {
    target: 'es2022',
    // Every browser we target supports <link rel="modulepreload">; the polyfill would only add bytes.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // See SIDE_EFFECT_FREE: keeps API hooks and zod out of the first load (~50 KB gzip).
      treeshake: { moduleSideEffects: (id: string) => !SIDE_EFFECT_FREE.test(id) },
    },
  },
  server: { proxy },
  preview: { proxy },
});
