import { randomBytes } from 'node:crypto';
import { PASSWORD } from '../auth-helpers.js';
import type { Answer, Call, Instance } from './client.js';
import type { Rng } from './rng.js';
import type { World } from './world.js';

/** One call the model made, with its answer. */
export interface Step {
  op: string;
  member: number | null;
  call: Call;
  /** The Idempotency-Key sent, if any: repeats of one key count once. */
  key: string | null;
  status: number;
  /** Whether the answer was the API's envelope ({ status, msg, ... }). */
  envelope: boolean;
  code: string | null;
  msg: string;
  data: unknown;
  /** When the answer came (ms since the run began). */
  at: number;
}

/** What only an in-process run can do: move time on for housekeeping, as its timer would. */
export interface Housekeeping {
  expireOrders(now: number): Promise<unknown>;
  expireNftReservations(now: number): Promise<unknown>;
  retryRefunds(): Promise<unknown>;
}

export interface GatewayEvent {
  eventId: string;
  chargeId: string;
  reference: string;
}

/** The gateway's side: charges it made (to deliver their events again), signed as it signs them. */
export interface GatewayView {
  recentCharges(limit: number): Promise<{ chargeId: string; reference: string }[]>;
  sign(event: GatewayEvent): string;
}

export interface Ctx {
  world: World;
  rng: Rng;
  /** A random instance (several share one database in the multi-instance runs). */
  instance(): Instance;
  housekeeping: Housekeeping | undefined;
  gateway: GatewayView;
  record(step: Step): void;
  elapsed(): number;
}

type Op = (ctx: Ctx) => Promise<void>;

const key = () => `model-${randomBytes(9).toString('base64url')}`;

/** Makes one call and records it; answers the answer. */
async function call(ctx: Ctx, op: string, member: number | null, c: Call, idempotencyKey: string | null = null): Promise<Answer> {
  const headers = { ...c.headers, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) };
  const answer = await ctx.instance()({ ...c, headers });
  const envelope = answer.body !== null && typeof answer.body.status === 'boolean' && (answer.status < 300) === answer.body.status;
  ctx.record({ op, member, call: c, key: idempotencyKey, status: answer.status, envelope, code: answer.body?.code ?? null, msg: answer.body?.msg ?? '', data: answer.body?.data, at: ctx.elapsed() });
  return answer;
}

const okData = <T>(a: Answer): T | undefined => (a.status < 300 && a.body?.status ? (a.body.data as T) : undefined);

/** Sometimes a money call carries a key, and sometimes the same call goes twice at once with it. */
async function money(ctx: Ctx, op: string, member: number, c: Call): Promise<Answer> {
  if (!ctx.rng.chance(0.5)) return call(ctx, op, member, c);
  const k = key();
  if (!ctx.rng.chance(0.25)) return call(ctx, op, member, c, k);
  const [first] = await Promise.all([call(ctx, op, member, c, k), call(ctx, op, member, c, k)]);
  return first;
}

const member = (ctx: Ctx) => ctx.rng.int(0, ctx.world.members.length - 1);
const auth = (ctx: Ctx, m: number) => ctx.world.members[m]!.auth;
const ownOrder = (ctx: Ctx, m: number) => ctx.rng.recent(ctx.world.orders.filter((o) => o.member === m), 4);
const ownNftOrder = (ctx: Ctx, m: number) => ctx.rng.recent(ctx.world.nftOrders.filter((o) => o.member === m), 3);

// ---- shop orders -------------------------------------------------------------------------

const SHIPPING = {
  shipping_name: 'Model Buyer',
  shipping_email: 'model@example.test',
  shipping_contact: '+66812345678',
  shipping_address1: '1 Model Road',
  shipping_district: 'Watthana',
  shipping_state: 'Bangkok',
  shipping_zip: '10110',
  shipping_country: { value: 'TH', label: 'Thailand' },
};

