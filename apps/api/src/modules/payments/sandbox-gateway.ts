import { randomBytes } from 'node:crypto';
import type { CardBrand, CardToken } from '@parmeta/contracts';
import { SANDBOX_CARDS } from '@parmeta/contracts/payments/sandbox-cards';
import type { Db } from '../../db/connection.js';
import { isUniqueViolation } from '../../db/errors.js';
import { prepared } from '../../db/prepared.js';
import { transact, writeOne } from '../../db/group-commit.js';
import { businessRule, conflict } from '../../http/errors.js';
import type { Insertable } from 'kysely';
import type { GatewayChargeTable } from './payments.table.js';
import type { CardDetails, ChargeRequest, ChargeResult, PaymentGateway, RefundRequest } from './gateway.js';

const BEHAVIOURS: Record<string, 'decline' | 'insufficient_funds' | 'error'> = {
  [SANDBOX_CARDS.declined]: 'decline',
  [SANDBOX_CARDS.insufficientFunds]: 'insufficient_funds',
  [SANDBOX_CARDS.gatewayError]: 'error',
};

export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'mastercard';
  if (/^3[47]/.test(number)) return 'amex';
  if (/^6(011|5)/.test(number)) return 'discover';
  if (/^35/.test(number)) return 'jcb';
  return 'unknown';
}

const toCardToken = (row: { token: string; brand: string; last4: string; exp_month: number; exp_year: number; holder_name: string }): CardToken => ({
  token: row.token,
  brand: row.brand as CardBrand,
  last4: row.last4,
  expMonth: row.exp_month,
  expYear: row.exp_year,
  holderName: row.holder_name,
});

// A charge's statements, built once (db/prepared.ts): half the shop's payments are by card.
const cardOutcome = prepared((db, v: { token: string }) => db.selectFrom('gateway_card').select(['behaviour', 'last4']).where('token', '=', v.token));
const chargeByKey = prepared((db, v: { idempotencyKey: string }) => db.selectFrom('gateway_charge').select(['id', 'status', 'message', 'token']).where('idempotency_key', '=', v.idempotencyKey));
/** What a charge decides from, in one read: the card's outcome, and the charge made earlier under the key (with its card's last four digits), if any. */
const chargeContext = prepared((db, v: { token: string; idempotencyKey: string }) =>
  db
    .selectFrom(db.selectNoFrom((eb) => eb.lit(1).as('one')).as('one'))
    .leftJoin('gateway_card as card', (join) => join.on('card.token', '=', v.token))
    .leftJoin('gateway_charge as earlier', (join) => join.on('earlier.idempotency_key', '=', v.idempotencyKey))
    .leftJoin('gateway_card as earlier_card', 'earlier_card.token', 'earlier.token')
    .select(['card.behaviour', 'card.last4', 'earlier.id as earlier_id', 'earlier.status as earlier_status', 'earlier.message as earlier_message', 'earlier_card.last4 as earlier_last4']),
);
const insertCharge = prepared((db, c: Omit<Insertable<GatewayChargeTable>, 'refunded'>) =>
  db.insertInto('gateway_charge').values({ id: c.id, token: c.token, amount: c.amount, currency: c.currency, status: c.status, message: c.message, reference: c.reference, idempotency_key: c.idempotency_key, created_at: c.created_at }),
);

/**
 * The sandbox gateway: a complete, offline payment provider with test card numbers that
 * succeed, decline or fail. It keeps its own records (as a real gateway would on its side)
 * and runs outside the shop's transactions: a charge is an outside event the shop reacts to.
 * It stores only the outcome the test number selects, never the number or the CVC.
 */
export class SandboxGateway implements PaymentGateway {
  constructor(private readonly db: Db) {}

  async tokenize(card: CardDetails): Promise<CardToken> {
    const row = {
      token: `tok_${randomBytes(18).toString('base64url')}`,
      brand: cardBrand(card.number),
      last4: card.number.slice(-4),
      exp_month: card.expMonth,
      exp_year: card.expYear,
      holder_name: card.holderName,
      behaviour: BEHAVIOURS[card.number] ?? 'success',
      created_at: Date.now(),
    };
    await this.db.kysely.insertInto('gateway_card').values(row).execute();
    return toCardToken(row);
  }

  async forget(token: string): Promise<void> {
    await this.db.kysely.deleteFrom('gateway_card').where('token', '=', token).execute();
  }

