import type { Erc721Metadata, NftDetail, NftOrder, NftSummary, Paged, marketFilter } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import type { Kysely } from 'kysely';
import type { z } from 'zod';
import type { Db } from '../../db/connection.js';
import type { Database } from '../../db/database.js';
import { notFound } from '../../http/errors.js';
import { listBounds } from '../../lib/list-query.js';
import * as repo from './market.repository.js';
import type { NftOrderRow } from './market.table.js';

export const PLATFORM_NAME = 'ParMeta';

export const toNftOrder = (o: NftOrderRow): NftOrder => ({ orderNo: o.order_no, nftId: o.nft_id, price: fromMinor(o.price), status: o.status, expiresAt: o.expires_at });

export function toNftSummary(row: repo.NftSummaryRow, viewerId: number | null, now = Date.now()): NftSummary {
  const reserved = row.reserved_until !== null && row.reserved_until > now;
  return {
    id: row.id,
    slug: row.slug,
    name: row.name,
    image: row.image,
    collection: { slug: row.collection_slug, name: row.collection_name },
    price: fromMinor(row.price),
    listed: row.listed === 1,
    reserved,
    reservedByMe: reserved && viewerId !== null && row.reserved_by === viewerId,
    owner: row.owner_name ?? PLATFORM_NAME,
    ownedByMe: viewerId !== null && row.owner_id === viewerId,
  };
}

/** The read side of the NFT market: the filtered grid, one item with its history, a user's items. */
export class MarketService {
  constructor(private readonly db: Db) {}

  async list(viewerId: number | null, f: z.output<typeof marketFilter>): Promise<Paged<NftSummary> & { collections: { slug: string; name: string; description: string; count: number }[] }> {
    const [{ items, total }, collections] = await Promise.all([
      repo.listedNfts(this.db.kysely, { search: f.search, category: f.category, sort: f.sort, ...listBounds(f) }),
      repo.collectionsWithCounts(this.db.kysely),
    ]);
    return {
      items: items.map((r) => toNftSummary(r, viewerId)),
      total,
      page: f.page,
      pageSize: f.pageSize,
      collections: collections.map((c) => ({ ...c, count: Number(c.count) })),
    };
  }

  async detail(viewerId: number | null, id: number): Promise<NftDetail> {
    const now = Date.now();
    const [row, item, provenance] = await Promise.all([repo.nftSummaryRow(this.db.kysely, id), repo.nftRow(this.db.kysely, id), repo.provenanceOf(this.db.kysely, id)]);
    if (!row || !item) throw notFound('That NFT does not exist.');
    const summary = toNftSummary(row, viewerId, now);
    // Only the holder learns the order: anyone else sees that it is reserved, not by whom.
    const held = summary.reservedByMe && viewerId !== null ? await repo.heldReservation(this.db.kysely, id, viewerId, now) : undefined;
    return {
      ...summary,
      myReservation: held ? toNftOrder(held) : null,
      description: item.description,
      attributes: JSON.parse(item.attributes) as NftDetail['attributes'],
      provenance: provenance.map((p) => ({
        from: p.from_id === null ? (p.order_no ? PLATFORM_NAME : null) : (p.from_name ?? 'a former member'),
        to: p.to_id === null ? PLATFORM_NAME : (p.to_name ?? 'a former member'),
        price: p.price === null ? null : fromMinor(p.price),
        orderNo: p.order_no,
        at: p.created_at,
      })),
    };
  }

  async summary(db: Kysely<Database>, viewerId: number, id: number): Promise<NftSummary> {
    const row = await repo.nftSummaryRow(db, id);
    if (!row) throw notFound('That NFT does not exist.');
    return toNftSummary(row, viewerId);
  }

  /**
   * The item's ERC-721 metadata, with absolute addresses under `publicUrl` so a wallet can load
   * them from anywhere; public, as token metadata is.
   */
  async metadata(id: number, publicUrl: string): Promise<Erc721Metadata> {
    const item = await repo.nftRow(this.db.kysely, id);
    if (!item) throw notFound('That NFT does not exist.');
    return {
      name: item.name,
      description: item.description,
      image: new URL(item.image, `${publicUrl}/`).href,
      external_url: `${publicUrl}/nft/${item.id}`,
      attributes: JSON.parse(item.attributes) as Erc721Metadata['attributes'],
    };
  }

  async mine(userId: number): Promise<NftSummary[]> {
    return (await repo.ownedNfts(this.db.kysely, userId)).map((r) => toNftSummary(r, userId));
  }
}


