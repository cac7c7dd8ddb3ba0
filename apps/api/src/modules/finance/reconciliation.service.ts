import type { Reconciliation, ReconciliationItem } from '@parmeta/contracts';
import { fromMinor } from '@parmeta/contracts/common/money';
import type { Db } from '../../db/connection.js';
import * as repo from './reconciliation.repository.js';

/** At most this many records of each kind of mismatch are listed (a page, not a dump). */
const LIMIT = 200;

const money = (minor: number) => fromMinor(minor).toFixed(2);
const payment = (what: string) => (what === 'shop' ? 'The shop order' : what === 'topup' ? 'The card top-up' : 'The NFT card payment');

/** Why a succeeded charge that nothing in our books uses is there, from what our books say about its reference. */
function chargeDetail(c: repo.UnmatchedCharge): string {
  const refunded = c.refunded > 0 ? ` ${money(c.refunded)} of it was refunded.` : '';
  if (c.order) {
    if (c.order.chargeId === c.id && c.order.status === 'cancelled') return `The order was cancelled after this charge paid it; its refund to the card is still owed (housekeeping retries it).${refunded}`;
    if (c.order.status === 'pending_payment') return `The order is still waiting for payment: this charge has not been applied to it (yet).${refunded}`;
    return `The order is ${c.order.status.replace('_', ' ')} without this charge, and the charge was not refunded.${refunded}`;
  }
  if (c.cardPayment) {
    const p = c.cardPayment;
    if (p.status === 'paid' && p.chargeId === c.id) return 'The card payment is marked paid, but the ledger has no entry taking this amount in from the gateway.';
    if (p.refundDueAt !== null && p.refundedAt === null) return `The card payment could not be used; its refund to the card is still owed (housekeeping retries it).${refunded}`;
    if (p.status === 'pending') return 'The card payment is still being applied.';
    return `The card payment is ${p.status} without this charge, and the charge was not refunded.${refunded}`;
  }
  return `Nothing in our books has this reference.${refunded}`;
}

/**
 * Compares the gateway's records (charges and refunds) with ours (card orders, card
 * payments and the ledger entries that took their money in) and lists what has no match,
 * on either side (docs/decisions/0040). Every query reads from one side and looks the other
 * up by charge id or reference, so it lists only mismatches.
 */
export class ReconciliationService {
  constructor(private readonly db: Db) {}

  async run(now = Date.now()): Promise<Reconciliation> {
    const db = this.db.kysely;
    const [checked, charges, refunds, differing, missing, refundsOwed, entries] = await Promise.all([
      repo.counts(db),
      repo.unmatchedCharges(db, LIMIT),
      repo.unmatchedRefunds(db, LIMIT),
      repo.amountsDiffering(db, LIMIT),
      repo.chargesMissing(db, LIMIT),
      repo.refundsMissing(db, LIMIT),
      repo.entriesUnmatched(db, LIMIT),
    ]);
    const items: ReconciliationItem[] = [
      ...charges.map((c): ReconciliationItem => ({ side: 'gateway', problem: 'charge_unmatched', reference: c.reference, chargeId: c.id, amount: fromMinor(c.amount), detail: chargeDetail(c), at: c.createdAt })),
      ...refunds.map((r): ReconciliationItem => ({ side: 'gateway', problem: 'refund_unmatched', reference: r.reference, chargeId: r.chargeId, amount: fromMinor(r.amount), detail: 'The gateway refunded this charge, but the payment still stands in our books (nothing was cancelled or failed).', at: r.createdAt })),
      ...differing.map((m): ReconciliationItem => ({ side: 'gateway', problem: 'amount_differs', reference: m.reference, chargeId: m.chargeId, amount: fromMinor(m.amount), detail: `${payment(m.what)} is for ${money(m.amount)}, but the gateway charged ${money(m.gatewayAmount ?? 0)}.`, at: m.at })),
      ...missing.map((m): ReconciliationItem => ({ side: 'books', problem: 'charge_missing', reference: m.reference, chargeId: m.chargeId, amount: fromMinor(m.amount), detail: `${payment(m.what)} is marked paid by card, but the gateway has no succeeded charge ${m.chargeId ? `${m.chargeId} ` : ''}for it.`, at: m.at })),
      ...refundsOwed.map((m): ReconciliationItem => ({ side: 'books', problem: 'refund_missing', reference: m.reference, chargeId: m.chargeId, amount: fromMinor(m.amount), detail: `${payment(m.what)} is marked refunded, but the gateway refunded ${money(m.gatewayAmount ?? 0)} of ${money(m.amount)}.`, at: m.at })),
      ...entries.map((e): ReconciliationItem => ({
        side: 'books',
        problem: 'entry_unmatched',
        reference: e.reference ?? `entry ${e.entryId}`,
        chargeId: null,
        amount: fromMinor(e.amount),
        detail: e.duplicate
          ? `Ledger entry ${e.entryId} (${e.kind}) takes this card payment in a second time.`
          : `Ledger entry ${e.entryId} (${e.kind}) took ${money(e.amount)} in from the gateway, but there is no paid card payment of that amount with a charge at the gateway behind it.`,
        at: e.createdAt,
      })),
    ];
    items.sort((a, b) => a.at - b.at);
    return { checkedAt: now, checked, items, truncated: [charges, refunds, differing, missing, refundsOwed, entries].some((list) => list.length >= LIMIT) };
  }
}