const createOrder: Op = async (ctx) => {
  const m = member(ctx);
  const list = Array.from({ length: ctx.rng.int(1, 3) }, () => ({ id: ctx.rng.pick(ctx.world.products)!.id, qty: ctx.rng.int(1, 3) }));
  const answer = await money(ctx, 'createOrder', m, { method: 'POST', url: '/api/ecommerce/CreateEcomOrder', headers: auth(ctx, m), body: { list, shipping: SHIPPING } });
  const order = okData<{ orderNo: string }>(answer);
  if (order && !ctx.world.orders.some((o) => o.orderNo === order.orderNo)) ctx.world.orders.push({ orderNo: order.orderNo, member: m });
};

const payOrder = (m: number, orderNo: string, how: 'par' | 'good' | 'bad'): Op => async (ctx) => {
  const body = how === 'par' ? { orderNo, method: 'par' } : { orderNo, method: 'card', cardToken: how === 'good' ? ctx.world.members[m]!.goodCard : ctx.world.members[m]!.badCard };
  await money(ctx, how === 'par' ? 'payPar' : 'payCard', m, { method: 'POST', url: '/api/ecommerce/paid_order', headers: auth(ctx, m), body });
};

const pay: Op = async (ctx) => {
  const m = member(ctx);
  const order = ownOrder(ctx, m);
  if (order) await payOrder(m, order.orderNo, ctx.rng.weighted([['par', 3], ['good', 2], ['bad', 1]] as const))(ctx);
};

const cancelOwn = (m: number, orderNo: string): Op => async (ctx) => {
  await call(ctx, 'cancelOrder', m, { method: 'POST', url: `/api/ecommerce/CancelOrderEcom?orderNo=${encodeURIComponent(orderNo)}`, headers: auth(ctx, m) });
};

const cancel: Op = async (ctx) => {
  const m = member(ctx);
  const order = ownOrder(ctx, m);
  if (order) await cancelOwn(m, order.orderNo)(ctx);
};

const adminStep = (op: 'ship' | 'deliver' | 'adminCancel', orderNo: string): Op => async (ctx) => {
  const path = op === 'ship' ? 'ship' : op === 'deliver' ? 'deliver' : 'cancel';
  const body = op === 'ship' ? { orderNo, carrier: 'thailand-post', trackingNo: `TH${ctx.rng.int(100000, 999999)}` } : { orderNo };
  await call(ctx, op, null, { method: 'POST', url: `/api/admin/orders/${path}`, headers: ctx.world.admin.auth, body });
};

const admin = (op: 'ship' | 'deliver' | 'adminCancel'): Op => async (ctx) => {
  const order = ctx.rng.recent(ctx.world.orders, 20);
  if (order) await adminStep(op, order.orderNo)(ctx);
};

const expireOrders: Op = async (ctx) => {
  // As if the orders' time had run out (now + 31 min), or as the timer runs now.
  await ctx.housekeeping?.expireOrders(Date.now() + (ctx.rng.chance(0.25) ? 31 * 60_000 : 0));
};

// ---- NFTs ----------------------------------------------------------------------------------

const reserveNft = (m: number, nftId: number): Op => async (ctx) => {
  const answer = await call(ctx, 'nftReserve', m, { method: 'POST', url: '/api/gx/GenerateOrderNft', headers: auth(ctx, m), body: { nftId } });
  const order = okData<{ orderNo: string }>(answer);
  if (order && !ctx.world.nftOrders.some((o) => o.orderNo === order.orderNo)) ctx.world.nftOrders.push({ orderNo: order.orderNo, member: m, nftId });
};

const reserve: Op = async (ctx) => reserveNft(member(ctx), ctx.rng.pick(ctx.world.nfts)!)(ctx);

const confirmNft = (m: number, orderNo: string): Op => async (ctx) => {
  await money(ctx, 'nftConfirm', m, { method: 'POST', url: '/api/gx/confirmOrdernft', headers: auth(ctx, m), body: { orderNo } });
};

const confirm: Op = async (ctx) => {
  const m = member(ctx);
  const order = ownNftOrder(ctx, m);
  if (order) await confirmNft(m, order.orderNo)(ctx);
};

