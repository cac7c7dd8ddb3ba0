import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { claimRun, RunConflict } from '../db/run-marker.js';
import { restoreSqlite } from '../db/sqlite-backup.js';

/**
 * npm run restore -- path/to/backup.db
 * Puts a backup made by `npm run backup` back as the embedded database. Refuses while the app
 * runs on it (docs/decisions/0041); the database it replaces is kept in DATA_DIR/backups.
 */
function main() {
  const { positionals } = parseArgs({ allowPositionals: true, options: {} });
  const [file] = positionals;
  if (!file || positionals.length > 1) {
    console.error('Usage: npm run restore -- path/to/backup.db');
    process.exit(2);
  }
  const config = loadConfig();
  if (config.database.dialect !== 'sqlite') {
    console.error('DATABASE_URL points at PostgreSQL: restore it with pg_restore (see "Backups" in the README).');
    process.exit(2);
  }
  const target = config.database.file;
  let release: () => void;
  try {
    release = claimRun(path.dirname(target), 'restore');
  } catch (error) {
    if (!(error instanceof RunConflict)) throw error;
    console.error(`Not restored. ${error.message}`);
    process.exit(3);
  }
  try {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const { restored, keptAs } = restoreSqlite(path.resolve(file), target, path.join(config.dataDir, 'backups'), stamp);
    console.log(`Restored ${path.resolve(file)} as ${target} (${restored.journalEntries} journal entries).${keptAs ? ` The database it replaced is kept as ${keptAs}.` : ''}`);
  } finally {
    release();
  }
}

try {
  main();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
