import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { backupSqlite } from '../db/sqlite-backup.js';

/**
 * npm run backup [-- --out path/to/file.db]
 * A consistent copy of the embedded SQLite database, taken while the app runs (docs/decisions/0041).
 * PostgreSQL is backed up with its own tools: see the README.
 */
async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const config = loadConfig();
  if (config.database.dialect !== 'sqlite') {
    console.error('DATABASE_URL points at PostgreSQL: back it up with pg_dump (see "Backups" in the README).');
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = path.resolve(values.out ?? path.join(config.dataDir, 'backups', `parmeta-${stamp}.db`));
  const summary = await backupSqlite(config.database.file, target);
  console.log(`Backed up ${config.database.file} to ${summary.file} (${summary.journalEntries} journal entries, ${(summary.bytes / 1024).toFixed(0)} KiB).`);
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
