import type { AccountStatus } from '@parmeta/contracts';
import { formatMoney } from '@parmeta/contracts/common/money';
import type { MediaStore } from '../media/media-store.js';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';
import { accountGone, businessRule } from '../../http/errors.js';
import { removeImage } from '../media/image-pipeline.js';
import { AVATAR_FOLDER, AVATAR_SIZES } from '../account/profile.service.js';
import type { AuthDeps } from '../auth/auth.deps.js';
import { enqueueMail } from '../mail/mail.repository.js';
import type { PaymentGateway } from '../payments/gateway.js';
import { cardTokens, eraseMember, openBusiness } from './closure.repository.js';
import { accountClosedMail } from './member.mails.js';
import * as repo from './member.repository.js';
import { confirmPassword } from './password-check.js';

type Q = Kysely<Database>;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/**
 * Closing an account (docs/decisions/0020). It is refused, with every reason in plain words,
 * while the member holds par or meta, a withdrawal is pending, an order is unpaid or unshipped,
 * an NFT is owned or being bought, or a card payment is under way: closing must not strand
 * money or goods. Otherwise the personal data is erased in one transaction that also ends
 * every session; the accounting records stay.
 */
export class ClosureService {
  constructor(
    private readonly deps: AuthDeps,
    private readonly gateway: PaymentGateway,
    private readonly media: MediaStore,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Why the account cannot close now; empty when it can. `locked`: inside the closing transaction, after the member's lock. */
  async blockers(db: Q, userId: number, locked: boolean): Promise<string[]> {
    const { ledger } = this.deps;
    const now = Date.now();
    const [balances, open] = await Promise.all([locked ? ledger.lockedBalancesMinor(db, userId) : ledger.balancesMinor(db, userId), openBusiness(db, userId, now)]);
    const reasons: string[] = [];
    if (balances.par > 0) reasons.push(`You still have ${formatMoney(balances.par)} par. Withdraw it from your wallet, or spend it, first.`);
    if (balances.meta > 0) reasons.push(`You still hold ${formatMoney(balances.meta)} meta on the metaverse side. Use it up there first.`);
    if (open.payouts.length > 0) {
      const total = open.payouts.reduce((sum, p) => sum + p.amount, 0);
      reasons.push(`${open.payouts.length === 1 ? 'A withdrawal' : `${open.payouts.length} withdrawals`} of ${formatMoney(total)} par ${open.payouts.length === 1 ? 'is' : 'are'} still being processed. Wait until ${open.payouts.length === 1 ? 'it is' : 'they are'} paid out.`);
    }
    const unpaid = open.orders.filter((o) => o.status === 'pending_payment').map((o) => o.order_no);
    const unshipped = open.orders.filter((o) => o.status === 'paid').map((o) => o.order_no);
    if (unpaid.length > 0) reasons.push(`${unpaid.length === 1 ? `Order ${unpaid[0]} is` : `Orders ${unpaid.join(', ')} are`} waiting for payment. Pay or cancel ${unpaid.length === 1 ? 'it' : 'them'} first.`);
    if (unshipped.length > 0) reasons.push(`${unshipped.length === 1 ? `Order ${unshipped[0]} has` : `Orders ${unshipped.join(', ')} have`} not been shipped yet. Wait for the delivery, or cancel ${unshipped.length === 1 ? 'it' : 'them'} for a refund.`);
    if (open.ownedNfts.length > 0) reasons.push(`You own ${plural(open.ownedNfts.length, 'NFT', 'NFTs')}. Sell ${open.ownedNfts.length === 1 ? 'it' : 'them'} on the market first: a closed account could never use ${open.ownedNfts.length === 1 ? 'it' : 'them'} again.`);
    if (open.nftPurchases.length > 0) reasons.push('You are in the middle of buying an NFT. Finish or cancel the purchase first.');
    if (open.cardPayments.length > 0) reasons.push('A card payment is still being processed. Try again in a few minutes.');
    return reasons;
  }

  async status(userId: number, pendingEmail: AccountStatus['pendingEmail']): Promise<AccountStatus> {
    const { db, ledger } = this.deps;
    const user = await repo.openUser(db.kysely, userId);
    if (!user) throw accountGone();
    const [deletionBlockers, balances] = await Promise.all([this.blockers(db.kysely, userId, false), ledger.balancesMinor(db.kysely, userId)]);
    return { email: user.email, pendingEmail, deletionBlockers, premiumPoints: balances.premium };
  }

  async close(userId: number, password: string): Promise<void> {
    const { db, config } = this.deps;
    const user = await repo.openUser(db.kysely, userId);
    if (!user) throw accountGone();
    await confirmPassword(this.deps, user, password, 'password');
    const now = Date.now();
    const outcome = await db.kysely.transaction().execute(async (trx) => {
      // The member's lock: the user row, then the ledger accounts (the order every money path takes them in).
      const locked = await repo.lockForClosing(trx, userId, db.dialect);
      if (!locked) return { kind: 'gone' as const };
      const reasons = await this.blockers(trx, userId, true);
      if (reasons.length > 0) return { kind: 'refused' as const, reasons };
      const tokens = await cardTokens(trx, userId);
      const avatar = await trx.selectFrom('user_profile').select('avatar_key').where('user_id', '=', userId).executeTakeFirst();
      await eraseMember(trx, userId, locked.email, now);
      await enqueueMail(trx, { kind: 'account_closed', to: locked.email, ...accountClosedMail(config.publicUrl, locked.full_name) }, now);
      return { kind: 'closed' as const, tokens, avatarKey: avatar?.avatar_key ?? null };
    });
    if (outcome.kind === 'gone') throw accountGone();
    if (outcome.kind === 'refused') throw businessRule(`Your account cannot be closed yet. ${outcome.reasons.join(' ')}`);
    // Committed: the sessions' access tokens stop working here at once.
    this.deps.sessionChecks.invalidate();
    this.deps.nudgeMail();
    // Outside the transaction (calls to the outside, files): a failure leaves an orphan, never personal data in our rows.
    if (outcome.avatarKey) await removeImage(this.media, AVATAR_FOLDER, outcome.avatarKey, AVATAR_SIZES).catch((error: unknown) => this.log.warn({ err: error }, 'closed account: avatar files not removed'));
    for (const token of outcome.tokens) await this.gateway.forget(token).catch((error: unknown) => this.log.warn({ err: error }, 'closed account: card token not removed at the gateway'));
  }
}
