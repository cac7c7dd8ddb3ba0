import type { Transaction } from 'kysely';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_ROOT } from '../config.js';
import type { Db } from '../db/connection.js';
import type { Database } from '../db/database.js';

/** Demo images live in the repo and are served at /demo/ (no network at any time). */
export const DEMO_MEDIA_DIR = path.join(API_ROOT, 'seed/images');
const CATALOG_FILE = path.join(API_ROOT, 'seed/catalog.json');

export interface DemoCatalog {
  categories: { slug: string; name: string; position: number }[];
  products: { slug: string; name: string; category: string; description: string; price: string; stock: number; images: string[] }[];
  collections: { slug: string; name: string; description: string }[];
  nfts: {
    slug: string;
    collection: string;
    name: string;
    description: string;
    image: string;
    price: string;
    attributes: { trait_type: string; value: string | number; display_type?: string }[];
  }[];
}

/**
 * A seeder loads one set of demo data. Each feature that owns demo rows provides one;
 * `seedDemoData` runs each at most once per database, in its own transaction, and
 * records it in `seed_run` in that same transaction.
 */
export interface Seeder {
  name: string;
  run(trx: Transaction<Database>, catalog: DemoCatalog): Promise<void>;
}

export function loadDemoCatalog(): DemoCatalog {
  return JSON.parse(readFileSync(CATALOG_FILE, 'utf8')) as DemoCatalog;
}

/** URL of a demo image as the web app loads it. */
export const demoImageUrl = (relative: string) => `/demo/${relative}`;

export async function seedDemoData(db: Db, seeders: readonly Seeder[], catalog?: DemoCatalog): Promise<string[]> {
  const ran: string[] = [];
  let loaded = catalog;
  for (const seeder of seeders) {
    const done = await db.kysely.transaction().execute(async (trx) => {
      // Inserting the marker first makes a second instance starting at the same time
      // fail on the primary key instead of loading the data twice.
      const inserted = await trx
        .insertInto('seed_run')
        .values({ name: seeder.name, ran_at: Date.now() })
        .onConflict((oc) => oc.column('name').doNothing())
        .executeTakeFirst();
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      loaded ??= loadDemoCatalog();
      await seeder.run(trx, loaded);
      return true;
    });
    if (done) ran.push(seeder.name);
  }
  return ran;
}
