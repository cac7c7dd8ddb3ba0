import { sql } from 'kysely';
import { Migrator, type Migration } from 'kysely/migration';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

/** Runs every pending migration forward. Safe to call from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const all = migrations(db.dialect);
  // Kysely looks for its bookkeeping tables in every schema it can see unless told which one;
  // with two databases in one PostgreSQL (tests, or apps sharing a server) it would find the
  // other's and skip creating its own.
  const migrationTableSchema = db.dialect === 'postgres' ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema : undefined;
  const migrator = new Migrator({
    db: db.kysely,
    ...(migrationTableSchema ? { migrationTableSchema } : {}),
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => all },
    // Features are built side by side and numbered in blocks; a database that already ran a
    // later block still takes an earlier one that landed after it. Each migration touches only
    // its own feature's tables, so their order between blocks does not matter.
    allowUnorderedMigrations: true,
  });
  for (let attempt = 1; ; attempt++) {
    const { error, results } = await migrator.migrateToLatest();
    if (!error) return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
    if (attempt < 3 && otherSchemaVanished(error, migrationTableSchema)) continue;
    throw error instanceof Error ? error : new Error(String(error));
  }
}

/**
 * Kysely finds its bookkeeping tables by listing the tables of every schema, and then reads each
 * table it listed. A schema another client drops meanwhile makes that fail with "schema ... does
 * not exist" or "relation "<schema>.<table>" does not exist" (tests and apps sharing one
 * PostgreSQL create and drop schemas of their own): nothing of ours changed, so the migration is
 * simply run again. The same failure naming our own schema is a real one.
 */
export function otherSchemaVanished(error: unknown, ours: string | undefined): boolean {
  const e = error as { code?: string; message?: string };
  return (e.code === '3F000' || e.code === '42P01') && ours !== undefined && !String(e.message).includes(ours);
}
