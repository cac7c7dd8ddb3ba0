import type { Kysely } from 'kysely';
import type { Database } from '../../db/database.js';

type Q = Kysely<Database>;

/**
 * What the member still has going on, for deciding whether the account can close. Read after
 * the member's lock is taken (user row, ledger accounts): whatever commits before that is seen.
 */
export async function openBusiness(db: Q, userId: number, now: number) {
  const [payouts, orders, ownedNfts, nftPurchases, cardPayments] = await Promise.all([
    db.selectFrom('payout').select(['amount']).where('user_id', '=', userId).where('status', '=', 'pending').execute(),
    db.selectFrom('shop_order').select(['order_no', 'status']).where('user_id', '=', userId).where('status', 'in', ['pending_payment', 'paid']).orderBy('id').execute(),
    db.selectFrom('nft_item').select(['name']).where('owner_id', '=', userId).orderBy('id').execute(),
    db.selectFrom('nft_order').select('order_no').where('buyer_id', '=', userId).where('status', '=', 'reserved').where('expires_at', '>', now).execute(),
    db.selectFrom('fiat_order').select('order_no').where('user_id', '=', userId).where('status', '=', 'pending').execute(),
  ]);
  return { payouts, orders, ownedNfts, nftPurchases, cardPayments };
}

export async function cardTokens(db: Q, userId: number): Promise<string[]> {
  return (await db.selectFrom('user_card').select('gateway_token').where('user_id', '=', userId).execute()).map((r) => r.gateway_token);
}

/** The order's shipping details with the contact and street erased; country and postcode stay (tax records). */
const anonymisedShipping = (shipping: string): string => {
  const s = JSON.parse(shipping) as Record<string, unknown>;
  return JSON.stringify({
    shipping_name: 'Deleted member',
    shipping_email: '',
    shipping_contact: '',
    shipping_address1: '',
    shipping_address2: '',
    shipping_district: '',
    shipping_subDistrict: '',
    shipping_state: '',
    shipping_zip: s.shipping_zip ?? '',
    shipping_country: s.shipping_country ?? { value: '', label: '' },
  });
};

/**
 * Erases the member's personal data inside the closing transaction. The user row stays (the
 * ledger, orders and NFT provenance point at it) under a name and email nobody can sign in
 * with, so the old ones are free again; the rest goes.
 */
export async function eraseMember(trx: Q, userId: number, email: string, now: number): Promise<void> {
  await trx
    .updateTable('app_user')
    .set({
      user_name: `deleted.${userId}`,
      full_name: 'Deleted member',
      email: `deleted.${userId}@deleted.invalid`,
      // Not a hash of anything: no password verifies against it.
      password_hash: '!closed',
      email_verified_at: null,
      deleted_at: now,
      updated_at: now,
    })
    .where('id', '=', userId)
    .execute();
  await trx.deleteFrom('user_profile').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_address').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_card').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_token').where('user_id', '=', userId).execute();
  await trx.deleteFrom('email_change').where('user_id', '=', userId).execute();
  await trx.deleteFrom('cart_line').where('user_id', '=', userId).execute();
  await trx.deleteFrom('cart').where('user_id', '=', userId).execute();
  // The wishlist and back-in-stock requests (a request would mail an address that is gone). Reviews stay, under "Former member".
  await trx.deleteFrom('wishlist_item').where('user_id', '=', userId).execute();
  await trx.deleteFrom('stock_alert').where('user_id', '=', userId).execute();
  // Stored answers of money calls repeat order details (shipping included).
  await trx.deleteFrom('idempotency_record').where('user_id', '=', userId).execute();
  // Every other way in: passkeys, the linked wallet (free again for another account), the two-step
  // secret and recovery codes, open challenges and payment tokens.
  await trx.deleteFrom('passkey').where('user_id', '=', userId).execute();
  await trx.deleteFrom('linked_wallet').where('user_id', '=', userId).execute();
  await trx.deleteFrom('recovery_code').where('user_id', '=', userId).execute();
  await trx.deleteFrom('user_totp').where('user_id', '=', userId).execute();
  await trx.deleteFrom('auth_challenge').where('user_id', '=', userId).execute();
  await trx.deleteFrom('payment_token').where('user_id', '=', userId).execute();
  await trx.updateTable('auth_session').set({ revoked_at: now, revoked_reason: 'account_closed' }).where('user_id', '=', userId).where('revoked_at', 'is', null).execute();
  const orders = await trx.selectFrom('shop_order').select(['id', 'shipping']).where('user_id', '=', userId).execute();
  for (const order of orders) await trx.updateTable('shop_order').set({ shipping: anonymisedShipping(order.shipping), note: '', updated_at: now }).where('id', '=', order.id).execute();
  // Mail to the address (not the one a worker is handing over right now: it goes out as it is),
  // and the limits keyed by it. The goodbye mail is queued after this.
  await trx.deleteFrom('mail_outbox').where('to_address', '=', email).where('status', '<>', 'sending').execute();
  await trx.deleteFrom('throttle').where('key', 'in', [`mail:verify:${email}`, `mail:reset:${email}`, `signin:login:${email}`]).execute();
}
