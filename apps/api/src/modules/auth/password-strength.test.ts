import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { freshIp, uniqueName } from '../../../test/auth-helpers.js';

describeEachDb('the new-password verdict (strength meter)', (ctx) => {
  const rate = (payload: object, remoteAddress = freshIp()) => ctx().app.inject({ method: 'POST', url: '/api/auth/password-strength', payload, remoteAddress });

  it('answers the verdict sign-up then applies: same acceptance, same message', async () => {
    for (const password of ['password12345678', 'passwordpassword', 'qwertyuiopasdfgh', 'Velvet-Tugboat-Under-Moonlight', 'johnsmith1985!!!']) {
      const userName = uniqueName('meter');
      const email = `${userName}@example.test`;
      const verdict = (await rate({ password, userName, email, fullName: 'Meter Test' })).json().data;
      const signUp = await ctx().app.inject({ method: 'POST', url: '/api/auth/local/signup', payload: { userName, fullName: 'Meter Test', email, password }, remoteAddress: freshIp() });
      expect(signUp.statusCode, password).toBe(verdict.ok ? 201 : 400);
      if (!verdict.ok) expect(signUp.json().fields.password, password).toBe(verdict.message);
    }
  });

  it('scores guessable passwords low and passphrases high, with advice in words', async () => {
    const weak = (await rate({ password: 'password12345678' })).json().data;
    expect(weak).toMatchObject({ ok: false, message: expect.stringMatching(/too easy to guess/) });
    expect(weak.score).toBeLessThan(3);
    expect(weak.suggestions.length).toBeGreaterThan(0);
    const strong = (await rate({ password: 'velvet tugboat under moonlight' })).json().data;
    expect(strong).toMatchObject({ ok: true, message: null });
    expect(strong.score).toBeGreaterThanOrEqual(3);
  });

  it("refuses a password built from the account's own name or email", async () => {
    expect((await rate({ password: 'zanzibar-quokka-1999', userName: 'quokka' })).json().data).toMatchObject({ ok: false, message: 'must not contain your user name' });
    expect((await rate({ password: 'my.inbox@example.test!!', email: 'my.inbox@example.test' })).json().data).toMatchObject({ ok: false, message: 'must not contain your email address' });
  });

  it.each([[{}], [{ password: 7 }], [{ password: 'x'.repeat(129) }], [{ password: 'fine-enough-words', admin: true }], [{ password: 'a', userName: 'x'.repeat(33) }]])('answers 400 naming the field: %j', async (payload) => {
    const res = await rate(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: false, code: 'BAD_REQUEST' });
  });

  it('is rate limited per address', async () => {
    const ip = freshIp();
    const answers = [];
    for (let i = 0; i < 121; i++) answers.push((await rate({ password: 'x' }, ip)).statusCode);
    expect(answers.slice(0, 120).every((s) => s === 200)).toBe(true);
    expect(answers[120]).toBe(429);
  });
});
