import { createHash } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/database.js';
import { isUniqueViolation } from '../db/errors.js';
import { transact, writeOne } from '../db/group-commit.js';
import { prepared } from '../db/prepared.js';
import { AppError, badRequest } from './errors.js';
import type { HandlerResult } from './route.js';

const KEY_PATTERN = /^[\x21-\x7e]{1,200}$/;
const IN_PROGRESS = 0;

interface Stored {
  request_hash: string;
  status_code: number;
  response: string;
}

function parseKey(req: FastifyRequest): { key: string; route: string } | null {
  const header = req.headers['idempotency-key'];
  if (header === undefined) return null;
  const key = Array.isArray(header) ? header[0] : header;
  if (!key || !KEY_PATTERN.test(key)) throw badRequest('Idempotency-Key: must be 1 to 200 visible ASCII characters', { 'Idempotency-Key': 'must be 1 to 200 visible ASCII characters' });
  return { key, route: req.routeOptions.url ?? req.url };
}

/** The request's Idempotency-Key, or null without one; 400 for a malformed key, as idempotent() answers. */
export const idempotencyKey = (req: FastifyRequest): string | null => parseKey(req)?.key ?? null;

type KeyOf = { userId: number; key: string };
type Claim = KeyOf & { route: string; hash: string; now: number };

// The record's statements, built once (db/prepared.ts): every order and payment runs one or two of them.
type Answer = { statusCode: number; response: string };
const recordRow = (db: Kysely<Database>, v: Claim, answer: { status_code: number; response: string }) =>
  db.insertInto('idempotency_record').values({ user_id: v.userId, key: v.key, route: v.route, request_hash: v.hash, ...answer, created_at: v.now });
/** The key with its answer, unless it has one: then nothing is written (and no row returned). */
const recordAnswer = prepared((db, v: Claim & Answer) => recordRow(db, v, { status_code: v.statusCode, response: v.response }).onConflict((oc) => oc.columns(['user_id', 'key']).doNothing()).returning('user_id'));
/** The key claimed before an outside call (idempotentExternal): its answer comes later. */
const claimOrFail = prepared((db, v: Claim) => recordRow(db, v, { status_code: IN_PROGRESS, response: '' }));
const storedRecord = prepared((db, v: KeyOf) => db.selectFrom('idempotency_record').select(['request_hash', 'status_code', 'response']).where('user_id', '=', v.userId).where('key', '=', v.key));
/** The key's record, read outside any transaction: what has committed. */
const findStored = async (db: Db, v: KeyOf): Promise<Stored | undefined> => (await storedRecord(db.kysely, v)).rows[0];
const storeAnswer = prepared((db, v: KeyOf & Answer) =>
  db.updateTable('idempotency_record').set({ status_code: v.statusCode, response: v.response }).where('user_id', '=', v.userId).where('key', '=', v.key),
);
const releaseClaim = prepared((db, v: KeyOf) => db.deleteFrom('idempotency_record').where('user_id', '=', v.userId).where('key', '=', v.key).where('status_code', '=', IN_PROGRESS));

const fingerprintHash = (route: string, fingerprint: unknown) => createHash('sha256').update(route).update('\n').update(JSON.stringify(fingerprint ?? null)).digest('hex');

function replay<T>(stored: Stored, hash: string): HandlerResult<T> {
  if (stored.request_hash !== hash) {
    throw new AppError('IDEMPOTENCY_MISMATCH', 'This Idempotency-Key was already used for a different request.');
  }
  if (stored.status_code === IN_PROGRESS) throw new AppError('CONFLICT', 'The first request with this Idempotency-Key is still being processed. Try again in a moment.');
  const body = JSON.parse(stored.response) as { msg: string; data: T };
  return { msg: body.msg, data: body.data, statusCode: stored.status_code, headers: { 'idempotent-replayed': 'true' } };
}

/** Thrown in the transaction when the key turned out to have an answer already: rolls back what the attempt did. */
class KeyAnswered extends Error {}

/**
 * Runs a money- or stock-moving change in one transaction, exactly once per
 * Idempotency-Key. The key is recorded with its answer as the transaction's last write, in the
 * same transaction as the change: both happen, or neither. A request whose key already has an
 * answer (a retry, or a twin sent at the same time) gets that answer: its own attempt either
 * fails (the order is paid already, the stock or balance is gone) or finds the key taken as it
 * records it (PostgreSQL's unique index makes it wait for the twin's transaction; SQLite runs
 * one at a time), and in both cases rolls back before the stored answer is read and replayed.
 * Recording at the end rather than claiming first saves a statement on every change (the claim
 * and the stored answer were two writes); a retry pays for it by running the attempt again.
 * A failure with no answer stored frees nothing and records nothing, so a failed attempt may be
 * retried with the same key.
 * On SQLite the transaction may be shared with concurrent requests (group commit, see
 * db/group-commit.ts); the answer still comes only once it is committed.
 * Same key with a different body: 409. No key: the change simply runs in a transaction.
 */
