import { afterAll, expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { PASSWORD, freshIp, latestMailLink, signIn, signedInUser } from '../../../test/auth-helpers.js';
import { decodeQuotedPrintable, startSmtpSink } from '../../../test/smtp-sink.js';

const NEW_PASSWORD = 'quartz harbour velvet 93 lamp';
const sink = await startSmtpSink();
afterAll(() => sink.close());

describeEachDb(
  'changing password and email',
  (ctx) => {
    const post = (url: string, auth: Record<string, string>, payload?: object) =>
      ctx().app.inject({ method: 'POST', url: `/api${url}`, headers: auth, remoteAddress: freshIp(), ...(payload ? { payload } : {}) });
    const detail = (u: { auth: Record<string, string>; userName: string }) => post('/user/detail', u.auth, { user_id: u.userName });
    const refresh = (token: string) => ctx().app.inject({ method: 'POST', url: '/api/auth/refresh', headers: { authorization: `Bearer ${token}` } });

    it('changes the password with the current one: other sessions end, this one stays, a mail says so over SMTP', async () => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      const other = (await signIn(app, user.userName)).json().data as { accessToken: { token: string }; refreshToken: { token: string } };
      const otherAuth = { authorization: `Bearer ${other.accessToken.token}` };
      expect((await post('/user/detail', otherAuth, { user_id: user.userName })).statusCode).toBe(200);

      const res = await post('/user/change_password', user.auth, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().msg).toMatch(/other device is signed out/);
      expect((await detail(user)).statusCode).toBe(200);
      expect((await post('/user/detail', otherAuth, { user_id: user.userName })).statusCode).toBe(401);
      expect((await refresh(other.refreshToken.token)).statusCode).toBe(401);
      expect((await refresh(user.refreshToken)).statusCode).toBe(200);
      expect((await signIn(app, user.userName)).statusCode).toBe(401);
      expect((await signIn(app, user.userName, NEW_PASSWORD)).statusCode).toBe(200);

      const mail = decodeQuotedPrintable((await sink.waitFor((m) => m.to.includes(user.email) && m.raw.includes('password was changed'))).raw);
      expect(mail).toMatch(/Subject: Your ParMeta Market password was changed/);
      expect(mail).toContain('http://localhost:3000/reset');
    });

    it.each([
      [{ currentPassword: 'not my password at all', newPassword: NEW_PASSWORD }, 'currentPassword', /not your current password/],
      [{ currentPassword: PASSWORD, newPassword: 'short one' }, 'newPassword', /at least 15/],
      [{ currentPassword: PASSWORD, newPassword: 'passwordpasswordpassword' }, 'newPassword', /too easy to guess/],
      [{ currentPassword: PASSWORD, newPassword: PASSWORD }, 'newPassword', /current password/],
      [{ currentPassword: PASSWORD }, 'newPassword', /required/],
      [{ currentPassword: PASSWORD, newPassword: NEW_PASSWORD, user_id: 'someone' }, 'request', /user_id/],
    ])('refuses %j with 400 naming the field, and the password stays', async (payload, field, message) => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      const res = await post('/user/change_password', user.auth, payload);
      expect(res.statusCode).toBe(400);
      if (field === 'request') expect(res.json().msg).toMatch(message);
      else expect(res.json().fields[field]).toMatch(message);
      expect((await signIn(app, user.userName)).statusCode).toBe(200);
    });

    it('refuses a password with the user name in it (the shared policy) and counts wrong current passwords like failed sign-ins', async () => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      const named = await post('/user/change_password', user.auth, { currentPassword: PASSWORD, newPassword: `${user.userName} forever and ever` });
      expect(named.json().fields.newPassword).toMatch(/user name/);
      let last = await post('/user/change_password', user.auth, { currentPassword: 'wrong guess number 0', newPassword: NEW_PASSWORD });
      for (let i = 1; i < 12 && last.statusCode === 400; i++) last = await post('/user/change_password', user.auth, { currentPassword: `wrong guess number ${i}`, newPassword: NEW_PASSWORD });
      expect(last.statusCode).toBe(429);
      expect((await post('/user/change_password', user.auth, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(429);
    });

    it('needs a session, and acts only on its own account', async () => {
      const { app, db } = ctx();
      const alice = await signedInUser(app, db, 'alice');
      const bob = await signedInUser(app, db, 'bob');
      expect((await post('/user/change_password', {}, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD })).statusCode).toBe(401);
      // Alice's token with Bob's password is Alice's wrong password: Bob's account is out of reach.
      await post('/user/change_password', alice.auth, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
      expect((await signIn(app, bob.userName)).statusCode).toBe(200);
      expect((await signIn(app, alice.userName, NEW_PASSWORD)).statusCode).toBe(200);
      const change = await post('/user/change_email', alice.auth, { newEmail: bob.email, password: NEW_PASSWORD });
      expect(change.statusCode).toBe(409);
      expect(change.json().fields.newEmail).toMatch(/another account/);
    });

    it('changes the email only once the link mailed to the new address is opened; the old address hears of it', async () => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      const newEmail = `new_${user.userName}@example.test`;
      const asked = await post('/user/change_email', user.auth, { newEmail: ` ${newEmail.toUpperCase()} `, password: PASSWORD });
      expect(asked.statusCode, asked.body).toBe(200);
      expect(asked.json().data).toMatchObject({ pendingEmail: newEmail });
      const notice = await db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', user.email).where('kind', '=', 'email_change_notice').executeTakeFirstOrThrow();
      expect(notice.text).toContain(newEmail);
      // Nothing changed yet: the status shows the pending address, sign-in takes the old one.
      expect((await detail(user)).json().data.email).toBe(user.email);
      expect((await post('/user/account_status', user.auth)).json().data.pendingEmail).toMatchObject({ email: newEmail });
      expect((await signIn(app, newEmail)).statusCode).toBe(401);

      const signature = await latestMailLink(db, newEmail, 'signature');
      const confirmed = await app.inject({ method: 'POST', url: '/api/user/confirm_email_change', payload: { signature } });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().data).toEqual({ email: newEmail });
      expect((await detail(user)).json().data.email).toBe(newEmail);
      expect((await signIn(app, newEmail)).statusCode).toBe(200);
      expect((await signIn(app, user.email)).statusCode).toBe(401);
      const changed = await db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', user.email).where('kind', '=', 'email_changed').executeTakeFirstOrThrow();
      expect(changed.text).toContain(newEmail);
      const again = await app.inject({ method: 'POST', url: '/api/user/confirm_email_change', payload: { signature } });
      expect(again.statusCode).toBe(422);
      expect(again.json().msg).toMatch(/already been used/);
      // The old address is free for a new account.
      expect((await app.inject({ method: 'POST', url: '/api/auth/local/signup', remoteAddress: freshIp(), payload: { userName: `${user.userName}x`, fullName: 'Reuse', email: user.email, password: PASSWORD } })).statusCode).toBe(201);
    });

    it('a newer request voids the older link; expired and unknown links are refused; taken addresses too', async () => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      const first = `first_${user.userName}@example.test`;
      const second = `second_${user.userName}@example.test`;
      await post('/user/change_email', user.auth, { newEmail: first, password: PASSWORD });
      const firstLink = await latestMailLink(db, first, 'signature');
      await post('/user/change_email', user.auth, { newEmail: second, password: PASSWORD });
      const stale = await app.inject({ method: 'POST', url: '/api/user/confirm_email_change', payload: { signature: firstLink } });
      expect(stale.statusCode).toBe(422);
      const secondLink = await latestMailLink(db, second, 'signature');
      await db.kysely.updateTable('email_change').set({ expires_at: Date.now() - 1 }).where('new_email', '=', second).execute();
      const expired = await app.inject({ method: 'POST', url: '/api/user/confirm_email_change', payload: { signature: secondLink } });
      expect(expired.json()).toMatchObject({ status: false, code: 'BUSINESS_RULE', msg: expect.stringMatching(/expired/) });
      expect((await app.inject({ method: 'POST', url: '/api/user/confirm_email_change', payload: { signature: 'x'.repeat(43) } })).json().msg).toMatch(/not valid/);
      expect((await app.inject({ method: 'POST', url: '/api/user/confirm_email_change', payload: {} })).json().fields.signature).toBeDefined();
      expect((await detail(user)).json().data.email).toBe(user.email);

      // Taken since the request: the link is refused and the email stays.
      const third = `third_${user.userName}@example.test`;
      await post('/user/change_email', user.auth, { newEmail: third, password: PASSWORD });
      const thirdLink = await latestMailLink(db, third, 'signature');
      const rival = await app.inject({ method: 'POST', url: '/api/auth/local/signup', remoteAddress: freshIp(), payload: { userName: `${user.userName}_t`, fullName: 'Rival', email: third, password: PASSWORD } });
      expect(rival.statusCode).toBe(201);
      const taken = await app.inject({ method: 'POST', url: '/api/user/confirm_email_change', payload: { signature: thirdLink } });
      expect(taken.statusCode).toBe(409);
      expect((await detail(user)).json().data.email).toBe(user.email);
    });

    it.each([
      [{ newEmail: 'not-an-email', password: PASSWORD }, 'newEmail'],
      [{ newEmail: 'fine@example.test', password: 'the wrong password here' }, 'password'],
      [{ newEmail: 'fine@example.test' }, 'password'],
    ])('refuses a bad email change %j with 400 naming the field and sends nothing', async (payload, field) => {
      const { app, db } = ctx();
      const user = await signedInUser(app, db);
      const res = await post('/user/change_email', user.auth, payload);
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().fields)).toContain(field);
      expect(await db.kysely.selectFrom('email_change').select('id').where('user_id', 'in', db.kysely.selectFrom('app_user').select('id').where('user_name', '=', user.userName)).execute()).toEqual([]);
    });
  },
  { SMTP_URL: sink.url, MAIL_POLL_MS: '100' },
);
