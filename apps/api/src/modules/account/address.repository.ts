import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import type { AddressRow } from './account.table.js';

type Q = Kysely<Database>;

export type AddressValues = Pick<AddressRow, 'label' | 'recipient_name' | 'contact_phone' | 'address1' | 'address2' | 'district' | 'sub_district' | 'state' | 'zip' | 'country_code'>;

export const listAddressRows = (db: Q, userId: number) =>
  db.selectFrom('user_address').selectAll().where('user_id', '=', userId).orderBy('is_main', 'desc').orderBy('id').execute();

export const findAddressRow = (db: Q, userId: number, id: number) =>
  db.selectFrom('user_address').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export const findMainAddressRow = (db: Q, userId: number) =>
  db.selectFrom('user_address').selectAll().where('user_id', '=', userId).where('is_main', '=', 1).executeTakeFirst();

export async function countAddresses(db: Q, userId: number): Promise<number> {
  const row = await db.selectFrom('user_address').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertAddress(db: Q, userId: number, values: AddressValues, now: number): Promise<number> {
  const row = await db.insertInto('user_address').values({ ...values, user_id: userId, is_main: 0, created_at: now, updated_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only the caller's own row; answers whether it existed. */
export async function updateAddress(db: Q, userId: number, id: number, values: AddressValues, now: number): Promise<boolean> {
  const res = await db.updateTable('user_address').set({ ...values, updated_at: now }).where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

export async function deleteAddress(db: Q, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('user_address').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
