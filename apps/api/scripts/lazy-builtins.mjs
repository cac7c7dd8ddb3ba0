// An esbuild plugin: in the files named below, a Node built-in module that a package requires
// at load time, but uses only for features we never turn on, is required when first used.
// Fastify requires node:https and node:http2 (for HTTPS and HTTP/2 servers) and node:dns (to
// listen on "localhost") as it loads; loading them starts TLS and HTTP/2 in every process, ~4 MB
// of memory held for good (docs/decisions/0082). The build fails if a file no longer holds the
// require it expects (after an upgrade), so the table is checked, never silently stale.
import { readFile } from 'node:fs/promises';

/** Files (as their path ends) and the built-ins each requires when first used instead of at load. */
const LAZY = [{ file: '/node_modules/fastify/lib/server.js', modules: ['node:https', 'node:http2', 'node:dns'] }];

/** A stand-in for a module's exports: each property is read from the module, required on the first read. */
const LAZY_HELPER = "const __lazyBuiltin = (id) => { let m; return new Proxy({}, { get: (_, key) => (m ??= require(id))[key] }); };\n";

export const lazyBuiltins = {
  name: 'lazy-builtins',
  setup(build) {
    const files = new RegExp(`(${LAZY.map((l) => l.file.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')).join('|')})$`);
    build.onLoad({ filter: files }, async (args) => {
      const entry = LAZY.find((l) => args.path.replaceAll('\\', '/').endsWith(l.file));
      let source = await readFile(args.path, 'utf8');
      for (const id of entry.modules) {
        const eager = `require('${id}')`;
        if (!source.includes(eager)) throw new Error(`${entry.file} no longer has ${eager}: update scripts/lazy-builtins.mjs`);
        source = source.replaceAll(eager, `__lazyBuiltin('${id}')`);
      }
      return { contents: LAZY_HELPER + source, loader: 'js' };
    });
  },
};