export async function idempotent<T>(
  db: Db,
  req: FastifyRequest,
  userId: number,
  fingerprint: unknown,
  run: (trx: Kysely<Database>) => Promise<HandlerResult<T>>,
): Promise<HandlerResult<T>> {
  const claim = parseKey(req);
  if (!claim) return transact(db, run);
  const { key, route } = claim;
  const hash = fingerprintHash(route, fingerprint);
  try {
    return await transact(db, async (trx) => {
      const outcome = await run(trx);
      const recorded = (await recordAnswer(trx, { userId, key, route, hash, now: Date.now(), ...answerOf(outcome) })).rows[0];
      if (!recorded) throw new KeyAnswered();
      return outcome;
    });
  } catch (error) {
    // Read after the rollback (and, on SQLite, after the shared commit): the answer is durable.
    const stored = await findStored(db, { userId, key }).catch(() => undefined);
    if (stored) return replay(stored, hash);
    if (error instanceof KeyAnswered) throw new Error('idempotency: a taken key has no record');
    throw error;
  }
}

/**
 * The stored answer for the request's key, replayed, when the caller has seen that the key is
 * recorded (placing an order reads it with the products, before any transaction); null when there
 * is no key or no record any more (the change then runs under idempotent(), as any first try).
 */
export async function answered<T>(db: Db, req: FastifyRequest, userId: number, fingerprint: unknown): Promise<HandlerResult<T> | null> {
  const claim = parseKey(req);
  if (!claim) return null;
  const stored = await findStored(db, { userId, key: claim.key });
  return stored ? replay<T>(stored, fingerprintHash(claim.route, fingerprint)) : null;
}

const WAIT_STEP_MS = 50;
const WAIT_LIMIT_MS = 15_000;

/** Writes the key's answer inside the caller's own transaction, so that it commits with the change. */
export type KeepAnswer<T> = (trx: Kysely<Database>, outcome: HandlerResult<T>) => Promise<void>;

/**
 * For changes that call the outside world (a card charge) and so cannot sit inside one
 * database transaction: the key is claimed first (a statement that commits by itself), the
 * change runs, then its answer is stored. A concurrent request with the same key waits for that
 * answer. A business failure frees the key again (nothing was done under it).
 * `run` may store the answer itself as the last write of the transaction that makes the change
 * (`keep`): it then commits with the change, atomically and with one commit (one flush of the
 * write-ahead log) less than a statement of its own after.
 */
export async function idempotentExternal<T>(
  db: Db,
  req: FastifyRequest,
  userId: number,
  fingerprint: unknown,
  run: (keep: KeepAnswer<T>) => Promise<HandlerResult<T>>,
): Promise<HandlerResult<T>> {
  const claim = parseKey(req);
  if (!claim) return run(async () => {});
  const { key, route } = claim;
  const hash = fingerprintHash(route, fingerprint);
  // The claim, the stored answer and the release are each one statement that commits by itself;
  // on SQLite they go through the group commit, so concurrent requests share a WAL flush.
  try {
    await writeOne(db, (trx) => claimOrFail(trx, { userId, key, route, hash, now: Date.now() }));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const started = Date.now();
    for (;;) {
      const stored = await findStored(db, { userId, key });
      if (!stored) return idempotentExternal(db, req, userId, fingerprint, run); // the first attempt failed and freed the key
      if (stored.request_hash !== hash || stored.status_code !== IN_PROGRESS || Date.now() - started > WAIT_LIMIT_MS) return replay(stored, hash);
      await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
    }
  }
  let kept = false;
  const keep: KeepAnswer<T> = async (trx, outcome) => {
    await storeAnswer(trx, { userId, key, ...answerOf(outcome) });
    kept = true;
  };
  try {
    const outcome = await run(keep);
    if (!kept) await writeOne(db, (trx) => storeAnswer(trx, { userId, key, ...answerOf(outcome) }));
    return outcome;
  } catch (error) {
    // Only a claim still in progress: an answer kept in a transaction that then committed stays.
    await writeOne(db, (trx) => releaseClaim(trx, { userId, key }));
    throw error;
  }
}

const answerOf = <T>(outcome: HandlerResult<T>) => ({ statusCode: outcome.statusCode ?? 200, response: JSON.stringify({ msg: outcome.msg ?? 'OK', data: outcome.data }) });
