// Bundles the compiled server (dist/server.js and everything it imports, node_modules
// included) into one file, dist/server.bundle.js. Node then reads one file instead of
// resolving and loading ~1,000 modules, which was half of the cold start.
// Left out of the bundle: native addons (loaded with require at run time) and packages
// that read their own files from disk next to their code.
import { build } from 'esbuild';

const EXTERNAL = [
  'better-sqlite3', // native
  'sharp', // native, loaded on the first upload
  '@node-rs/argon2', // native, loaded by the hashing worker threads
  'pg-native', // optional native driver of pg, never installed
  '@fastify/swagger-ui', // serves its static files from its own folder
  '@aws-sdk/client-s3', // large; loaded on first use, and only when media go to S3
];

await build({
  entryPoints: ['dist/server.js'],
  outfile: 'dist/server.bundle.js',
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
  // CommonJS packages inside an ES module bundle still need require().
  banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
});
