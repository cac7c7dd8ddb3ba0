// Bundles the compiled server (dist/server.js and everything it imports, node_modules
// included) into one file, dist/server.app.js. Node then reads one file instead of
// resolving and loading ~1,000 modules, which was half of the cold start.
// dist/server.bundle.js, the file `npm start` runs, is a launcher: it turns on Node's compile
// cache and then loads server.app.js, whose parsed code then comes from the cache instead of
// being parsed afresh (parsing the 4 MB bundle left ~10 MB of freed parser memory that the
// allocator kept for good; docs/decisions/0065). The cache is filled here, by one start, so even
// the first start reads it.
// Left out of the bundle: native addons (loaded with require at run time) and packages loaded
// only on first use. A package that reads its own files next to its code is bundled with its
// folder named, and a few modules are required only when first used (scripts/bundle-rewrites.mjs).
// The contract routes' addresses go in as data, so the contracts' schemas load on first use
// (scripts/route-addresses-as-data.mjs).
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bundleRewrites } from './bundle-rewrites.mjs';
import { routeAddressesAsData } from './route-addresses-as-data.mjs';

const EXTERNAL = [
  'better-sqlite3', // native
  'sharp', // native, loaded on the first upload
  '@node-rs/argon2', // native, loaded by the hashing worker threads
  'pg-native', // optional native driver of pg, never installed
  '@aws-sdk/client-s3', // large; loaded on first use, and only when media go to S3
  // Fastify's default compilers (Ajv, fast-json-stringify), loaded only when the app names none
  // (it names its own: http/validation.ts), and its request injector, loaded only by inject() in
  // tests. Bundled, their source stayed in memory for good (docs/decisions/0082).
  '@fastify/ajv-compiler',
  '@fastify/fast-json-stringify-compiler',
  'light-my-request',
  // Written into only for /api/docs/yaml, required then (scripts/bundle-rewrites.mjs).
  'yaml',
];

await build({
  entryPoints: ['dist/server.js'],
  // Code loaded on first use (passkeys, the authenticator QR code, SMTP delivery: `import()`
  // in the sources) goes to chunks of its own, read only when first needed.
  outdir: 'dist',
  entryNames: 'server.app',
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  external: EXTERNAL,
  sourcemap: true,
  // Node keeps the whole source text in memory: without comments and whitespace, and pure
  // ASCII (one byte per character instead of two), it is ~3 MB instead of ~11 MB of heap.
  // Identifiers are not renamed: stack traces and libraries that read function or class
  // names stay as they are (esbuild's keepNames wrappers slowed the request path).
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [bundleRewrites, routeAddressesAsData],
  // CommonJS packages inside an ES module bundle still need require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});

writeFileSync(
  'dist/server.bundle.js',
  `// Starts the server (server.app.js) with Node's compile cache on (written by scripts/bundle.mjs).
import module from 'node:module';
// Node's own place for it (NODE_COMPILE_CACHE, else a folder in the system temp dir); entries are
// checked against the file's content, so a rebuilt server never runs stale code.
module.enableCompileCache?.();
await import('./server.app.js');
`,
);

// Start the server once now, on a throwaway SQLite database, so that the first real start reads
// from the cache all that start-up compiles (server.ts stops once ready with this variable).
// With `npm start`'s node flags: Node keeps one cache per set of V8 flags, and a cache filled
// without them is never read by `npm start`. Only what locates the cache is passed on from the
// environment: never the caller's database or settings.
const serveFlags = JSON.parse(readFileSync('package.json', 'utf8'))
  .scripts.serve.split(/\s+/)
  .filter((word) => word.startsWith('--'));
const scratch = mkdtempSync(path.join(os.tmpdir(), 'parmeta-fill-cache-'));
try {
  const keep = Object.fromEntries(['PATH', 'HOME', 'TMPDIR', 'NODE_COMPILE_CACHE'].filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
  const env = { ...keep, PARMETA_FILL_COMPILE_CACHE: '1', NODE_ENV: 'production', DATA_DIR: scratch, HOST: '127.0.0.1', PORT: '0', JWT_SECRET: randomBytes(48).toString('base64url'), LOG_LEVEL: 'warn' };
  const warm = spawnSync(process.execPath, [...serveFlags, 'dist/server.bundle.js'], { env, stdio: 'inherit', timeout: 120_000 });
  if (warm.status !== 0) throw new Error(`filling the compile cache failed (exit ${warm.status ?? warm.signal})`);
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