const cancelNft: Op = async (ctx) => {
  const m = member(ctx);
  const order = ownNftOrder(ctx, m);
  if (order) await call(ctx, 'nftCancel', m, { method: 'POST', url: '/api/gx/cancelOrdernft', headers: auth(ctx, m), body: { orderNo: order.orderNo } });
};

const listing = (m: number, nftId: number, listed: boolean, price: number): Op => async (ctx) => {
  await call(ctx, listed ? 'nftList' : 'nftDelist', m, { method: 'POST', url: listed ? '/api/gx/nft_list' : '/api/gx/nft_delist', headers: auth(ctx, m), body: listed ? { nftId, price } : { nftId } });
};

/** A member lists or delists an NFT they may own (a refusal when they do not is part of the model). */
const list: Op = async (ctx) => {
  const m = member(ctx);
  const bought = ctx.world.nftOrders.filter((o) => o.member === m);
  const nftId = ctx.rng.pick(bought)?.nftId ?? ctx.rng.pick(ctx.world.nfts)!;
  await listing(m, nftId, ctx.rng.chance(0.7), ctx.rng.int(5, 40))(ctx);
};

const adminNftEdit = (nftId: number): Op => async (ctx) => {
  const detail = okData<{ name: string; slug: string; description: string; collection: { slug: string }; image: string; price: number; attributes: unknown[]; listed: boolean }>(
    await call(ctx, 'adminNftRead', null, { method: 'POST', url: '/api/admin/nfts/detail', headers: ctx.world.admin.auth, body: { id: nftId } }),
  );
  if (!detail) return;
  const body = { id: nftId, name: detail.name, slug: detail.slug, description: detail.description, collection: detail.collection.slug, image: detail.image, attributes: detail.attributes, price: ctx.rng.chance(0.5) ? detail.price : ctx.rng.int(8, 30), listed: ctx.rng.chance(0.6) };
  await call(ctx, 'adminNftEdit', null, { method: 'POST', url: '/api/admin/nfts/update', headers: ctx.world.admin.auth, body });
};

const adminNft: Op = async (ctx) => adminNftEdit(ctx.rng.pick(ctx.world.nfts)!)(ctx);

const expireNfts: Op = async (ctx) => {
  await ctx.housekeeping?.expireNftReservations(Date.now() + (ctx.rng.chance(0.3) ? 11 * 60_000 : 0));
};

// ---- card payments (fiat) ------------------------------------------------------------------

async function paymentToken(ctx: Ctx, m: number): Promise<string | undefined> {
  return okData<{ accessToken: string }>(await call(ctx, 'paymentToken', m, { method: 'POST', url: '/api/gx/AuthToken', headers: auth(ctx, m) }))?.accessToken;
}

const fiat = (m: number, body: Record<string, unknown>, op: 'topup' | 'fiatNft'): Op => async (ctx) => {
  const token = await paymentToken(ctx, m);
  if (!token) return;
  const answer = await call(ctx, op, m, { method: 'POST', url: '/api/gx/GenerateOrderFiat', headers: { ...auth(ctx, m), 'x-payment-token': token }, body });
  const paid = okData<{ order: { orderNo: string } }>(answer);
  if (paid && op === 'fiatNft' && typeof body.nftId === 'number') ctx.world.nftOrders.push({ orderNo: paid.order.orderNo, member: m, nftId: body.nftId });
};

const card = (ctx: Ctx, m: number) => (ctx.rng.chance(0.8) ? ctx.world.members[m]!.goodCard : ctx.world.members[m]!.badCard);
const topup: Op = async (ctx) => {
  const m = member(ctx);
  await fiat(m, { type: 'topup', amount: ctx.rng.int(5, 60), cardToken: card(ctx, m) }, 'topup')(ctx);
};
const fiatNft: Op = async (ctx) => {
  const m = member(ctx);
  await fiat(m, { type: 'nft', nftId: ctx.rng.pick(ctx.world.nfts)!, cardToken: card(ctx, m) }, 'fiatNft')(ctx);
};

