import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage, parseSiweMessage } from 'viem/siwe';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, signedInUser } from '../../../test/auth-helpers.js';

type Auth = Record<string, string>;

describeEachDb('linking a wallet with Sign-In with Ethereum', (ctx) => {
  const call = (url: string, payload: unknown = {}, headers: Auth = {}) => ctx().app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: freshIp() });
  const member = (prefix = 'siwe') => signedInUser(ctx().app, ctx().db, prefix);

  /** The server's message for this wallet, signed by `signer` (the wallet's own key unless said). */
  async function signedLink(auth: Auth, wallet: ReturnType<typeof privateKeyToAccount>, { signer = wallet, edit = (m: string) => m } = {}) {
    const res = await call('/gx/linked_wallet/message', { address: wallet.address.toLowerCase(), chainId: 1 }, auth);
    expect(res.statusCode, res.body).toBe(200);
    const message = edit((res.json().data as { message: string }).message);
    return { message, signature: await signer.signMessage({ message }) };
  }

  it('writes a full EIP-4361 message and links the checksummed address that signed it', async () => {
    const alice = await member();
    const wallet = privateKeyToAccount(generatePrivateKey());
    const res = await call('/gx/linked_wallet/message', { address: wallet.address.toLowerCase(), chainId: 10 }, alice.auth);
    const { message } = res.json().data as { message: string };
    const fields = parseSiweMessage(message);
    expect(fields).toMatchObject({ domain: 'localhost:3000', uri: 'http://localhost:3000', address: wallet.address, chainId: 10, version: '1' });
    expect(fields.nonce).toMatch(/^[0-9a-f]{32}$/);
    // Nonces are independent: the next one shares nothing predictable with this one.
    const next = parseSiweMessage(((await call('/gx/linked_wallet/message', { address: wallet.address, chainId: 10 }, alice.auth)).json().data as { message: string }).message);
    expect(next.nonce).not.toBe(fields.nonce);
    expect(next.nonce!.slice(1)).not.toBe(fields.nonce!.slice(0, -1));
    expect(fields.expirationTime!.getTime() - fields.issuedAt!.getTime()).toBe(5 * 60_000);

    const linked = await call('/gx/linked_wallet/link', { message, signature: await wallet.signMessage({ message }) }, alice.auth);
    expect(linked.statusCode, linked.body).toBe(201);
    expect(linked.json().data).toMatchObject({ address: wallet.address, chainId: 10 });
    expect((await call('/gx/linked_wallet', {}, alice.auth)).json().data).toMatchObject({ address: wallet.address });
  });

  it('refuses a replayed nonce, another domain, an expired message and a signature from another key', async () => {
    const alice = await member();
    const wallet = privateKeyToAccount(generatePrivateKey());

    const otherDomain = await signedLink(alice.auth, wallet, { edit: (m) => m.replace('localhost:3000 wants you', 'evil.example wants you') });
    const res1 = await call('/gx/linked_wallet/link', otherDomain, alice.auth);
    expect(res1.statusCode).toBe(400);
    expect(res1.json().msg).toMatch(/evil\.example/);

    const expired = await signedLink(alice.auth, wallet, { edit: (m) => m.replace(/Expiration Time: .*/, `Expiration Time: ${new Date(Date.now() - 1000).toISOString()}`) });
    const res2 = await call('/gx/linked_wallet/link', expired, alice.auth);
    expect(res2.statusCode).toBe(400);
    expect(res2.json().msg).toMatch(/expired/);

    // A nonce past its time, in a message that still claims to be in time.
    const late = await signedLink(alice.auth, wallet);
    await ctx().db.kysely.updateTable('auth_challenge').set({ expires_at: Date.now() - 1 }).where('value', '=', parseSiweMessage(late.message).nonce!).execute();
    const res4 = await call('/gx/linked_wallet/link', late, alice.auth);
    expect(res4.statusCode).toBe(400);
    expect(res4.json().msg).toMatch(/expired/);

    const impostor = privateKeyToAccount(generatePrivateKey());
    const res3 = await call('/gx/linked_wallet/link', await signedLink(alice.auth, wallet, { signer: impostor }), alice.auth);
    expect(res3.statusCode).toBe(400);
    expect(res3.json().fields).toHaveProperty('signature');
    expect(res3.json().msg).toMatch(/does not come from the wallet/);

    // A message the server never issued (a nonce of our own making).
    const forged = createSiweMessage({ domain: 'localhost:3000', uri: 'http://localhost:3000', address: wallet.address, chainId: 1, nonce: 'abcdefgh12345678', version: '1', statement: 'Link this wallet to your ParMeta Market account.', issuedAt: new Date(), expirationTime: new Date(Date.now() + 60_000) });
    expect((await call('/gx/linked_wallet/link', { message: forged, signature: await wallet.signMessage({ message: forged }) }, alice.auth)).statusCode).toBe(400);
    expect((await call('/gx/linked_wallet', {}, alice.auth)).json().data).toBeNull();

    const good = await signedLink(alice.auth, wallet);
    expect((await call('/gx/linked_wallet/link', good, alice.auth)).statusCode).toBe(201);
    expect((await call('/gx/linked_wallet/unlink', {}, alice.auth)).statusCode).toBe(200);
    const replay = await call('/gx/linked_wallet/link', good, alice.auth);
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toMatch(/used already/);
    expect((await call('/gx/linked_wallet', {}, alice.auth)).json().data).toBeNull();
  });

  it('one address belongs to one account; a nonce issued to one member is no good for another', async () => {
    const [alice, bob] = [await member('sa'), await member('sb')];
    const wallet = privateKeyToAccount(generatePrivateKey());
    // Bob signs a message Alice was given: refused (the nonce is Alice's).
    const alicesMessage = await signedLink(alice.auth, wallet);
    expect((await call('/gx/linked_wallet/link', alicesMessage, bob.auth)).statusCode).toBe(400);
    expect((await call('/gx/linked_wallet/link', alicesMessage, alice.auth)).statusCode).toBe(201);

    // Bob cannot link the same address, nor see or unlink Alice's.
    const taken = await call('/gx/linked_wallet/message', { address: wallet.address, chainId: 1 }, bob.auth);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toMatch(/another account/);
    expect((await call('/gx/linked_wallet', {}, bob.auth)).json().data).toBeNull();
    expect((await call('/gx/linked_wallet/unlink', {}, bob.auth)).statusCode).toBe(404);
    expect((await call('/gx/linked_wallet', {}, alice.auth)).json().data).toMatchObject({ address: wallet.address });

    // Alice has one linked wallet at a time.
    const second = privateKeyToAccount(generatePrivateKey());
    expect((await call('/gx/linked_wallet/message', { address: second.address, chainId: 1 }, alice.auth)).statusCode).toBe(409);
  });

  it('validates input and needs a session', async () => {
    const alice = await member();
    const bad = await call('/gx/linked_wallet/message', { address: '0x123', chainId: 1 }, alice.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('address');
    expect((await call('/gx/linked_wallet/message', { address: `0x${'a'.repeat(40)}`, chainId: 0 }, alice.auth)).json().fields).toHaveProperty('chainId');
    const badSig = await call('/gx/linked_wallet/link', { message: 'hello', signature: '0x1234' }, alice.auth);
    expect(badSig.statusCode).toBe(400);
    expect(badSig.json().fields).toHaveProperty('signature');
    const notSiwe = await call('/gx/linked_wallet/link', { message: 'hello', signature: `0x${'1'.repeat(130)}` }, alice.auth);
    expect(notSiwe.statusCode).toBe(400);
    expect((await call('/gx/linked_wallet', {})).statusCode).toBe(401);
    expect((await call('/gx/linked_wallet/message', { address: `0x${'a'.repeat(40)}`, chainId: 1 })).statusCode).toBe(401);
  });

  it('signs in with the linked wallet, in the same session shape as a password; an unlinked wallet cannot', async () => {
    const alice = await member();
    const wallet = privateKeyToAccount(generatePrivateKey());
    expect((await call('/gx/linked_wallet/link', await signedLink(alice.auth, wallet), alice.auth)).statusCode).toBe(201);

    const signInWith = async (account: ReturnType<typeof privateKeyToAccount>) => {
      const { message } = (await call('/auth/wallet/message', { address: account.address, chainId: 1 })).json().data as { message: string };
      return call('/auth/wallet/signin', { message, signature: await account.signMessage({ message }) }, { 'x-requested-with': 'parmeta-web' });
    };
    const res = await signInWith(wallet);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as { accessToken: { token: string }; refreshToken: { token?: string }; user: { userName: string } };
    expect(data.user.userName).toBe(alice.userName);
    // The web app gets the refresh token as the httpOnly cookie only.
    expect(data.refreshToken.token).toBeUndefined();
    expect(String(res.headers['set-cookie'])).toMatch(/HttpOnly/);
    const sessions = (await call('/auth/sessions', {}, { authorization: `Bearer ${data.accessToken.token}` })).json().data as { current: boolean; method: string }[];
    expect(sessions.find((s) => s.current)?.method).toBe('wallet');

    const stranger = await signInWith(privateKeyToAccount(generatePrivateKey()));
    expect(stranger.statusCode).toBe(401);
    expect(stranger.json().msg).toMatch(/not linked/);
    // A link message cannot be used to sign in.
    const bob = await member('sb');
    const link = await signedLink(bob.auth, privateKeyToAccount(generatePrivateKey()));
    expect((await call('/auth/wallet/signin', link)).statusCode).toBe(400);
  });
});
