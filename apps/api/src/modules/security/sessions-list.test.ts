import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, signedInUser, signIn } from '../../../test/auth-helpers.js';

describeEachDb('the sessions list', (ctx) => {
  const call = (url: string, payload: unknown = {}, headers: Record<string, string> = {}) => ctx().app.inject({ method: 'POST', url: `/api${url}`, payload: payload as object, headers, remoteAddress: freshIp() });
  type Info = { id: string; method: string; device: string; current: boolean; createdAt: number; lastUsedAt: number };
  const list = async (auth: Record<string, string>) => (await call('/auth/sessions', {}, auth)).json().data as Info[];

  /** Another sign-in of the same member, from another browser. */
  async function anotherDevice(userName: string, userAgent: string) {
    const res = await signIn(ctx().app, userName, undefined, { 'user-agent': userAgent });
    const data = res.json().data as { accessToken: { token: string }; refreshToken: { token: string } };
    return { auth: { authorization: `Bearer ${data.accessToken.token}` }, refresh: data.refreshToken.token };
  }

  it('lists signed-in devices with how and when, marks this one, and shows a renewal as a use', async () => {
    const alice = await signedInUser(ctx().app, ctx().db, 'ses');
    const phone = await anotherDevice(alice.userName, 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Version/17.0 Mobile/15E148 Safari/604.1');
    const sessions = await list(alice.auth);
    expect(sessions).toHaveLength(2);
    expect(sessions.filter((s) => s.current)).toHaveLength(1);
    const other = sessions.find((s) => !s.current)!;
    expect(other).toMatchObject({ method: 'password', device: 'Safari on iOS' });
    expect(other.lastUsedAt).toBe(other.createdAt);

    await new Promise((r) => setTimeout(r, 5));
    expect((await call('/auth/refresh', {}, { authorization: `Bearer ${phone.refresh}` })).statusCode).toBe(200);
    const after = (await list(alice.auth)).find((s) => s.id === other.id)!;
    expect(after.lastUsedAt).toBeGreaterThan(after.createdAt);
  });

  it('ends one session or all others; the ended ones stop working at once', async () => {
    const alice = await signedInUser(ctx().app, ctx().db, 'ses');
    const laptop = await anotherDevice(alice.userName, 'Mozilla/5.0 (Windows NT 10.0) Firefox/130.0');
    const tablet = await anotherDevice(alice.userName, 'Mozilla/5.0 (Linux; Android 14) Chrome/130.0');
    const laptopId = (await list(laptop.auth)).find((s) => s.current)!.id;

    const ended = await call('/auth/sessions/end', { sessionId: laptopId }, alice.auth);
    expect(ended.statusCode, ended.body).toBe(200);
    expect((await call('/auth/sessions', {}, laptop.auth)).statusCode).toBe(401);
    expect((await call('/auth/refresh', {}, { authorization: `Bearer ${laptop.refresh}` })).statusCode).toBe(401);
    expect(await list(alice.auth)).toHaveLength(2);

    const others = await call('/auth/sessions/end-others', {}, alice.auth);
    expect(others.json().data).toEqual({ ended: 1 });
    expect((await call('/auth/sessions', {}, tablet.auth)).statusCode).toBe(401);
    const left = await list(alice.auth);
    expect(left).toHaveLength(1);
    expect(left[0]!.current).toBe(true);
  });

  it("another member's session is neither listed nor endable; bad input names the field", async () => {
    const [alice, bob] = [await signedInUser(ctx().app, ctx().db, 'sa'), await signedInUser(ctx().app, ctx().db, 'sb')];
    const bobsId = (await list(bob.auth))[0]!.id;
    expect((await list(alice.auth)).map((s) => s.id)).not.toContain(bobsId);
    expect((await call('/auth/sessions/end', { sessionId: bobsId }, alice.auth)).statusCode).toBe(404);
    expect((await call('/auth/sessions', {}, bob.auth)).statusCode).toBe(200);

    const bad = await call('/auth/sessions/end', { sessionId: 'no spaces allowed' }, alice.auth);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('sessionId');
    expect((await call('/auth/sessions/end', {}, alice.auth)).statusCode).toBe(400);
    expect((await call('/auth/sessions', {})).statusCode).toBe(401);
  });
});