  async cardInfo(token: string): Promise<CardToken | null> {
    const row = await this.db.kysely.selectFrom('gateway_card').selectAll().where('token', '=', token).executeTakeFirst();
    return row ? toCardToken(row) : null;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const [context] = (await chargeContext(this.db.kysely, { token: request.token, idempotencyKey: request.idempotencyKey })).rows;
    if (context?.earlier_id) return chargeResult({ id: context.earlier_id, status: context.earlier_status!, message: context.earlier_message ?? null }, context.earlier_last4 ?? null);
    const card = context?.behaviour ? { behaviour: context.behaviour, last4: context.last4 } : undefined;
    const behaviour = card?.behaviour ?? 'unknown_token';
    const outcome: Pick<ChargeResult, 'status'> & { message: string | null } =
      behaviour === 'success'
        ? { status: 'succeeded', message: null }
        : behaviour === 'decline'
          ? { status: 'declined', message: 'The card was declined by the bank.' }
          : behaviour === 'insufficient_funds'
            ? { status: 'declined', message: 'The card has insufficient funds.' }
            : behaviour === 'unknown_token'
              ? { status: 'declined', message: 'The card is not known to the payment gateway.' }
              : { status: 'error', message: 'The payment gateway had a processing error. Nothing was charged; please try again.' };
    const id = `ch_${randomBytes(12).toString('base64url')}`;
    try {
      // Through the group commit on SQLite: the charge is recorded durably before it is answered.
      const row = { id, token: request.token, amount: request.amount, currency: request.currency, status: outcome.status, message: outcome.message, reference: request.reference, idempotency_key: request.idempotencyKey, created_at: Date.now() };
      await writeOne(this.db, (trx) => insertCharge(trx, row));
    } catch (error) {
      // The same key raced in from another request: answer what that one recorded.
      if (isUniqueViolation(error)) {
        const raced = await this.findCharge(request.idempotencyKey);
        if (raced) return raced;
      }
      throw error;
    }
    return outcome.status === 'succeeded' ? { status: 'succeeded', chargeId: id, last4: card?.last4 ?? null } : { status: outcome.status, chargeId: id, message: outcome.message ?? '' };
  }

  async refund(request: RefundRequest): Promise<void> {
    await transact(this.db, async (trx) => {
      const claimed = await trx
        .insertInto('gateway_refund')
        .values({ idempotency_key: request.idempotencyKey, charge_id: request.chargeId, amount: request.amount, created_at: Date.now() })
        .onConflict((oc) => oc.column('idempotency_key').doNothing())
        .executeTakeFirst();
      if (Number(claimed.numInsertedOrUpdatedRows) !== 1) {
        // Refunded before under this key: the same refund is done; another one is a caller's bug.
        const earlier = await trx.selectFrom('gateway_refund').select(['charge_id', 'amount']).where('idempotency_key', '=', request.idempotencyKey).executeTakeFirstOrThrow();
        if (earlier.charge_id !== request.chargeId || Number(earlier.amount) !== request.amount) throw conflict('That refund key was used for a different refund.');
        return;
      }
      const res = await trx
        .updateTable('gateway_charge')
        .set((eb) => ({ refunded: eb('refunded', '+', request.amount) }))
        .where('id', '=', request.chargeId)
        .where('status', '=', 'succeeded')
        .where((eb) => eb(eb('refunded', '+', request.amount), '<=', eb.ref('amount')))
        .executeTakeFirst();
      // Thrown inside the transaction, so the key is not kept either.
      if (Number(res.numUpdatedRows) !== 1) throw businessRule('The payment cannot be refunded by that amount.');
    });
  }

  /** The charge made earlier under this key (a retry): answered as it was, with its card's last four digits. */
  private async findCharge(idempotencyKey: string): Promise<ChargeResult | null> {
    const [row] = (await chargeByKey(this.db.kysely, { idempotencyKey })).rows;
    if (!row) return null;
    if (row.status !== 'succeeded') return chargeResult(row, null);
    const [card] = (await cardOutcome(this.db.kysely, { token: row.token })).rows;
    return chargeResult(row, card?.last4 ?? null);
  }
}

/** A recorded charge as the gateway answers it: a success with its card's last four digits, anything else with its message. */
function chargeResult(row: { id: string; status: ChargeResult['status']; message: string | null }, last4: string | null): ChargeResult {
  if (row.status === 'succeeded') return { status: 'succeeded', chargeId: row.id, last4 };
  return { status: row.status, chargeId: row.id, message: row.message ?? '' };
}
