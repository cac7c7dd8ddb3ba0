// An esbuild plugin: a few packages' files are changed as they go into the server bundle.
// - `lazy`: modules a file requires as it loads, but uses only for what we never or rarely do,
//   are required when first used. Fastify requires node:https and node:http2 (for HTTPS and
//   HTTP/2 servers) and node:dns (to listen on "localhost"), which starts TLS and HTTP/2 in
//   every process; the OpenAPI plugins require `yaml` for the YAML document alone. Together they
//   held ~5 MB from start (docs/decisions/0082).
// - `replace`: the same, where a file takes a module's export apart as it loads.
// - `folder`: the folder a file sat in, for a package that reads its own files next to its code
//   (the bundle moves the code, not the files). It is looked up where the package is installed.
// The build fails if a file no longer holds what it rewrites (after an upgrade), so the table is
// checked, never silently stale.
import { readFile } from 'node:fs/promises';

/** Files (as their path ends, which matches every installed copy), what each requires when first used, and the package folder it reads files from. */
const REWRITES = [
  { file: '/node_modules/fastify/lib/server.js', lazy: ['node:https', 'node:http2', 'node:dns'] },
  { file: '/node_modules/@fastify/swagger/lib/spec/openapi/index.js', lazy: ['yaml'] },
  { file: '/node_modules/@fastify/swagger-ui/index.js', folder: { package: '@fastify/swagger-ui', below: '.' } },
  { file: '/node_modules/@fastify/swagger-ui/lib/routes.js', lazy: ['yaml'], folder: { package: '@fastify/swagger-ui', below: 'lib' } },
  // Lists a folder's files only for `wildcard: false`, which we never use (plugins/web-static.ts).
  { file: '/node_modules/@fastify/static/index.js', replace: [["const { glob } = require('glob')", "const glob = (...args) => require('glob').glob(...args)"]] },
];

/** A stand-in for a module's exports: each property is read from the module, required on the first read. */
const LAZY_HELPER = 'const __lazyRequire = (id) => { let m; return new Proxy({}, { get: (_, key) => (m ??= require(id))[key] }); };\n';

const folderOf = ({ package: name, below }) =>
  `var __dirname = require('node:path').join(require('node:path').dirname(require.resolve('${name}/package.json')), '${below}');\n`;

export const bundleRewrites = {
  name: 'bundle-rewrites',
  setup(build) {
    const files = new RegExp(`(${REWRITES.map((r) => r.file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
    build.onLoad({ filter: files }, async (args) => {
      const entry = REWRITES.find((r) => args.path.replaceAll('\\', '/').endsWith(r.file));
      let source = await readFile(args.path, 'utf8');
      const stale = (what) => new Error(`${entry.file} no longer has ${what}: update scripts/bundle-rewrites.mjs`);
      for (const id of entry.lazy ?? []) {
        const eager = `require('${id}')`;
        if (!source.includes(eager)) throw stale(eager);
        source = source.replaceAll(eager, `__lazyRequire('${id}')`);
      }
      for (const [from, to] of entry.replace ?? []) {
        if (!source.includes(from)) throw stale(from);
        source = source.replaceAll(from, to);
      }
      if (entry.folder && !source.includes('__dirname')) throw stale('__dirname');
      return { contents: (entry.lazy ? LAZY_HELPER : '') + (entry.folder ? folderOf(entry.folder) : '') + source, loader: 'js' };
    });
  },
};
