import { describe, expect, it } from 'vitest';
import { z } from '../zod.js';
import { defineRoute } from '../routes.js';
import { buildPath, createClient } from './client.js';

const route = defineRoute({
  method: 'POST',
  path: '/orders/:orderNo',
  summary: 't',
  tag: 't',
  auth: true,
  params: z.object({ orderNo: z.string() }),
  query: z.object({ userId: z.string(), empty: z.string().optional() }),
  body: z.object({ qty: z.number() }),
  data: z.object({ ok: z.boolean() }),
});

describe('typed client', () => {
  it('builds paths with encoded params and query, skipping empty values', () => {
    expect(buildPath(route, { orderNo: 'A/1' }, { userId: 'bob', empty: undefined })).toBe('/orders/A%2F1?userId=bob');
  });

  it('sends JSON with the bearer token and answers the envelope', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const client = createClient({
      baseUrl: 'http://x/api',
      getAccessToken: () => 'tok',
      fetch: async (url, init) => {
        seen.push({ url: String(url), init: init ?? {} });
        return new Response(JSON.stringify({ status: true, msg: 'OK', data: { ok: true } }));
      },
    });
    const res = await client.call(route, { params: { orderNo: 'A1' }, query: { userId: 'u' }, body: { qty: 2 } });
    expect(res).toEqual({ status: true, msg: 'OK', data: { ok: true } });
    expect(seen[0]?.url).toBe('http://x/api/orders/A1?userId=u');
    expect((seen[0]?.init.headers as Record<string, string>).authorization).toBe('Bearer tok');
    expect(seen[0]?.init.body).toBe('{"qty":2}');
  });

  it('turns network failures and non-JSON answers into failure envelopes', async () => {
    const down = createClient({ baseUrl: '', fetch: async () => Promise.reject(new TypeError('fetch failed')) });
    const a = await down.call(route, { params: { orderNo: '1' }, query: { userId: 'u' }, body: { qty: 1 } });
    expect(a).toMatchObject({ status: false, code: 'NETWORK' });
    const html = createClient({ baseUrl: '', fetch: async () => new Response('<html>', { status: 502 }) });
    const b = await html.call(route, { params: { orderNo: '1' }, query: { userId: 'u' }, body: { qty: 1 } });
    expect(b).toMatchObject({ status: false, code: 'INTERNAL' });
  });
});
