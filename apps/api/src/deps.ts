import type { Config } from './config.js';
import type { Db } from './db/connection.js';

/** What every module is built from. Passed explicitly; modules do not reach for globals. */
export interface AppDeps {
  config: Config;
  db: Db;
  version: string;
}
