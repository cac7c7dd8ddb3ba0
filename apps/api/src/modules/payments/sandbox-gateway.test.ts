import { SANDBOX_CARDS } from '@parmeta/contracts';
import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { SandboxGateway } from './sandbox-gateway.js';

describeEachDb('sandbox gateway charges', (ctx) => {
  const card = (gateway: SandboxGateway, number: string) => gateway.tokenize({ number, expMonth: 12, expYear: new Date().getFullYear() + 1, cvc: '123', holderName: 'Buyer' });
  const charge = (gateway: SandboxGateway, token: string, idempotencyKey: string, amount = 1_250) => gateway.charge({ token, amount, currency: 'USD', reference: 'ORD-TEST', idempotencyKey });

  it('charges a card once per key: a retry answers the first charge with its card, whatever card it names now', async () => {
    const gateway = new SandboxGateway(ctx().db);
    const good = await card(gateway, SANDBOX_CARDS.success);
    const declined = await card(gateway, SANDBOX_CARDS.declined);
    const first = await charge(gateway, good.token, `key-${good.token}`);
    expect(first).toMatchObject({ status: 'succeeded', last4: good.last4 });
    expect(await charge(gateway, good.token, `key-${good.token}`)).toEqual(first);
    // The same key with another card is still the first charge, not a new one on the other card.
    expect(await charge(gateway, declined.token, `key-${good.token}`)).toEqual(first);
    const rows = await ctx().db.kysely.selectFrom('gateway_charge').select('id').where('idempotency_key', '=', `key-${good.token}`).execute();
    expect(rows).toHaveLength(1);
  });

  it('answers a decline, an unknown card and a processing error with their messages, and a retry the same', async () => {
    const gateway = new SandboxGateway(ctx().db);
    const declined = await card(gateway, SANDBOX_CARDS.declined);
    const refused = await charge(gateway, declined.token, `key-${declined.token}`);
    expect(refused).toMatchObject({ status: 'declined', message: 'The card was declined by the bank.' });
    expect(await charge(gateway, declined.token, `key-${declined.token}`)).toEqual(refused);
    expect(await charge(gateway, 'tok_nobody', 'key-nobody')).toMatchObject({ status: 'declined', message: 'The card is not known to the payment gateway.' });
    const failing = await card(gateway, SANDBOX_CARDS.gatewayError);
    expect(await charge(gateway, failing.token, `key-${failing.token}`)).toMatchObject({ status: 'error' });
  });
});
