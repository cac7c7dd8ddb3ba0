import type { CreateTableBuilder } from 'kysely';
import type { DialectName } from './connection.js';

/**
 * Column conventions shared by every migration, so both dialects get the same shape:
 * - ids: auto-increment integers (bigserial on PostgreSQL)
 * - money: int8 minor units; timestamps: int8 epoch milliseconds; flags: integer 0/1
 */
export function withId<T extends string>(table: CreateTableBuilder<T, never>, dialect: DialectName) {
  return dialect === 'postgres'
    ? table.addColumn('id', 'bigserial', (c) => c.primaryKey())
    : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}
