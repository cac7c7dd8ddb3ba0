import { Secret, TOTP } from 'otpauth';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { PASSWORD, freshIp, signedInUser } from '../../../test/auth-helpers.js';
import { userIdOf } from '../../../test/ledger-helpers.js';
import { SoftAuthenticator } from '../../../test/soft-authenticator.js';

const ORIGIN = 'http://localhost:3000';
type Auth = Record<string, string>;
type Wallet = ReturnType<typeof privateKeyToAccount>;

/**
 * A closed account cannot be signed in to by any method the member had set up (a passkey, a
 * linked wallet), and what those methods stored goes with the account: the wallet can be linked
 * to a new account, the authenticator app's secret and the recovery codes are gone.
 */
describeEachDb('closing an account ends every way in', (ctx) => {
  const call = (url: string, payload: unknown = {}, headers: Auth = {}) => ctx().app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: freshIp() });

  async function addPasskey(auth: Auth, authenticator: SoftAuthenticator) {
    const options = (await call('/auth/passkeys/options', {}, auth)).json().data as { challenge: string; rp: { id: string } };
    const res = await call('/auth/passkeys/add', { name: 'Laptop', response: authenticator.register(options, { origin: ORIGIN }) }, auth);
    expect(res.statusCode, res.body).toBe(201);
  }
  async function signInWithPasskey(authenticator: SoftAuthenticator) {
    const options = (await call('/auth/passkey/options')).json().data as { challenge: string; userVerification: string };
    return call('/auth/passkey/signin', { response: authenticator.assert(options, { origin: ORIGIN }) });
  }
  async function linkWallet(auth: Auth, wallet: Wallet) {
    const { message } = (await call('/gx/linked_wallet/message', { address: wallet.address, chainId: 1 }, auth)).json().data as { message: string };
    return call('/gx/linked_wallet/link', { message, signature: await wallet.signMessage({ message }) }, auth);
  }
  async function signInWithWallet(wallet: Wallet) {
    const { message } = (await call('/auth/wallet/message', { address: wallet.address, chainId: 1 })).json().data as { message: string };
    return call('/auth/wallet/signin', { message, signature: await wallet.signMessage({ message }) });
  }

  it('a passkey and a linked wallet no longer sign in; the wallet, the two-step secret and the recovery codes are erased', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db, 'ways');
    const id = await userIdOf(db, u.userName);
    const authenticator = new SoftAuthenticator('localhost');
    await addPasskey(u.auth, authenticator);
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect((await linkWallet(u.auth, wallet)).statusCode).toBe(201);
    const { secret } = (await call('/auth/two-factor/setup', {}, u.auth)).json().data as { secret: string };
    const code = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate();
    expect((await call('/auth/two-factor/enable', { code }, u.auth)).statusCode).toBe(200);
    // Each way in works before the closing.
    expect((await signInWithPasskey(authenticator)).statusCode).toBe(200);
    expect((await signInWithWallet(wallet)).statusCode).toBe(200);

    const closing = await call('/user/delete_account', { password: PASSWORD }, u.auth);
    expect(closing.statusCode, closing.body).toBe(200);

    const byPasskey = await signInWithPasskey(authenticator);
    expect(byPasskey.statusCode, byPasskey.body).toBe(401);
    const byWallet = await signInWithWallet(wallet);
    expect(byWallet.statusCode, byWallet.body).toBe(401);
    for (const table of ['passkey', 'linked_wallet', 'user_totp', 'recovery_code', 'auth_challenge'] as const) {
      expect(await db.kysely.selectFrom(table).select('user_id').where('user_id', '=', id).execute(), table).toEqual([]);
    }
    // The wallet is free for a new account.
    const newcomer = await signedInUser(app, db, 'next');
    expect((await linkWallet(newcomer.auth, wallet)).statusCode).toBe(201);
    const signedIn = await signInWithWallet(wallet);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    expect(signedIn.json().data.user.userName).toBe(newcomer.userName);
  });
});
