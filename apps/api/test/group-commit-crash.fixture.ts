/**
 * Child process for the group-commit crash test: starts a batch of two units of work on
 * the SQLite file given as argument; the first writes and finishes, the second writes,
 * says "inside" on stdout and never finishes, so the batch never commits. The test kills
 * this process there; "answered" on stdout would mean a caller was answered before the
 * commit.
 */
import { sql } from 'kysely';
import { openSqlite } from '../src/db/connection.js';
import { GroupCommit } from '../src/db/group-commit.js';

const file = process.argv[2];
if (!file) throw new Error('usage: group-commit-crash.fixture.ts <sqlite file>');
const db = openSqlite(file);
const group = new GroupCommit(db.kysely);
const entry = (kind: string) => sql`insert into journal_entry (kind, memo, created_at) values (${kind}, 'crash test', 0)`;

void group
  .run(async (trx) => {
    await entry('crash_a').execute(trx);
  })
  .then(() => process.stdout.write('answered\n'));
void group
  .run(async (trx) => {
    await entry('crash_b').execute(trx);
    process.stdout.write('inside\n');
    await new Promise(() => undefined);
  })
  .then(() => process.stdout.write('answered\n'));
