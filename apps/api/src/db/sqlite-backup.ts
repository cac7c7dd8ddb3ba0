import SQLite from 'better-sqlite3';
import { copyFileSync, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';

export interface BackupSummary {
  file: string;
  bytes: number;
  journalEntries: number;
}

/** Every page in one step of SQLite's backup (its largest step). */
const ALL_PAGES = 0x7fffffff;

/** A copy's own check: SQLite's integrity check, and the tables that make it ours. */
function inspect(file: string): BackupSummary {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`${file} is damaged: ${String(check)}`);
    const tables = new Set((db.prepare(`select name from sqlite_master where type = 'table'`).all() as { name: string }[]).map((t) => t.name));
    if (!tables.has('kysely_migration') || !tables.has('journal_entry')) throw new Error(`${file} is not a ParMeta Market database.`);
    const { n } = db.prepare('select count(*) as n from journal_entry').get() as { n: number };
    return { file, bytes: statSync(file).size, journalEntries: n };
  } finally {
    db.close();
  }
}

/**
 * A consistent copy of the database at `source` while the app keeps writing to it, through
 * SQLite's online backup API. The copy is taken in one step: one read transaction, so it is the
 * database as of one moment, and in WAL mode writers go on meanwhile (a copy made in small steps
 * starts over each time another connection writes, and under steady load might never finish).
 * Written beside `target` first and renamed when checked, so a failed backup leaves no file that
 * looks complete.
 */
export async function backupSqlite(source: string, target: string): Promise<BackupSummary> {
  if (!existsSync(source)) throw new Error(`There is no database at ${source}.`);
  mkdirSync(path.dirname(target), { recursive: true });
  const partial = `${target}.partial`;
  rmSync(partial, { force: true });
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(partial, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
  try {
    inspect(partial);
  } catch (error) {
    rmSync(partial, { force: true });
    throw error;
  }
  renameSync(partial, target);
  return inspect(target);
}

/**
 * Puts the backup at `backup` in place of the database at `target`, which nothing may be using
 * (the caller made sure: run-marker.ts). The database it replaces is moved aside with its WAL
 * files, as they were, into `keepDir` (a restore of the wrong file can be undone); the backup is
 * copied in under a temporary name and renamed, so `target` is always one whole database.
 */
export function restoreSqlite(backup: string, target: string, keepDir: string, stamp: string): { restored: BackupSummary; keptAs: string | null } {
  inspect(backup);
  let keptAs: string | null = null;
  if (existsSync(target)) {
    mkdirSync(keepDir, { recursive: true });
    keptAs = path.join(keepDir, `before-restore-${stamp}.db`);
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(target + suffix)) renameSync(target + suffix, keptAs + suffix);
  }
  const incoming = `${target}.restoring`;
  copyFileSync(backup, incoming);
  renameSync(incoming, target);
  // Back in the app's journal mode, with nothing pending, before anyone opens it.
  const db = new SQLite(target, { fileMustExist: true });
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('wal_checkpoint(TRUNCATE)');
  } finally {
    db.close();
  }
  return { restored: inspect(target), keptAs };
}
