import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Db } from '../src/db/connection.js';

export const PASSWORD = 'plum orbit lantern 42 canyon';

let ipCounter = 1;
/** Each simulated client gets its own address, so per-IP limits do not leak between tests. */
export const freshIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

export const uniqueName = (prefix = 'user') => `${prefix}_${randomBytes(4).toString('hex')}`;

/** The link inside the newest mail to that address (verification or reset). */
export async function latestMailLink(db: Db, to: string, param: 'signature' | 'token'): Promise<string> {
  const mail = await db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', to).orderBy('id', 'desc').executeTakeFirstOrThrow();
  const match = new RegExp(`[?&]${param}=([A-Za-z0-9_-]+)`).exec(mail.text);
  expect(match, `no ${param} link in mail: ${mail.text}`).toBeTruthy();
  return match![1]!;
}

export async function signUp(app: FastifyInstance, userName = uniqueName(), password = PASSWORD) {
  const email = `${userName}@example.test`;
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/local/signup',
    remoteAddress: freshIp(),
    payload: { userName, fullName: `Test ${userName}`, email, password },
  });
  expect(res.statusCode, res.body).toBe(201);
  return { userName, email, password };
}

export async function signIn(app: FastifyInstance, login: string, password = PASSWORD, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth/local/signin', remoteAddress: freshIp(), headers, payload: { userName: login, password } });
}

/** A verified, signed-in user: the path every other feature's tests start from. */
export async function signedInUser(app: FastifyInstance, db: Db, prefix = 'user') {
  const account = await signUp(app, uniqueName(prefix));
  const signature = await latestMailLink(db, account.email, 'signature');
  const verified = await app.inject({ method: 'POST', url: '/api/sendgrid/verify', payload: { signature } });
  expect(verified.statusCode, verified.body).toBe(200);
  const res = await signIn(app, account.userName);
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as { accessToken: { token: string }; refreshToken: { token: string } };
  return {
    ...account,
    accessToken: data.accessToken.token,
    refreshToken: data.refreshToken.token,
    auth: { authorization: `Bearer ${data.accessToken.token}` },
  };
}
