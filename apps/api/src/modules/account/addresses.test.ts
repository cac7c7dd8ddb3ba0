import { expect, it } from 'vitest';
import { describeEachDb } from '../../../test/helpers.js';
import { signedInUser } from '../../../test/auth-helpers.js';

export const ADDRESS = {
  recipientName: 'Somchai Jaidee',
  contactPhone: '+66812345678',
  address1: '99 Sukhumvit Road',
  address2: 'Floor 3',
  district: 'Watthana',
  subDistrict: 'Khlong Toei Nuea',
  state: 'Bangkok',
  zip: '10110',
  country: { value: 'th', label: 'whatever the client says' },
};

describeEachDb('address book', (ctx) => {
  const call = (path: string, auth: Record<string, string>, payload: object) => ctx().app.inject({ method: 'POST', url: `/api${path}`, headers: auth, payload });
  type User = Awaited<ReturnType<typeof signedInUser>>;
  const add = async (u: User, extra: object = {}) => {
    const res = await call('/user/add_user_address', u.auth, { ...ADDRESS, user_id: u.userName, ...extra });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data as { address_id: number; isMain: boolean };
  };
  const list = async (u: User) => (await call('/user/search_all_address', u.auth, { user_id: u.userName })).json().data as { address_id: number; isMain: boolean; recipientName: string }[];
  const mainIds = async (u: User) => (await list(u)).filter((a) => a.isMain).map((a) => a.address_id);

  it('keeps exactly one main address through add, change and delete', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    expect((await call('/ecommerce/select_main_address', u.auth, { user_id: u.userName })).json().data).toBeNull();
    const first = await add(u);
    expect(first).toMatchObject({ isMain: true, user_id: u.userName, country: { value: 'TH', label: 'Thailand' } });
    const second = await add(u, { recipientName: 'Second Person' });
    expect(second.isMain).toBe(false);
    const third = await add(u, { recipientName: 'Third Person', isMain: true });
    expect(await mainIds(u)).toEqual([third.address_id]);

    const changed = await call('/user/change_main_address', u.auth, { user_id: u.userName, address_id: second.address_id });
    expect(changed.json().data.isMain).toBe(true);
    expect(await mainIds(u)).toEqual([second.address_id]);
    expect((await call('/ecommerce/select_main_address', u.auth, { user_id: u.userName })).json().data.address_id).toBe(second.address_id);

    const del = await call('/user/del_user_address', u.auth, { user_id: u.userName, address_id: second.address_id });
    expect(del.statusCode).toBe(200);
    expect(await mainIds(u)).toEqual([first.address_id]); // the oldest remaining is promoted
    await call('/user/del_user_address', u.auth, { user_id: u.userName, address_id: first.address_id });
    expect(await mainIds(u)).toEqual([third.address_id]);
    await call('/user/del_user_address', u.auth, { user_id: u.userName, address_id: third.address_id });
    expect(await list(u)).toEqual([]);
  });

  it('edits and reads one address; the user detail lists them', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    const a = await add(u);
    const edited = await call('/user/edit_useraddress', u.auth, { ...ADDRESS, address_id: a.address_id, zip: '10330', address2: '' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data).toMatchObject({ zip: '10330', address2: '', isMain: true });
    const one = await call('/user/seach_user_address', u.auth, { user_id: u.userName, address_id: a.address_id });
    expect(one.json().data.zip).toBe('10330');
    const detail = await call('/user/detail', u.auth, { user_id: u.userName });
    expect(detail.json().data.address).toHaveLength(1);
  });

  it('labels addresses (Home by default, Office, or the member’s own word)', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    expect((await add(u)) as unknown).toMatchObject({ label: 'Home' });
    expect((await add(u, { label: '  Office ' })) as unknown).toMatchObject({ label: 'Office' });
    expect((await add(u, { label: 'Grandma’s farm' })) as unknown).toMatchObject({ label: 'Grandma’s farm' });
    const long = await call('/user/add_user_address', u.auth, { ...ADDRESS, user_id: u.userName, label: 'x'.repeat(41) });
    expect(long.statusCode).toBe(400);
    expect(long.json().fields.label).toMatch(/at most 40/);
  });

  it.each([
    ['a US address without a state', { country: { value: 'US' }, district: 'Springfield', state: '', zip: '62701' }, { state: 'is required' }],
    ['a US ZIP code that is not one', { country: { value: 'US' }, district: 'Springfield', state: 'IL', zip: 'ABC12' }, { zip: /not valid here \(for example 94016\)/ }],
    ['a UK postcode that is not one', { country: { value: 'GB' }, district: 'London', state: '', zip: '12345' }, { zip: /for example SW1A 1AA/ }],
    ['a Thai address without its province', { state: '' }, { state: 'is required' }],
    ['a Thai postal code of 4 digits', { zip: '1011' }, { zip: /not valid here/ }],
  ])('refuses %s with the country’s words', async (_label, patch, expected) => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    const res = await call('/user/add_user_address', u.auth, { ...ADDRESS, user_id: u.userName, ...patch });
    expect(res.statusCode).toBe(400);
    for (const [field, message] of Object.entries(expected)) expect(res.json().fields[field]).toMatch(message);
    expect(await list(u)).toEqual([]);
  });

  it('stores an address the country’s way: UK postcode written with its space, parts the country does not use dropped', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    const uk = (await add(u, { country: { value: 'gb' }, subDistrict: 'ignored', district: 'London', state: 'Greater London', zip: 'sw1a1aa' })) as unknown as Record<string, unknown>;
    expect(uk).toMatchObject({ subDistrict: '', district: 'London', state: 'Greater London', zip: 'SW1A 1AA', country: { value: 'GB', label: 'United Kingdom' } });
    const ukNoCounty = (await add(u, { country: { value: 'GB' }, subDistrict: '', district: 'Leeds', state: '', zip: 'LS1 4AP' })) as unknown as Record<string, unknown>;
    expect(ukNoCounty).toMatchObject({ state: '', zip: 'LS1 4AP' });
    const us = (await add(u, { country: { value: 'US' }, subDistrict: 'nope', district: 'San Francisco', state: 'CA', zip: '94105-1234' })) as unknown as Record<string, unknown>;
    expect(us).toMatchObject({ subDistrict: '', state: 'CA', zip: '94105-1234' });
  });

  it('stops at 20 addresses with a clear message', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    for (let i = 0; i < 20; i++) await add(u, { recipientName: `Person ${i}` });
    const res = await call('/user/add_user_address', u.auth, { ...ADDRESS, user_id: u.userName });
    expect(res.statusCode).toBe(422);
    expect(res.json().msg).toMatch(/at most 20/);
    expect(await list(u)).toHaveLength(20);
  });

  it('concurrent first additions still leave exactly one main address', async () => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    const results = await Promise.all(Array.from({ length: 8 }, (_, i) => call('/user/add_user_address', u.auth, { ...ADDRESS, user_id: u.userName, recipientName: `P${i}` })));
    expect(results.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    expect(await mainIds(u)).toHaveLength(1);
  });

  it.each([
    [{ recipientName: '' }, 'recipientName'],
    [{ contactPhone: '12345' }, 'contactPhone'],
    [{ address1: ' ' }, 'address1'],
    [{ zip: '!' }, 'zip'],
    [{ country: { value: 'XX', label: 'Nowhere' } }, 'country.value'],
    [{ country: 'TH' }, 'country'],
    [{ district: undefined }, 'district'],
  ])('refuses bad input with 400 naming the field and stores nothing: %j', async (patch, field) => {
    const { app, db } = ctx();
    const u = await signedInUser(app, db);
    const res = await call('/user/add_user_address', u.auth, { ...ADDRESS, user_id: u.userName, ...patch });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fields)).toContain(field);
    expect(await list(u)).toEqual([]);
  });

  it("never reads or changes another user's addresses", async () => {
    const { app, db } = ctx();
    const alice = await signedInUser(app, db, 'alice');
    const bob = await signedInUser(app, db, 'bob');
    const mine = await add(bob);
    await add(bob, { recipientName: 'Bob Second' });
    const before = await list(bob);
    const attempts = [
      call('/user/seach_user_address', alice.auth, { user_id: alice.userName, address_id: mine.address_id }),
      call('/user/edit_useraddress', alice.auth, { ...ADDRESS, recipientName: 'Mallory', address_id: mine.address_id }),
      call('/user/del_user_address', alice.auth, { user_id: alice.userName, address_id: mine.address_id }),
      call('/user/change_main_address', alice.auth, { user_id: alice.userName, address_id: before[1]!.address_id }),
    ];
    for (const res of await Promise.all(attempts)) {
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('Somchai');
    }
    for (const [path, body] of [
      ['/user/search_all_address', { user_id: bob.userName }],
      ['/user/add_user_address', { ...ADDRESS, user_id: bob.userName }],
      ['/ecommerce/select_main_address', { user_id: bob.userName }],
      ['/user/edit_useraddress', { ...ADDRESS, address_id: mine.address_id, user_id: bob.userName }],
    ] as const) {
      const res = await call(path, alice.auth, body);
      expect(res.statusCode, path).toBe(403);
    }
    expect(await list(bob)).toEqual(before);
    expect(await list(alice)).toEqual([]);
  });
});
