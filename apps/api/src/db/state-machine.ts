import { sql, type Kysely } from 'kysely';
import { businessRule, conflict } from '../http/errors.js';
import type { DialectName } from './connection.js';
import type { Database } from './database.js';

type Q = Kysely<Database>;
type StateTable = 'shop_order' | 'nft_order' | 'fiat_order' | 'payout';

/**
 * The one way a row with a status moves between states (docs/decisions/0019):
 *
 * 1. inside the transaction that writes, read the row with `lock()` (or `lockedRead`, db/locks.ts);
 * 2. decide from that row only, never from a read made before the transaction;
 * 3. write with `move()`: the transition table refuses what is not allowed (422), and the update
 *    is conditional on the exact state decided from, so a change that slipped past the lock
 *    (a caller that did not take it) is refused with 409 instead of being applied twice.
 */
export class StateMachine<S extends string, Row extends { id: number; status: S }> {
  constructor(
    private readonly table: StateTable,
    /** What the rows are, for messages: "order", "withdrawal". */
    private readonly noun: string,
    private readonly allowed: Record<S, readonly S[]>,
  ) {}

  can(from: S, to: S): boolean {
    return this.allowed[from].includes(to);
  }

  assert(from: S, to: S): void {
    if (!this.can(from, to)) throw businessRule(`This ${this.noun} is ${label(from)} and cannot become ${label(to)}.`);
  }

  /** The row where `column` is `value`, locked for the rest of the transaction. */
  async lock(trx: Q, dialect: DialectName, column: 'id' | 'order_no', value: number | string): Promise<Row | undefined> {
    const { rows } = await sql<Row>`select * from ${sql.table(this.table)} where ${sql.ref(column)} = ${value}${dialect === 'postgres' ? sql` for no key update` : sql``}`.execute(trx);
    return rows[0];
  }

  /** `row` (as read under the lock) to `to`, with the other columns in `set`. */
  async move(trx: Q, row: Pick<Row, 'id' | 'status'>, to: S, set: Record<string, string | number | null> = {}): Promise<void> {
    this.assert(row.status, to);
    const columns = Object.entries({ ...set, status: to }).map(([column, value]) => sql`${sql.ref(column)} = ${value}`);
    const res = await sql`update ${sql.table(this.table)} set ${sql.join(columns)} where id = ${row.id} and status = ${row.status}`.execute(trx);
    if (Number(res.numAffectedRows ?? 0) !== 1) throw this.changed();
  }

  /** The refusal of a move whose row was not in the state decided from: it changed past the lock. */
  changed(): Error {
    return conflict(`This ${this.noun} changed a moment ago. Reload it and try again.`);
  }
}

const label = (s: string) => s.replace('_', ' ');
