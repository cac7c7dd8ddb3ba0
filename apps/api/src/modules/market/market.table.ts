import type { Generated, Selectable } from 'kysely';

export interface NftCollectionTable {
  id: Generated<number>;
  slug: string;
  name: string;
  description: string;
  created_at: number;
}

export interface NftItemTable {
  id: Generated<number>;
  slug: string;
  collection_id: number;
  name: string;
  description: string;
  image: string;
  /** ERC-721 metadata attributes, as JSON text. */
  attributes: string;
  /** Par, minor units. */
  price: number;
  /** null: owned by the platform. */
  owner_id: number | null;
  listed: number;
  reserved_by: number | null;
  reserved_until: number | null;
  created_at: number;
  updated_at: number;
}
export type NftItemRow = Selectable<NftItemTable>;

export interface NftOrderTable {
  id: Generated<number>;
  order_no: string;
  nft_id: number;
  buyer_id: number;
  /** null: the platform sells. */
  seller_id: number | null;
  price: number;
  status: 'reserved' | 'paid' | 'expired' | 'cancelled';
  expires_at: number;
  created_at: number;
  paid_at: number | null;
}
export type NftOrderRow = Selectable<NftOrderTable>;

export interface NftProvenanceTable {
  id: Generated<number>;
  nft_id: number;
  from_id: number | null;
  to_id: number | null;
  price: number | null;
  order_no: string | null;
  created_at: number;
}
