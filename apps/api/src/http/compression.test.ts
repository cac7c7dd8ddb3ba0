import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { describeEachDb } from '../../test/helpers.js';
import { brotliWindow, chooseEncoding, compress } from './compression.js';

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip, deflate')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(chooseEncoding('*')).toBe('br');
    expect(chooseEncoding('*;q=0, gzip')).toBe('gzip');
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding('')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
    expect(chooseEncoding('br;q=abc')).toBeNull();
  });
});

describe('compress', () => {
  it('sizes the brotli window to the answer, and answers of every size round-trip, across the window edges too', async () => {
    expect(brotliWindow(1_000)).toBe(10);
    expect(brotliWindow(1_008)).toBe(10);
    expect(brotliWindow(1_009)).toBe(11);
    expect(brotliWindow(50_000_000)).toBe(24);
    for (const size of [1_024, 1_999, 2_032, 2_033, 4_080, 4_081, 70_000, 300_000]) {
      // Repetitive but not trivially so: matches reach back across the whole answer.
      const body = Array.from({ length: size }, (_, i) => String.fromCharCode(97 + ((i * 7919) % 26))).join('');
      expect(brotliDecompressSync(await compress(body, 'br')).toString()).toBe(body);
      expect(gunzipSync(await compress(body, 'gzip')).toString()).toBe(body);
    }
  });
});

describeEachDb(
  'compressed answers',
  (ctx) => {
    const featured = (acceptEncoding?: string) =>
      ctx().app.inject({ method: 'GET', url: '/api/public/featured', headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} });

    it('compresses a large JSON answer with what the client accepts, and the body is the same envelope', async () => {
      const plain = await featured();
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(plain.rawPayload.length).toBeGreaterThan(1024);
      expect(plain.json()).toMatchObject({ status: true, msg: 'OK' });

      const br = await featured('gzip, deflate, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers.vary).toContain('accept-encoding');
      expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
      expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'))).toEqual(plain.json());

      const gz = await featured('gzip');
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());

      expect((await featured('br;q=0, gzip;q=0')).headers['content-encoding']).toBeUndefined();
    });

    it('leaves small answers and error answers as they are', async () => {
      const health = await ctx().app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'br' } });
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(health.json()).toMatchObject({ status: true });
      const missing = await ctx().app.inject({ method: 'GET', url: '/api/nope', headers: { 'accept-encoding': 'br' } });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ status: false, code: 'NOT_FOUND' });
    });
  },
  {},
  { seed: true },
);
