import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';

/** Answers smaller than this go out as they are: compressing them saves less than it costs. */
export const COMPRESS_MIN_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * The encoding to use for an Accept-Encoding header: brotli, else gzip, else none. Honours
 * q=0 (refused) and `*`. Anything unparseable counts as not offered.
 */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const offered = new Map<string, number>();
  for (const part of String(acceptEncoding).split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) offered.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weight = (name: string) => offered.get(name) ?? offered.get('*') ?? 0;
  if (weight('br') > 0) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Compresses a dynamic answer: a large one off the event loop (zlib's thread pool). Brotli at quality 4:
 * close to gzip's speed with smaller output; the top qualities are for files compressed once
 * at build time, not per request.
 */
export function compress(body: string | Buffer, encoding: Encoding): Promise<Buffer> {
  const size = Buffer.byteLength(body);
  // Small answers (an order, a payment) are compressed in place: handing one to the thread pool
  // and back cost more CPU than compressing it (about 1 ms against 0.07 ms for a 2 kB answer
  // with 16 at once on this 2-core box), and compressing it blocks the event loop for only a
  // fraction of a millisecond.
  if (size <= COMPRESS_IN_PLACE_BYTES) return Promise.resolve(encoding === 'br' ? brotliCompressSync(body, brotliOptions(size)) : gzipSync(body, { level: 6 }));
  return encoding === 'br' ? brotli(body, brotliOptions(size)) : gz(body, { level: 6 });
}

/** Answers up to this size are compressed on the event loop (see compress). */
export const COMPRESS_IN_PLACE_BYTES = 16 * 1024;

const brotliOptions = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_SIZE_HINT]: size, [constants.BROTLI_PARAM_LGWIN]: brotliWindow(size) } });

/**
 * The smallest brotli window that holds the whole answer (a window holds 2^lgwin - 16 bytes):
 * the output is the same as with the default 4 MB window, but the encoder does not set up
 * (and clear) a window far larger than a 1-2 kB API answer, which cost about two thirds of
 * compressing one (114 µs against 41 µs for a 1 kB order answer).
 */
export function brotliWindow(size: number): number {
  return Math.min(constants.BROTLI_MAX_WINDOW_BITS, Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(size + 16))));
}
