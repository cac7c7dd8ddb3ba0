import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

export const listCardRows = (db: Q, userId: number) =>
  db.selectFrom('user_card').selectAll().where('user_id', '=', userId).orderBy('is_default', 'desc').orderBy('id').execute();

export const findCardRow = (db: Q, userId: number, id: number) =>
  db.selectFrom('user_card').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

export async function countCards(db: Q, userId: number): Promise<number> {
  const row = await db.selectFrom('user_card').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertCard(
  db: Q,
  card: { user_id: number; gateway_token: string; brand: string; last4: string; exp_month: number; exp_year: number; holder_name: string },
  now: number,
): Promise<number> {
  const row = await db.insertInto('user_card').values({ ...card, is_default: 0, created_at: now }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCard(db: Q, userId: number, id: number): Promise<boolean> {
  const res = await db.deleteFrom('user_card').where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(res.numDeletedRows) === 1;
}
