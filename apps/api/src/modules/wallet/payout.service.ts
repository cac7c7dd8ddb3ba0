import type { Paged } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import type { Db } from '../../db/connection.js';
import { lockedRead } from '../../db/locks.js';
import { StateMachine } from '../../db/state-machine.js';
import { businessRule, notFound } from '../../http/errors.js';
import { audit } from '../admin/audit.js';
import type { Ledger } from '../ledger/ledger.js';
import { enqueueMail } from '../mail/mail.repository.js';
import { brandedMail } from '../mail/templates.js';
import type { Config } from '../../config.js';

export interface AdminPayout {
  id: number;
  amount: number;
  destination: string;
  status: 'pending' | 'completed' | 'failed';
  createdAt: number;
  userName: string;
  email: string;
  failureReason: string | null;
}

const toAdminPayout = (r: { id: number; amount: number; destination: string; status: AdminPayout['status']; created_at: number; failure_reason: string | null; user_name: string; email: string }): AdminPayout => ({
  id: r.id,
  amount: fromMinor(r.amount),
  destination: r.destination,
  status: r.status,
  createdAt: r.created_at,
  userName: r.user_name,
  email: r.email,
  failureReason: r.failure_reason,
});

type PayoutStatus = AdminPayout['status'];
/** A withdrawal waits for an admin, who pays it out or fails it (the par goes back). */
const payouts = new StateMachine<PayoutStatus, { id: number; status: PayoutStatus }>('payout', 'withdrawal', { pending: ['completed', 'failed'], completed: [], failed: [] });

/**
 * Settling withdrawals (admins): a completed payout leaves the platform through the
 * gateway; a failed one returns the par to the member. Each settles once (decided from the
 * withdrawal locked, moved from exactly pending), with its ledger entry and audit record in one transaction.
 */
export class PayoutService {
  constructor(
    private readonly db: Db,
    private readonly ledger: Ledger,
    private readonly config: Config,
    private readonly nudgeMail: () => void,
  ) {}

  private base() {
    return this.db.kysely.selectFrom('payout as p').innerJoin('app_user as u', 'u.id', 'p.user_id');
  }

  private columns<T extends ReturnType<PayoutService['base']>>(q: T) {
    return q.select(['p.id', 'p.amount', 'p.destination', 'p.status', 'p.created_at', 'p.failure_reason', 'u.user_name', 'u.email']);
  }

  async list(status: AdminPayout['status'] | undefined, page: number, pageSize: number): Promise<Paged<AdminPayout>> {
    const q = status ? this.base().where('p.status', '=', status) : this.base();
    const [rows, total] = await Promise.all([
      this.columns(q).orderBy('p.id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
      q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items: rows.map(toAdminPayout), total: Number(total.n), page, pageSize };
  }

  async settle(adminId: number, id: number, outcome: { completed: true } | { completed: false; reason: string }): Promise<AdminPayout> {
    const now = Date.now();
    await this.db.kysely.transaction().execute(async (trx) => {
      const payout = await lockedRead(trx.selectFrom('payout as p').innerJoin('app_user as u', 'u.id', 'p.user_id').selectAll('p').select(['u.email', 'u.full_name']).where('p.id', '=', id), this.db.dialect, 'p').executeTakeFirst();
      if (!payout) throw notFound('No such withdrawal.');
      if (payout.status !== 'pending') throw businessRule(`This withdrawal is already ${payout.status}.`);
      const status = outcome.completed ? 'completed' : 'failed';
      await payouts.move(trx, payout, status, { settled_at: now, settled_by: adminId, failure_reason: outcome.completed ? null : outcome.reason });
      await this.ledger.post(
        trx,
        {
          kind: outcome.completed ? 'payout_completed' : 'payout_failed',
          reference: `PO-${id}`,
          memo: outcome.completed ? `Paid out to ${payout.destination}` : `Withdrawal failed: ${outcome.reason}`,
          postings: [
            { account: { system: 'payouts' }, asset: 'par', amount: -payout.amount },
            outcome.completed ? { account: { system: 'gateway_clearing' }, asset: 'par', amount: payout.amount } : { account: { user: payout.user_id }, asset: 'par', amount: payout.amount },
          ],
        },
        now,
      );
      await audit(trx, adminId, outcome.completed ? 'payout.complete' : 'payout.fail', `payout:${id}`, { status: 'pending' }, { status, ...(outcome.completed ? {} : { reason: outcome.reason }) });
      const amount = fromMinor(payout.amount);
      await enqueueMail(
        trx,
        {
          kind: outcome.completed ? 'payout_completed' : 'payout_failed',
          to: payout.email,
          ...brandedMail(
            outcome.completed ? 'Your withdrawal was paid out' : 'Your withdrawal could not be paid out',
            {
              heading: outcome.completed ? `${amount} par is on its way` : `We could not pay out ${amount} par`,
              paragraphs: outcome.completed ? [`We sent ${amount} par to ${payout.destination}.`] : [`Reason: ${outcome.reason}`, `The ${amount} par is back in your balance.`],
              action: { label: 'Open your wallet', url: `${this.config.publicUrl}/wallet` },
            },
            this.config.publicUrl,
          ),
        },
        now,
      );
    });
    this.nudgeMail();
    return this.one(id);
  }

  private async one(id: number): Promise<AdminPayout> {
    return toAdminPayout(await this.columns(this.base()).where('p.id', '=', id).executeTakeFirstOrThrow());
  }
}
