import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './database.js';

/** Stands for one named value while a prepared query is built (see prepared()). */
class Slot {
  constructor(readonly name: string) {}
}

interface Plan {
  compiled: CompiledQuery<unknown>;
  /** For each parameter of the compiled query, the name of the value it takes, or null for a constant of the query. */
  slots: (string | null)[];
}

/**
 * A query whose shape never changes, built and compiled once per database and then run with new
 * values. Building a query with Kysely's builder and compiling it costs 4-8 µs and a few hundred
 * short-lived objects each time; on the order path that was ~14 % of the API's main thread, more
 * than the SQL itself apart from COMMIT (docs/decisions/0086). The SQL text is also the same string
 * each time, which the statement caches look up by (db/connection.ts).
 *
 * `build` receives stand-ins for the values: it must put each one into the query as it is (a
 * column's value, a comparison's operand), never look at it or compute with it. It runs once per
 * dialect, so it must not depend on anything else that changes. A shape that varies (a list of
 * ids of any length, a set of columns that depends on the call) is not for this: build it each time.
 *
 *   const claim = prepared((db, v: { userId: number; key: string }) => db.insertInto(...).values({ user_id: v.userId, key: v.key }));
 *   const { rows } = await claim(trx, { userId, key });
 */
export function prepared<V extends object, O>(build: (db: Kysely<Database>, values: V) => Compilable<O>): (db: Kysely<Database>, values: V) => Promise<QueryResult<O>> {
  // One plan per dialect adapter (the same object for a database's transactions); the SQLite
  // writer and its readers compile alike but are told apart anyway.
  const plans = new WeakMap<object, Plan>();
  return async (db, values) => {
    // getExecutor() is public on Kysely though documented as internal; its adapter is the dialect's.
    const adapter = db.getExecutor().adapter;
    let plan = plans.get(adapter);
    if (!plan) {
      plan = planOf(build(db, standIns<V>()).compile());
      plans.set(adapter, plan);
    }
    const { compiled, slots } = plan;
    const parameters = slots.map((slot, i) => (slot === null ? compiled.parameters[i] : (values as Record<string, unknown>)[slot]));
    return db.executeQuery<O>({ ...compiled, parameters } as CompiledQuery<O>);
  };
}

function standIns<V extends object>(): V {
  return new Proxy({} as V, { get: (_target, name) => new Slot(String(name)) });
}

function planOf(compiled: CompiledQuery<unknown>): Plan {
  const slots = compiled.parameters.map((p) => (p instanceof Slot ? p.name : null));
  // A stand-in that was looked at, computed with or put inside another value would be bound as
  // something else on every run: refused at once, when the query is first planned.
  const hidden = compiled.parameters.some((p) => !(p instanceof Slot) && (holdsSlot(p) || Number.isNaN(p) || (typeof p === 'string' && p.includes('[object Object]'))));
  if (hidden || compiled.sql.includes('[object Object]')) throw new Error(`prepared: a value was changed while the query was built: ${compiled.sql}`);
  return { compiled, slots };
}

const holdsSlot = (value: unknown): boolean =>
  value instanceof Slot || (Array.isArray(value) ? value.some(holdsSlot) : typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype && Object.values(value).some(holdsSlot));
