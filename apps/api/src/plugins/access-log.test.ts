import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { freshDb, testConfig, type TestDb } from '../../test/helpers.js';

// One SQLite app with a real pino logger whose lines are captured: the access line is
// formatted by hand (see AccessLog), so its shape is checked here against pino's own lines.
let app: FastifyInstance;
let handle: TestDb;
const lines: string[] = [];
const logged = () => lines.join('').trim().split('\n').filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>);

beforeAll(async () => {
  handle = await freshDb('sqlite');
  const fresh = handle as TestDb & { dataDir: string };
  app = await buildApp({ config: testConfig(fresh.dataDir), db: handle.db, logger: { level: 'info', stream: { write: (l: string) => void lines.push(l) } } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await handle.dispose();
});

it('writes one JSON access line per request, in the shape pino writes, with the request id', async () => {
  lines.length = 0;
  const res = await app.inject({ method: 'GET', url: '/api/health?x="quoted"', headers: { 'x-request-id': 'support-42' } });
  expect(res.statusCode).toBe(200);
  const [line, ...rest] = logged();
  expect(rest).toEqual([]);
  expect(line).toMatchObject({ level: 30, pid: process.pid, reqId: 'support-42', method: 'GET', url: '/api/health?x=%22quoted%22', statusCode: 200, msg: 'request' });
  expect(typeof line?.time).toBe('number');
  expect(typeof line?.hostname).toBe('string');
  expect(typeof line?.ms).toBe('number');
  // Same keys, in the same order, as a line pino formats itself through the same logger.
  lines.length = 0;
  app.log.child({ reqId: 'x' }).info({ method: 'GET', url: '/', statusCode: 200, ms: 0 }, 'request');
  expect(Object.keys(logged()[0] ?? {})).toEqual(Object.keys(line ?? {}));
});

it('logs nothing for requests when the level is above info', async () => {
  lines.length = 0;
  app.log.level = 'warn';
  try {
    await app.inject({ method: 'GET', url: '/api/health' });
  } finally {
    app.log.level = 'info';
  }
  expect(logged()).toEqual([]);
});