/** The gateway delivers a charge's event again (a webhook retry), signed as it would be. */
const webhookReplay: Op = async (ctx) => {
  const charge = ctx.rng.pick(await ctx.gateway.recentCharges(10));
  if (!charge) return;
  const event = { eventId: `evt_${charge.chargeId}`, chargeId: charge.chargeId, reference: charge.reference };
  await call(ctx, 'webhook', null, { method: 'POST', url: '/api/gateway/webhook', headers: { 'x-gateway-signature': ctx.gateway.sign(event) }, body: { ...event, type: 'charge.succeeded' } });
};

// ---- balances and payouts ------------------------------------------------------------------

const parToMeta = (m: number): Op => async (ctx) => {
  await money(ctx, 'parToMeta', m, { method: 'POST', url: '/api/gx/tranfer_par_to_meta', headers: auth(ctx, m), body: { amount: ctx.rng.int(1, 40) } });
};
const premiumToPar = (m: number): Op => async (ctx) => {
  await money(ctx, 'premiumToPar', m, { method: 'POST', url: '/api/gx/Premium_To_Par', headers: auth(ctx, m), body: { points: 500 * ctx.rng.int(1, 3) } });
};
const withdraw = (m: number): Op => async (ctx) => {
  const answer = await money(ctx, 'withdraw', m, { method: 'POST', url: '/api/gx/transfer_par_off', headers: auth(ctx, m), body: { amount: ctx.rng.int(10, 60), destination: `0x${'ab'.repeat(20)}` } });
  const payout = okData<{ payout: { id: number } }>(answer);
  if (payout && !ctx.world.payouts.includes(payout.payout.id)) ctx.world.payouts.push(payout.payout.id);
};

const settle = (id: number, completed: boolean): Op => async (ctx) => {
  await call(ctx, completed ? 'payoutComplete' : 'payoutFail', null, {
    method: 'POST',
    url: completed ? '/api/admin/payouts/complete' : '/api/admin/payouts/fail',
    headers: ctx.world.admin.auth,
    body: completed ? { id } : { id, reason: 'Model says no' },
  });
};
const settlePayout: Op = async (ctx) => {
  const id = ctx.rng.recent(ctx.world.payouts, 8);
  if (id !== undefined) await settle(id, ctx.rng.chance(0.5))(ctx);
};

// ---- stock ---------------------------------------------------------------------------------

/** The admin sets a product's stock from the count it just read (compare and set). */
const setStock: Op = async (ctx) => {
  const product = ctx.rng.pick(ctx.world.products)!;
  const seen = okData<{ stock: number }>(await call(ctx, 'adminProductRead', null, { method: 'POST', url: '/api/admin/products/detail', headers: ctx.world.admin.auth, body: { id: product.id } }));
  if (!seen) return;
  const stock = Math.max(0, seen.stock + ctx.rng.int(-2, 6));
  await call(ctx, 'setStock', null, { method: 'POST', url: '/api/admin/products/stock', headers: ctx.world.admin.auth, body: { id: product.id, stock, expectedStock: seen.stock } });
};

const retryRefunds: Op = async (ctx) => {
  await ctx.housekeeping?.retryRefunds();
};

// ---- races: different operations on one object at the same moment ---------------------------

/**
 * Asking to close the account. Every member holds par or points moved to par, so it is mostly
 * refused, but it takes the member's row FOR UPDATE and their ledger accounts while everything
 * else runs: a lock order it breaks shows up as a deadlock (a 5xx). Should one close, their later
 * calls are refused and the invariants check that nothing was left open.
 */
const closeAccount = (m: number): Op => async (ctx) => {
  await call(ctx, 'closeAccount', m, { method: 'POST', url: '/api/user/delete_account', headers: auth(ctx, m), body: { password: PASSWORD } });
};

