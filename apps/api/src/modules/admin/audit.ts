import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

/** Written in the same transaction as the change it describes. */
export async function audit(trx: Kysely<Database>, adminId: number, action: string, target: string, before: unknown, after: unknown): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      admin_id: adminId,
      action,
      target,
      before: before === null || before === undefined ? null : JSON.stringify(before),
      after: after === null || after === undefined ? null : JSON.stringify(after),
      created_at: Date.now(),
    })
    .execute();
}

export async function auditPage(db: Kysely<Database>, limit: number, offset: number) {
  const [items, total] = await Promise.all([
    db
      .selectFrom('audit_log as a')
      .innerJoin('app_user as u', 'u.id', 'a.admin_id')
      .select(['a.id', 'a.action', 'a.target', 'a.before', 'a.after', 'a.created_at', 'u.user_name'])
      .orderBy('a.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db.selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: items.map((a) => ({ id: a.id, admin: a.user_name, action: a.action, target: a.target, before: a.before === null ? null : JSON.parse(a.before), after: a.after === null ? null : JSON.parse(a.after), at: a.created_at })),
    total: Number(total.n),
  };
}
