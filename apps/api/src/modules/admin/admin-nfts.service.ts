import type { AdminNft, Paged, collectionFields, nftFields } from '@parmeta/contracts';
import { fromMinor, toMinor } from '@parmeta/contracts/common/money';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { isUniqueViolation } from '../../db/errors.js';
import { AppError, badRequest, businessRule, notFound } from '../../http/errors.js';
import { lockNft } from '../market/market.repository.js';
import { PLATFORM_NAME } from '../market/market.service.js';
import { audit } from './audit.js';

type Q = Kysely<Database>;
type Fields = z.output<typeof nftFields>;

const nftColumns = (db: Q) =>
  db
    .selectFrom('nft_item as n')
    .innerJoin('nft_collection as c', 'c.id', 'n.collection_id')
    .leftJoin('app_user as o', 'o.id', 'n.owner_id')
    .select(['n.id', 'n.slug', 'n.name', 'n.description', 'n.image', 'n.attributes', 'n.price', 'n.listed', 'n.owner_id', 'c.slug as collection_slug', 'c.name as collection_name', 'o.user_name as owner_name']);

type NftRow = Awaited<ReturnType<ReturnType<typeof nftColumns>['executeTakeFirstOrThrow']>>;

const toAdminNft = (r: NftRow): AdminNft => ({
  id: r.id,
  slug: r.slug,
  name: r.name,
  description: r.description,
  image: r.image,
  collection: { slug: r.collection_slug, name: r.collection_name },
  attributes: JSON.parse(r.attributes) as AdminNft['attributes'],
  price: fromMinor(r.price),
  listed: r.listed === 1,
  owner: r.owner_name ?? PLATFORM_NAME,
});

/** Collections and NFT items: minting into the platform's ownership, metadata, price and listing. */
export class AdminNftService {
  constructor(private readonly db: Db) {}

  async list(search: string, page: number, pageSize: number): Promise<Paged<AdminNft>> {
    const like = `%${search.toLowerCase()}%`;
    const filtered = (q: ReturnType<typeof nftColumns>) => (search ? q.where((eb) => eb(eb.fn('lower', ['n.name']), 'like', like)) : q);
    const [rows, total] = await Promise.all([
      filtered(nftColumns(this.db.kysely)).orderBy('n.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      filtered(nftColumns(this.db.kysely)).clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toAdminNft), total: Number(total.n), page, pageSize };
  }

  async collections() {
    const rows = await this.db.kysely
      .selectFrom('nft_collection as c')
      .leftJoin('nft_item as n', 'n.collection_id', 'c.id')
      .select(['c.slug', 'c.name', 'c.description', (eb) => eb.fn.count<number>('n.id').as('count')])
      .groupBy(['c.id', 'c.slug', 'c.name', 'c.description'])
      .orderBy('c.id')
      .execute();
    return rows.map((r) => ({ ...r, count: Number(r.count) }));
  }

  async saveCollection(adminId: number, f: z.output<typeof collectionFields>) {
    await this.db.kysely.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('nft_collection').selectAll().where('slug', '=', f.slug).executeTakeFirst();
      if (before) await trx.updateTable('nft_collection').set({ name: f.name, description: f.description }).where('id', '=', before.id).execute();
      else await trx.insertInto('nft_collection').values({ ...f, created_at: Date.now() }).execute();
      await audit(trx, adminId, before ? 'collection.update' : 'collection.create', `collection:${f.slug}`, before ?? null, f);
    });
    return (await this.collections()).find((c) => c.slug === f.slug)!;
  }

  async mint(adminId: number, f: Fields): Promise<AdminNft> {
    return this.write(async (trx) => {
      const now = Date.now();
      const row = await trx
        .insertInto('nft_item')
        .values({ ...(await this.values(trx, f)), owner_id: null, created_at: now, updated_at: now })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('nft_provenance').values({ nft_id: row.id, from_id: null, to_id: null, price: null, order_no: null, created_at: now }).execute();
      const created = await this.one(trx, row.id);
      await audit(trx, adminId, 'nft.mint', `nft:${row.id}`, null, created);
      return created;
    });
  }

  /** Metadata of any item; price and listing only of the platform's own items (members price their own). */
  async update(adminId: number, id: number, f: Fields): Promise<AdminNft> {
    return this.write(async (trx) => {
      // Locked first: a buyer cannot reserve (or a member list) the item between these checks and the edit.
      const item = await lockNft(trx, this.db.dialect, id);
      if (!item) throw notFound('No such NFT.');
      const before = await this.one(trx, id);
      const values = await this.values(trx, f);
      if (item.owner_id !== null && (values.price !== toMinor(before.price) || f.listed !== before.listed)) {
        throw businessRule("This NFT belongs to a member: only its owner sets its price and listing.");
      }
      if (item.reserved_until !== null && item.reserved_until > Date.now() && (!f.listed || values.price !== toMinor(before.price))) {
        throw businessRule('A buyer is paying for this NFT right now. Try again in a few minutes.');
      }
      await trx.updateTable('nft_item').set({ ...values, updated_at: Date.now() }).where('id', '=', id).execute();
      const after = await this.one(trx, id);
      await audit(trx, adminId, 'nft.update', `nft:${id}`, before, after);
      return after;
    });
  }

  async one(db: Q, id: number): Promise<AdminNft> {
    const row = await nftColumns(db).where('n.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('No such NFT.');
    return toAdminNft(row);
  }

  private async values(trx: Q, f: Fields) {
    const collection = await trx.selectFrom('nft_collection').select('id').where('slug', '=', f.collection).executeTakeFirst();
    if (!collection) throw badRequest('collection: no such collection', { collection: 'no such collection' });
    return { slug: f.slug, name: f.name, description: f.description, collection_id: collection.id, image: f.image, attributes: JSON.stringify(f.attributes), price: toMinor(f.price), listed: f.listed ? 1 : 0 };
  }

  private async write<T>(fn: (trx: Q) => Promise<T>): Promise<T> {
    try {
      return await this.db.kysely.transaction().execute(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('CONFLICT', 'slug: another NFT already uses this slug', { fields: { slug: 'another NFT already uses this slug' } });
      throw error;
    }
  }
}
