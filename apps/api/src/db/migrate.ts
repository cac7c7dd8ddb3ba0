import { Migrator, type Migration } from 'kysely';
import type { Db } from './connection.js';
import { migrations } from './migrations/index.js';

/** Runs every pending migration forward. Safe to call from several instances at once (Kysely takes a lock). */
export async function migrateToLatest(db: Db): Promise<string[]> {
  const all = migrations(db.dialect);
  const migrator = new Migrator({
    db: db.kysely,
    provider: { getMigrations: async (): Promise<Record<string, Migration>> => all },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
