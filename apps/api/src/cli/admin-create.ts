import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openDb } from '../db/connection.js';
import { migrateToLatest } from '../db/migrate.js';
import { ensureAdmin } from '../modules/admin/admin-bootstrap.js';
import { HashPool } from '../modules/auth/hash-pool.js';
import { passwordProblem } from '../modules/auth/password-policy.js';
import { Ledger } from '../modules/ledger/ledger.js';

/**
 * npm run admin:create -- --email you@example.com --password "a long passphrase" [--username boss] [--name "Your Name"]
 * Creates a verified admin, or makes the account with that email an admin.
 */
async function main() {
  const { values } = parseArgs({
    options: { email: { type: 'string' }, password: { type: 'string' }, username: { type: 'string' }, name: { type: 'string' } },
  });
  if (!values.email || !values.password) {
    console.error('Usage: npm run admin:create -- --email you@example.com --password "a long passphrase" [--username boss] [--name "Your Name"]');
    process.exit(2);
  }
  if (values.password.length < 15) {
    console.error('The password must be at least 15 characters.');
    process.exit(2);
  }
  const config = loadConfig();
  const pool = new HashPool(1);
  const problem = await passwordProblem(pool, values.password, { userName: values.username, email: values.email, fullName: values.name });
  if (problem) {
    console.error(`The password ${problem}`);
    await pool.close();
    process.exit(2);
  }
  const db = openDb(config.database);
  await migrateToLatest(db);
  try {
    const result = await ensureAdmin(db, pool, new Ledger(db.dialect), { email: values.email, password: values.password, userName: values.username, fullName: values.name });
    console.log(result.created ? `Created admin "${result.userName}" (${values.email}).` : `"${result.userName}" (${values.email}) is now an admin; the password was set.`);
  } finally {
    await pool.close();
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
