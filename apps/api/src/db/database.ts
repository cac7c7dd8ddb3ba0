import type { SeedTable } from '../seed/seed.table.js';

/**
 * The whole database type, assembled from the tables each feature owns.
 * A feature adds its `<feature>.table.ts` and one line here.
 */
export interface Database {
  seed_run: SeedTable;
}
