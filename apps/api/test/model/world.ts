import { randomBytes } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { ARGON2_OPTIONS } from '../../src/modules/auth/hash-pool.js';
import { PASSWORD } from '../auth-helpers.js';
import type { Db } from '../../src/db/connection.js';
import { creditPoints } from '../ledger-helpers.js';
import { quickAdmin, quickUsers } from '../quick-users.js';
import type { Call, Instance } from './client.js';

export interface Member {
  id: number;
  userName: string;
  auth: Record<string, string>;
  /** Gateway tokens of a card that succeeds and of one that is declined. */
  goodCard: string;
  badCard: string;
}

/** What the model runs against, and what it has learned so far (appended as calls succeed). */
export interface World {
  members: Member[];
  admin: { auth: Record<string, string> };
  products: { id: number; initialStock: number }[];
  nfts: number[];
  orders: { orderNo: string; member: number }[];
  nftOrders: { orderNo: string; member: number; nftId: number }[];
  payouts: number[];
}

export interface WorldOptions {
  members: number;
  products: number;
  /** Stock of each product at the start: small, so that buyers run it out. */
  stock: number;
  nfts: number;
}

const CARDS = { good: '4242424242424242', bad: '4000000000000002' };

async function ok(instance: Instance, call: Call): Promise<unknown> {
  const answer = await instance(call);
  if (answer.status >= 300 || !answer.body?.status) throw new Error(`setting up the model: ${call.url} answered ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body.data;
}

/**
 * Members with par and premium points and two cards each, an admin, a few products with
 * little stock, and a few listed NFTs: few objects on purpose, so that the operations meet.
 */
export async function buildWorld(db: Db, jwtSecret: string, instance: Instance, o: WorldOptions): Promise<World> {
  const config = { jwtSecret } as Parameters<typeof quickUsers>[1];
  const admin = await quickAdmin(db, config);
  const adminAuth = admin.auth;
  const members: Member[] = [];
  // A real password, so that a member can ask to close the account (refused while they hold par).
  const passwordHash = await hash(PASSWORD, ARGON2_OPTIONS);
  for (const u of await quickUsers(db, config, o.members, 500_00)) {
    await db.kysely.updateTable('app_user').set({ password_hash: passwordHash }).where('id', '=', u.id).execute();
    await creditPoints(db, u.id, 5_000);
    const card = async (number: string) =>
      ((await ok(instance, { method: 'POST', url: '/api/gateway/tokenize', headers: u.auth, body: { number, expMonth: 12, expYear: 2099, cvc: '123', holderName: u.userName } })) as { token: string }).token;
    members.push({ id: u.id, userName: u.userName, auth: u.auth, goodCard: await card(CARDS.good), badCard: await card(CARDS.bad) });
  }

  const tag = randomBytes(3).toString('hex');
  await ok(instance, { method: 'POST', url: '/api/admin/categories/save', headers: adminAuth, body: { slug: `model-${tag}`, name: 'Model', position: 900 } });
  const products: World['products'] = [];
  for (let i = 0; i < o.products; i++) {
    const created = (await ok(instance, {
      method: 'POST',
      url: '/api/admin/products/create',
      headers: adminAuth,
      body: { name: `Model product ${i}`, slug: `model-${tag}-${i}`, description: 'A product the model test buys.', category: `model-${tag}`, price: 7 + i * 3.5, stock: o.stock, active: true, images: ['/demo/model.webp'] },
    })) as { id: number };
    products.push({ id: created.id, initialStock: o.stock });
  }
  await ok(instance, { method: 'POST', url: '/api/admin/collections/save', headers: adminAuth, body: { slug: `model-${tag}`, name: 'Model', description: '' } });
  const nfts: number[] = [];
  for (let i = 0; i < o.nfts; i++) {
    const minted = (await ok(instance, {
      method: 'POST',
      url: '/api/admin/nfts/create',
      headers: adminAuth,
      body: { name: `Model NFT ${i}`, slug: `model-${tag}-${i}`, description: 'An NFT the model test trades.', collection: `model-${tag}`, image: '/demo/model.webp', price: 12 + i, attributes: [], listed: true },
    })) as { id: number };
    nfts.push(minted.id);
  }
  return { members, admin: { auth: adminAuth }, products, nfts, orders: [], nftOrders: [], payouts: [] };
}
