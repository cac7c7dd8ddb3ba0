import { ERROR_STATUS, type ErrorCode } from '@parmeta/contracts';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers.js';
import { quickAdmin, quickUsers } from '../quick-users.js';
import { requestsFor, type FuzzRequest, type OpenApiDoc } from './mutations.js';

/**
 * Every operation of the OpenAPI document, fed what a careless or hostile client sends: wrong
 * types, missing and extra fields, NUL characters and huge strings, huge and non-finite
 * numbers, bad URL encodings, bodies that are not JSON. Every answer must be the envelope with
 * the status its code stands for, never a 5xx; and none of it may move money, stock or
 * ownership (the tables that hold them are the same after as before).
 */

/** Calls that move money, stock or ownership: a mutated request must never succeed at them. */
const MOVES = /CreateEcomOrder|paid_order|CancelOrderEcom|GenerateOrder|confirmOrdernft|tranfer_par_to_meta|Premium_To_Par|transfer_par_off|nft_list|nft_delist|products\/(create|update|stock)|nfts\/(create|update)|orders\/(ship|deliver|cancel)|payouts\/(complete|fail)/;

/** Answers that are not the envelope on purpose: an NFT's ERC-721 metadata is read by wallets (decision 0033). */
const BARE_ANSWERS = /\/metadata\.json$/;

const COUNTS = sql<Record<string, number>>`select
  (select count(*) from journal_entry) as entries, (select count(*) from shop_order) as orders, (select coalesce(sum(stock), 0) from product) as stock,
  (select count(*) from nft_order) as nft_orders, (select count(*) from nft_provenance) as provenance, (select count(*) from payout) as payouts,
  (select count(*) from fiat_order) as card_payments, (select count(*) from gateway_charge) as charges`;

describeEachDb(
  'fuzzing every operation of the OpenAPI document',
  (ctx) => {
    it('answers each with the envelope and a 4xx that fits its code, and moves nothing', { timeout: 180_000 }, async () => {
      const { app, db, config } = ctx();
      const [member] = await quickUsers(db, config, 1, 100_00);
      const admin = await quickAdmin(db, config);
      const doc = (await app.inject({ url: '/api/docs/json' })).json() as OpenApiDoc;
      const normalise = (rows: Record<string, number>[]) => Object.fromEntries(Object.entries(rows[0] ?? {}).map(([k, v]) => [k, Number(v)]));
      const before = normalise((await COUNTS.execute(db.kysely)).rows);

      const problems: string[] = [];
      let sent = 0;
      for (const [path, methods] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(methods)) {
          const auth = path.startsWith('/admin') ? admin.auth : member!.auth;
          for (const request of requestsFor(path, method, operation)) {
            const answer = await send(app, request, auth);
            sent += 1;
            const problem = judge(request, answer, MOVES.test(path));
            if (problem) problems.push(problem);
          }
        }
      }
      expect(problems.slice(0, 40), `${problems.length} of ${sent} requests answered wrongly`).toEqual([]);
      expect(sent).toBeGreaterThan(2_000);
      expect(normalise((await COUNTS.execute(db.kysely)).rows)).toEqual(before);
    });
  },
  {},
  { seed: true },
);

async function send(app: FastifyInstance, r: FuzzRequest, auth: Record<string, string>) {
  const response = await app.inject({
    method: r.method as 'GET' | 'POST',
    url: r.url,
    headers: { ...(r.anonymous ? {} : auth), ...(r.contentType ? { 'content-type': r.contentType } : {}) },
    ...(r.payload === undefined ? {} : { payload: r.payload }),
  });
  return { status: response.statusCode, body: response.body, type: String(response.headers['content-type'] ?? '') };
}

function judge(r: FuzzRequest, a: { status: number; body: string; type: string }, moves: boolean): string | null {
  const where = `${r.method} ${r.url.slice(0, 120)} [${r.label}]`;
  if (a.status >= 500) return `${where}: ${a.status} ${a.body.slice(0, 200)}`;
  if (a.status < 300 && BARE_ANSWERS.test(r.url.split('?')[0] ?? '')) return r.wrong ? `${where}: accepted (${a.status}) a request no valid one looks like` : null;
  if (!a.type.startsWith('application/json')) return `${where}: ${a.status} answered ${a.type || 'no content type'}, not the envelope: ${a.body.slice(0, 120)}`;
  let body: { status?: unknown; msg?: unknown; code?: unknown };
  try {
    body = JSON.parse(a.body) as typeof body;
  } catch {
    return `${where}: ${a.status} body is not JSON`;
  }
  if (typeof body.status !== 'boolean' || typeof body.msg !== 'string') return `${where}: ${a.status} not the envelope: ${a.body.slice(0, 120)}`;
  if (a.status < 300) return r.wrong ? `${where}: accepted (${a.status}) a request no valid one looks like${moves ? ', at a call that moves money, stock or ownership' : ''}` : null;
  if (body.status !== false || typeof body.code !== 'string' || !(body.code in ERROR_STATUS)) return `${where}: ${a.status} failure without a known code: ${a.body.slice(0, 120)}`;
  if (ERROR_STATUS[body.code as ErrorCode] !== a.status) return `${where}: code ${body.code} with status ${a.status} (the contract says ${ERROR_STATUS[body.code as ErrorCode]})`;
  if (/fastify|FST_|node_modules|at \w+ \(/i.test(a.body)) return `${where}: the answer names the framework or a stack: ${a.body.slice(0, 160)}`;
  return null;
}