const race: Op = async (ctx) => {
  const kind = ctx.rng.weighted([['order', 4], ['nft', 3], ['payout', 1], ['balance', 2]] as const);
  let ops: Op[] = [];
  if (kind === 'order') {
    const order = ctx.rng.recent(ctx.world.orders, 6);
    if (!order) return;
    const m = order.member;
    const pool: Op[] = [payOrder(m, order.orderNo, 'par'), payOrder(m, order.orderNo, 'good'), cancelOwn(m, order.orderNo), adminStep('adminCancel', order.orderNo), adminStep('ship', order.orderNo), adminStep('deliver', order.orderNo), expireOrders, closeAccount(m)];
    ops = Array.from({ length: ctx.rng.int(2, 4) }, () => ctx.rng.pick(pool)!);
  } else if (kind === 'nft') {
    const nftId = ctx.rng.pick(ctx.world.nfts)!;
    const held = ctx.world.nftOrders.filter((o) => o.nftId === nftId).at(-1);
    const a = member(ctx);
    const pool: Op[] = [reserveNft(a, nftId), reserveNft(member(ctx), nftId), adminNftEdit(nftId), expireNfts, listing(a, nftId, false, 10)];
    if (held) pool.push(confirmNft(held.member, held.orderNo), listing(held.member, nftId, false, 10), listing(held.member, nftId, true, ctx.rng.int(5, 30)), closeAccount(held.member));
    if (held) pool.push(fiat(held.member, { type: 'nft', nftId, cardToken: ctx.world.members[held.member]!.goodCard }, 'fiatNft'));
    ops = Array.from({ length: ctx.rng.int(2, 4) }, () => ctx.rng.pick(pool)!);
  } else if (kind === 'payout') {
    const id = ctx.rng.recent(ctx.world.payouts, 4);
    if (id === undefined) return;
    ops = [settle(id, true), settle(id, false), ...(ctx.rng.chance(0.5) ? [settle(id, ctx.rng.chance(0.5))] : [])];
  } else {
    const m = member(ctx);
    const order = ownOrder(ctx, m);
    const pool: Op[] = [parToMeta(m), premiumToPar(m), withdraw(m), closeAccount(m), fiat(m, { type: 'topup', amount: 5, cardToken: ctx.world.members[m]!.goodCard }, 'topup'), ...(order ? [payOrder(m, order.orderNo, 'par'), cancelOwn(m, order.orderNo)] : [])];
    ops = Array.from({ length: ctx.rng.int(2, 4) }, () => ctx.rng.pick(pool)!);
  }
  await Promise.all(ops.map((op) => op(ctx)));
};

/** Every operation with how often it is drawn. */
export const OPERATIONS: readonly (readonly [string, Op])[] = [
  ['createOrder', createOrder],
  ['pay', pay],
  ['cancel', cancel],
  ['ship', admin('ship')],
  ['deliver', admin('deliver')],
  ['adminCancel', admin('adminCancel')],
  ['expireOrders', expireOrders],
  ['reserve', reserve],
  ['confirm', confirm],
  ['cancelNft', cancelNft],
  ['list', list],
  ['adminNft', adminNft],
  ['expireNfts', expireNfts],
  ['topup', topup],
  ['fiatNft', fiatNft],
  ['webhookReplay', webhookReplay],
  ['parToMeta', (ctx) => parToMeta(member(ctx))(ctx)],
  ['premiumToPar', (ctx) => premiumToPar(member(ctx))(ctx)],
  ['withdraw', (ctx) => withdraw(member(ctx))(ctx)],
  ['settlePayout', settlePayout],
  ['setStock', setStock],
  ['retryRefunds', retryRefunds],
  ['closeAccount', (ctx) => closeAccount(member(ctx))(ctx)],
  ['race', race],
];

const WEIGHTS: Record<string, number> = {
  createOrder: 10,
  pay: 12,
  cancel: 2,
  ship: 5,
  deliver: 4,
  adminCancel: 1,
  expireOrders: 1,
  reserve: 5,
  confirm: 4,
  cancelNft: 2,
  list: 3,
  adminNft: 1,
  expireNfts: 2,
  topup: 3,
  fiatNft: 2,
  webhookReplay: 2,
  parToMeta: 3,
  premiumToPar: 2,
  withdraw: 2,
  settlePayout: 3,
  setStock: 2,
  retryRefunds: 1,
  closeAccount: 2,
  race: 10,
};

export const drawOperation = (rng: Rng): Op => rng.weighted(OPERATIONS.map(([name, op]) => [op, WEIGHTS[name] ?? 1] as const));
