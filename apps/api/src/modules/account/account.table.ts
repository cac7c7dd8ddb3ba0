import type { Generated, Selectable } from 'kysely';

export interface UserProfileTable {
  user_id: number;
  first_name: string | null;
  last_name: string | null;
  phone: string | null;
  birthday: string | null;
  /** Server-generated name of the avatar files under MEDIA_DIR/avatars. */
  avatar_key: string | null;
  updated_at: number;
}

export interface UserAddressTable {
  id: Generated<number>;
  user_id: number;
  /** Home, Office or the member's own word. */
  label: Generated<string>;
  recipient_name: string;
  contact_phone: string;
  address1: string;
  address2: string;
  district: string;
  sub_district: string;
  state: string;
  zip: string;
  country_code: string;
  is_main: number;
  created_at: number;
  updated_at: number;
}
export type AddressRow = Selectable<UserAddressTable>;

export interface UserCardTable {
  id: Generated<number>;
  user_id: number;
  gateway_token: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  holder_name: string;
  is_default: number;
  created_at: number;
}
export type CardRow = Selectable<UserCardTable>;
