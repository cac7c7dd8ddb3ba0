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
