import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { PASSWORD, freshIp, latestMailLink, signIn, signUp, uniqueName } from '../../../test/auth-helpers.js';

describeEachDb('sign-up and email verification', (ctx) => {
  const post = (url: string, payload: object) => ctx().app.inject({ method: 'POST', url, payload, remoteAddress: freshIp() });
  const userCount = async () => Number((await ctx().db.kysely.selectFrom('app_user').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  it('creates an unverified account with a wallet id and sends a branded verification mail', async () => {
    const { db } = ctx();
    const { userName, email } = await signUp(ctx().app, uniqueName('New.User'.toLowerCase()));
    const user = await db.kysely.selectFrom('app_user').selectAll().where('user_name', '=', userName).executeTakeFirstOrThrow();
    expect(user.email_verified_at).toBeNull();
    expect(user.wallet_id).toMatch(/^0x[0-9a-f]{40}$/);
    expect(user.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    const mail = await db.kysely.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).executeTakeFirstOrThrow();
    expect(mail.subject).toContain('Verify your email');
    expect(mail.html).toContain('ParMeta Market');
    expect(mail.text).toContain('http://localhost:3000/login?signature=');
  });

  it('normalises userName and email to lower case and treats them case-insensitively', async () => {
    const name = uniqueName('mixed');
    const res = await post('/api/auth/local/signup', { userName: name.toUpperCase(), fullName: 'Mixed Case', email: ` ${name.toUpperCase()}@Example.TEST `, password: PASSWORD });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toEqual({ userName: name, email: `${name}@example.test` });
    const again = await post('/api/auth/local/signup', { userName: name, fullName: 'Again', email: `other_${name}@example.test`, password: PASSWORD });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: false, code: 'CONFLICT', fields: { userName: 'is already taken' } });
  });

  it('refuses a taken email with a clear message', async () => {
    const { email } = await signUp(ctx().app);
    const res = await post('/api/auth/local/signup', { userName: uniqueName(), fullName: 'Dup', email, password: PASSWORD });
    expect(res.statusCode).toBe(409);
    expect(res.json().fields.email).toMatch(/already has an account/);
  });

  it.each([
    [{ userName: 'ab', fullName: 'X', email: 'a@b.co', password: PASSWORD }, 'userName'],
    [{ userName: 'bad name!', fullName: 'X', email: 'a@b.co', password: PASSWORD }, 'userName'],
    [{ userName: 'okname', fullName: '', email: 'a@b.co', password: PASSWORD }, 'fullName'],
    [{ userName: 'okname', fullName: 'X', email: 'not-an-email', password: PASSWORD }, 'email'],
    [{ userName: 'okname', fullName: 'X', email: 'a@b.co', password: 'short pass 14c' }, 'password'],
    [{ userName: 'okname', fullName: 'X', email: 'a@b.co', password: 'x'.repeat(129) }, 'password'],
    [{ userName: 'okname', fullName: 'X', email: 'a@b.co' }, 'password'],
    [{ userName: 'okname', fullName: 'X', email: 'a@b.co', password: PASSWORD, role: 'admin' }, 'request'],
  ])('answers 400 naming the field and stores nothing: %j', async (payload, field) => {
    const before = await userCount();
    const res = await post('/api/auth/local/signup', payload);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.status).toBe(false);
    if (field === 'request') expect(body.msg).toMatch(/role/);
    else expect(Object.keys(body.fields)).toContain(field);
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['a common password', '123456789987654321', /too easy to guess/],
    ['a common password with digits', 'password12345678', /too easy to guess/],
    ['a repeated common word', 'passwordpassword', /too easy to guess/],
    ['one repeated character', 'aaaaaaaaaaaaaaaa', /too easy to guess/],
    ['a keyboard walk', 'qwertyuiopasdfgh', /too easy to guess/],
    ['a sequence', 'abcdefghijklmnop', /too easy to guess/],
    ['the user name', 'my name is NAME and I rock', /user name/],
    ['the email', 'EMAIL is my password!', /email/],
  ])('refuses %s, with no composition rules otherwise', async (_label, template, message) => {
    const userName = uniqueName('pw');
    const email = `${uniqueName('inbox')}@example.test`;
    const password = template.replace('NAME', userName).replace('EMAIL', email).padEnd(15, '!');
    const res = await post('/api/auth/local/signup', { userName, fullName: 'Pw', email, password });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields.password).toMatch(message);
    // A long passphrase of plain lower-case words is accepted: no composition rules.
    const ok = await post('/api/auth/local/signup', { userName, fullName: 'Pw', email, password: 'velvet tugboat under moonlight' });
    expect(ok.statusCode).toBe(201);
  });

  it('verifies once with the mailed signature; a used or expired signature answers a clear failure', async () => {
    const { app, db } = ctx();
    const { userName, email } = await signUp(app);
    const unverified = await signIn(app, userName);
    expect(unverified.statusCode).toBe(403);
    expect(unverified.json()).toMatchObject({ status: false, code: 'EMAIL_NOT_VERIFIED' });
    expect(unverified.json().msg).toMatch(/Resend/i);

    const signature = await latestMailLink(db, email, 'signature');
    const ok = await post('/api/sendgrid/verify', { signature });
    expect(ok.json()).toEqual({ status: true, msg: expect.stringMatching(/verified/), data: { email } });
    const again = await post('/api/sendgrid/verify', { signature });
    expect(again.statusCode).toBe(422);
    expect(again.json()).toMatchObject({ status: false, msg: expect.stringMatching(/already been used/) });
    expect((await signIn(app, email)).statusCode).toBe(200);

    const second = await signUp(app);
    const stale = await latestMailLink(db, second.email, 'signature');
    await db.kysely.updateTable('email_token').set({ expires_at: Date.now() - 1 }).where('used_at', 'is', null).execute();
    const expired = await post('/api/sendgrid/verify', { signature: stale });
    expect(expired.statusCode).toBe(422);
    expect(expired.json().msg).toMatch(/expired/);
    const bogus = await post('/api/sendgrid/verify', { signature: 'x'.repeat(43) });
    expect(bogus.json()).toMatchObject({ status: false, msg: expect.stringMatching(/not valid/) });
  });

  it('resend answers the same for unknown, verified and unverified emails, and sends only where needed', async () => {
    const { app, db } = ctx();
    const { email } = await signUp(app);
    const ask = (e: string) => app.inject({ method: 'GET', url: `/api/sendgrid/ResendVerify?email=${encodeURIComponent(e)}`, remoteAddress: freshIp() });
    const known = await ask(email);
    const unknown = await ask('nobody-here@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(known.json()).toEqual(unknown.json());
    const mails = await db.kysely.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();
    expect(mails).toHaveLength(2);
    // the newest link replaces the older one
    const newest = await latestMailLink(db, email, 'signature');
    expect((await post('/api/sendgrid/verify', { signature: newest })).statusCode).toBe(200);
  });

  it('limits mail requests: silently per email, with 429 per address', async () => {
    const { app, db } = ctx();
    const { email } = await signUp(app);
    const ip = freshIp();
    const ask = () => app.inject({ method: 'GET', url: `/api/sendgrid/ResendVerify?email=${encodeURIComponent(email)}`, remoteAddress: ip });
    for (let i = 0; i < 5; i++) expect((await ask()).statusCode).toBe(200);
    const mails = await db.kysely.selectFrom('mail_outbox').select('id').where('to_address', '=', email).execute();
    expect(mails).toHaveLength(1 + 3);
    let last = await ask();
    for (let i = 0; i < 20 && last.statusCode === 200; i++) last = await ask();
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    const bad = await app.inject({ method: 'GET', url: '/api/sendgrid/ResendVerify?email=nope', remoteAddress: freshIp() });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields.email).toBeDefined();
  });
});
