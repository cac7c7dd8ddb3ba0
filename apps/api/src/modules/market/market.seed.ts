import { toMinor } from '@parmeta/contracts/common/money';
import { demoImageUrl, type Seeder } from '../../seed/seed.js';

/** The demo NFTs: three collections, every item minted into the platform's ownership and listed. */
export const marketSeeder: Seeder = {
  name: 'demo-nfts',
  async run(trx, catalog) {
    const now = Date.now();
    const collectionIds = new Map<string, number>();
    for (const c of catalog.collections) {
      const row = await trx.insertInto('nft_collection').values({ slug: c.slug, name: c.name, description: c.description, created_at: now }).returning('id').executeTakeFirstOrThrow();
      collectionIds.set(c.slug, row.id);
    }
    for (const n of catalog.nfts) {
      const collectionId = collectionIds.get(n.collection);
      if (collectionId === undefined) throw new Error(`demo NFT ${n.slug}: unknown collection ${n.collection}`);
      const row = await trx
        .insertInto('nft_item')
        .values({
          slug: n.slug,
          collection_id: collectionId,
          name: n.name,
          description: n.description,
          image: demoImageUrl(n.image),
          attributes: JSON.stringify(n.attributes),
          price: toMinor(n.price),
          owner_id: null,
          listed: 1,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx.insertInto('nft_provenance').values({ nft_id: row.id, from_id: null, to_id: null, price: null, order_no: null, created_at: now }).execute();
    }
  },
};
