import Fastify from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineRoute } from '@parmeta/contracts';
import errors from '../plugins/errors.js';
import { AppError } from './errors.js';
import { refTo } from './contract-routes.js';
import { JsonText, registerRoute } from './route.js';
import { zodValidatorCompiler } from './validation.js';

const echo = defineRoute({
  method: 'POST',
  path: '/echo',
  summary: 'echo',
  tag: 'test',
  auth: false,
  body: z.strictObject({ name: z.string().min(3, 'must be at least 3 characters'), age: z.number().int().optional() }),
  data: z.object({ name: z.string() }),
});

/** One pre-serialised answer shared by every request, as the catalog cache shares its pages. */
const shared = JsonText.from({ name: 'shared '.repeat(400) });

async function app() {
  const a = Fastify({ logger: false });
  a.setValidatorCompiler(zodValidatorCompiler);
  await a.register(errors);
  registerRoute(a, refTo('echo', echo), async ({ body }) => {
    if (body.name === 'boom') throw new Error('secret database detail');
    if (body.name === 'taken') throw new AppError('CONFLICT', 'That name is taken.');
    if (body.name === 'shared') return { data: shared };
    if (body.name === 'pre-serialised') return { data: JsonText.from({ name: 'from "text"' }), msg: 'Echoed "as is"' };
    return { data: { name: body.name }, msg: 'Echoed' };
  });
  return a;
}

describe('contract routes and the error path', () => {
  it('wraps handler data in the success envelope', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { name: 'alice' } });
    expect(res.json()).toEqual({ status: true, msg: 'Echoed', data: { name: 'alice' } });
  });

  it('sends data serialised beforehand in the same envelope, as JSON', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { name: 'pre-serialised' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-length']).toBe(String(res.rawPayload.length));
    expect(res.json()).toEqual({ status: true, msg: 'Echoed "as is"', data: { name: 'from "text"' } });
  });

  it('compresses a shared pre-serialised answer once per encoding and sends the same envelope', async () => {
    const a = await app();
    const ask = (encoding: string) => a.inject({ method: 'POST', url: '/echo', payload: { name: 'shared' }, headers: { 'accept-encoding': encoding } });
    const plain = await ask('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual({ status: true, msg: 'OK', data: { name: 'shared '.repeat(400) } });
    const [br1, br2, gz] = [await ask('br'), await ask('gzip, br'), await ask('gzip')];
    expect([br1.headers['content-encoding'], br2.headers['content-encoding'], gz.headers['content-encoding']]).toEqual(['br', 'br', 'gzip']);
    expect(br2.rawPayload.equals(br1.rawPayload)).toBe(true);
    expect(JSON.parse(brotliDecompressSync(br1.rawPayload).toString('utf8'))).toEqual(plain.json());
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString('utf8'))).toEqual(plain.json());
    const msg = JSON.stringify('OK');
    expect(shared.body(msg).plain.toString('utf8')).toBe(plain.body);
    expect(shared.body(msg).plain).toBe(shared.body(msg).plain);
    expect(shared.compressed(msg, 'br')).toBe(shared.compressed(msg, 'br'));
    expect(shared.compressed(msg, 'gzip')).not.toBe(shared.compressed(msg, 'br'));
  });

  it('answers 400 naming the failing field', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { name: 'al', age: 1.5 } });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body).toMatchObject({ status: false, code: 'BAD_REQUEST', msg: 'name: must be at least 3 characters' });
    expect(Object.keys(body.fields)).toEqual(['name', 'age']);
  });

  it('refuses unknown fields', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { name: 'alice', admin: true } });
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toMatch(/admin/);
  });

  it('maps AppError to its status and code', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { name: 'taken' } });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: false, msg: 'That name is taken.', code: 'CONFLICT' });
  });

  it('answers 500 without internals', async () => {
    const res = await (await app()).inject({ method: 'POST', url: '/echo', payload: { name: 'boom' } });
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret');
    expect(res.json()).toMatchObject({ status: false, code: 'INTERNAL' });
  });

  it('asks for a route\'s contract once, on the first request with parts to check, and checks params, body and query in that order', async () => {
    const item = defineRoute({
      method: 'POST',
      path: '/item/:id',
      summary: 'item',
      tag: 'test',
      auth: false,
      params: z.strictObject({ id: z.coerce.number().int().positive('must be positive') }),
      query: z.strictObject({ view: z.enum(['short', 'long']) }),
      body: z.strictObject({ note: z.string().max(5, 'must be at most 5 characters') }),
      data: z.object({ id: z.number(), view: z.string(), note: z.string() }),
    });
    const plain = defineRoute({ method: 'GET', path: '/plain', summary: 'plain', tag: 'test', auth: false, data: z.object({ ok: z.boolean() }) });
    const loads = { item: 0, plain: 0 };
    const counted = <R extends typeof item | typeof plain>(name: keyof typeof loads, def: R) => ({ ...refTo(name, def), contract: async () => ((loads[name] += 1), def) });
    const a = Fastify({ logger: false });
    await a.register(errors);
    registerRoute(a, counted('item', item), async ({ params, query, body }) => ({ data: { id: params.id, view: query.view, note: body.note } }));
    registerRoute(a, counted('plain', plain), async () => ({ data: { ok: true } }));
    await a.ready();
    expect(loads).toEqual({ item: 0, plain: 0 });

    expect((await a.inject({ method: 'GET', url: '/plain' })).json()).toEqual({ status: true, msg: 'OK', data: { ok: true } });
    expect(loads.plain).toBe(0);

    const ok = await a.inject({ method: 'POST', url: '/item/7?view=long', payload: { note: 'hi' } });
    expect(ok.json()).toEqual({ status: true, msg: 'OK', data: { id: 7, view: 'long', note: 'hi' } });
    // Every part wrong: the params answer first, then the body, then the query.
    const bad = (url: string, note: string) => a.inject({ method: 'POST', url, payload: { note } });
    expect((await bad('/item/0?view=wide', 'too long')).json()).toEqual({ status: false, msg: 'id: must be positive', code: 'BAD_REQUEST', fields: { id: 'must be positive' } });
    expect((await bad('/item/1?view=wide', 'too long')).json()).toMatchObject({ code: 'BAD_REQUEST', fields: { note: 'must be at most 5 characters' } });
    expect((await bad('/item/1?view=wide', 'ok')).json()).toMatchObject({ code: 'BAD_REQUEST', fields: { view: expect.any(String) } });
    expect((await bad('/item/1?view=long', 'nul\u0000')).json()).toMatchObject({ code: 'BAD_REQUEST', fields: { note: 'must not contain NUL characters' } });
    expect(loads).toEqual({ item: 1, plain: 0 });
  });
});
