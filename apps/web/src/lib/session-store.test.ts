import { describe, expect, it } from 'vitest';
import { cartOwnerKey, createSessionStore, persistedPart, setLineQty, STORE_NAME, STORE_VERSION, storedRefreshExpiry } from './session-store';
import { memoryStorage } from './storage';

const HOUR = 3_600_000;

describe('cart rules (setLineQty)', () => {
  const list = [
    { id: 'a', qty: 1 },
    { id: 'b', qty: 2 },
  ];

  it('appends an unknown id', () => {
    expect(setLineQty(list, 'c', 3)).toEqual([...list, { id: 'c', qty: 3 }]);
  });

  it('updates the qty of an existing id in place', () => {
    expect(setLineQty(list, 'a', 5)).toEqual([
      { id: 'a', qty: 5 },
      { id: 'b', qty: 2 },
    ]);
  });

  it.each([0, -1, 0.5, Number.NaN])('removes the line when qty is %s (below 1)', (qty) => {
    expect(setLineQty(list, 'b', qty)).toEqual([{ id: 'a', qty: 1 }]);
  });

  it('does not add an unknown id with a qty below 1', () => {
    expect(setLineQty(list, 'z', 0)).toEqual(list);
  });

  it('never mutates the list it is given', () => {
    const frozen = Object.freeze(list.map((l) => Object.freeze({ ...l })));
    expect(() => setLineQty(frozen, 'a', 4)).not.toThrow();
    expect(frozen[0]).toEqual({ id: 'a', qty: 1 });
  });

  it('works through the store action', () => {
    const store = createSessionStore(memoryStorage);
    store.getState().setCartQty('p1', 2);
    store.getState().setCartQty('p2', 1);
    store.getState().setCartQty('p1', 4);
    store.getState().setCartQty('p2', 0);
    expect(store.getState().cart.list).toEqual([{ id: 'p1', qty: 4 }]);
  });
});

describe('persistence', () => {
  function signedInStore() {
    const storage = memoryStorage();
    const store = createSessionStore(() => storage);
    const now = Date.now();
    store.getState().setTokens({ accessToken: { token: 'secret.access.jwt', expire: now + HOUR / 4 }, refreshToken: { expire: now + 168 * HOUR } });
    store.getState().setUser({ userName: 'alice', fullName: 'Alice', email: 'alice@example.com', parAmount: 12.5 });
    store.getState().setCartQty('p1', 2);
    store.getState().setShipping({ shipping_name: 'Alice', shipping_zip: '10110' });
    store.getState().setOrderCard({ price: 99, Type: 'nft', user_id: 'alice' });
    store.getState().setMarketProducts([{ id: 'n1' }]);
    return { storage, store, now };
  }

  it('writes the token expiries, the user and the cart, and nothing else', () => {
    const { storage, now } = signedInStore();
    const raw = storage.dump()[STORE_NAME];
    expect(raw).toBeDefined();
    const saved = JSON.parse(raw ?? '{}') as { version: number; state: Record<string, unknown> };
    expect(saved.version).toBe(STORE_VERSION);
    expect(Object.keys(saved.state).sort()).toEqual(['cart', 'token', 'user']);
    expect(saved.state.token).toEqual({ accessToken: { expire: now + HOUR / 4 }, refreshToken: { expire: now + 168 * HOUR } });
  });

  it('never writes the access token string or the order card', () => {
    const { storage } = signedInStore();
    const everything = JSON.stringify(storage.dump());
    expect(everything).not.toContain('secret.access.jwt');
    expect(everything).not.toContain('orderCard');
    expect(everything).not.toContain('"Type"');
    expect(everything).not.toContain('market');
  });

  it('partialize picks only allowed keys', () => {
    const { store } = signedInStore();
    const part = persistedPart(store.getState());
    expect(Object.keys(part).sort()).toEqual(['cart', 'token', 'user']);
    expect(part.token.accessToken).not.toHaveProperty('token');
  });

  it('restores what it wrote into a new store, without the access token', () => {
    const { storage, now } = signedInStore();
    const reloaded = createSessionStore(() => storage);
    const state = reloaded.getState();
    expect(reloaded.persist.hasHydrated()).toBe(true);
    expect(state.token).toEqual({ accessToken: { token: null, expire: now + HOUR / 4 }, refreshToken: { expire: now + 168 * HOUR } });
    expect(state.user?.userName).toBe('alice');
    expect(state.cart.list).toEqual([{ id: 'p1', qty: 2 }]);
    expect(state.cart.shipping.shipping_zip).toBe('10110');
    expect(state.orderCard).toEqual({ price: null, Type: '', user_id: '' });
    expect(state.market.products).toEqual([]);
  });

  it('survives malformed storage content', () => {
    const storage = memoryStorage();
    storage.setItem(
      STORE_NAME,
      JSON.stringify({ version: STORE_VERSION, state: { token: { refreshToken: { expire: 'soon' } }, user: 'bob', cart: { list: [{ id: 1 }, { id: 'ok', qty: 1 }], shipping: null } } }),
    );
    const state = createSessionStore(() => storage).getState();
    expect(state.token.refreshToken.expire).toBeNull();
    expect(state.user).toBeNull();
    expect(state.cart.list).toEqual([{ id: 'ok', qty: 1 }]);
    expect(state.cart.shipping.shipping_name).toBe('');
  });

  it('reads the refresh expiry another tab wrote, not this store\'s copy', () => {
    const { storage, store, now } = signedInStore();
    expect(storedRefreshExpiry(store)).toBe(now + 168 * HOUR);
    const other = createSessionStore(() => storage);
    other.getState().setTokens({ accessToken: { token: 't', expire: now + HOUR }, refreshToken: { expire: now + 200 * HOUR } });
    expect(storedRefreshExpiry(store)).toBe(now + 200 * HOUR);
    expect(store.getState().token.refreshToken.expire).toBe(now + 168 * HOUR);
    other.getState().signOutAll();
    expect(storedRefreshExpiry(store)).toBeNull();
  });

  it('discards state written by another version', () => {
    const storage = memoryStorage();
    storage.setItem(STORE_NAME, JSON.stringify({ version: 0, state: { user: { userName: 'old' } } }));
    expect(createSessionStore(() => storage).getState().user).toBeNull();
  });
});

describe('reset actions', () => {
  it('signOutAll clears the session, cart, order card and market but keeps the layout flag', () => {
    const store = createSessionStore(memoryStorage);
    const s = store.getState();
    s.setTokens({ accessToken: { token: 't', expire: 1 }, refreshToken: { expire: 2 } });
    s.setUser({ userName: 'alice' });
    s.setCartQty('p1', 1);
    s.setOrderCard({ price: 1, Type: 'fiat', user_id: 'alice' });
    s.setMarketFilter({ search: 'cat', priceFr: 1 });
    s.setFixedHeader(true);
    store.getState().signOutAll();
    const after = store.getState();
    expect(after.token).toEqual({ accessToken: { token: null, expire: null }, refreshToken: { expire: null } });
    expect(after.user).toBeNull();
    expect(after.cart.list).toEqual([]);
    expect(after.orderCard.price).toBeNull();
    expect(after.market.filter).toEqual({ search: '', category: 'all', priceFr: null, priceTo: null });
    expect(after.layout.fixedHeader).toBe(true);
  });

  it('resetCart keeps the shipping details; resetShipping clears only them', () => {
    const store = createSessionStore(memoryStorage);
    store.getState().setCartQty('p1', 1);
    store.getState().setShipping({ shipping_name: 'Alice' });
    store.getState().resetCart();
    expect(store.getState().cart.list).toEqual([]);
    expect(store.getState().cart.shipping.shipping_name).toBe('Alice');
    store.getState().setCartQty('p2', 1);
    store.getState().resetShipping();
    expect(store.getState().cart.shipping.shipping_name).toBe('');
    expect(store.getState().cart.list).toEqual([{ id: 'p2', qty: 1 }]);
  });
});

describe('whose cart (the cart kept per account)', () => {
  it('names the owner by a hash of the user name, never the name itself', () => {
    expect(cartOwnerKey('ada_lovelace')).toBe(cartOwnerKey('ada_lovelace'));
    expect(cartOwnerKey('ada_lovelace')).not.toBe(cartOwnerKey('ada_lovelace2'));
    expect(cartOwnerKey('ada_lovelace')).not.toContain('ada');
  });

  it('a change made without a session makes the cart nobody’s (the next sign-in merges it); with one it stays the owner’s', () => {
    const store = createSessionStore(memoryStorage);
    store.getState().setServerCart(cartOwnerKey('ada'), [{ id: '1', qty: 1 }], 3);
    store.getState().setCartQty('2', 1);
    expect(store.getState().cart).toMatchObject({ owner: '', version: 3, list: [{ id: '1', qty: 1 }, { id: '2', qty: 1 }] });
    store.getState().setTokens({ accessToken: { token: 't', expire: Date.now() + HOUR }, refreshToken: { expire: Date.now() + HOUR } });
    store.getState().setServerCart(cartOwnerKey('ada'), [{ id: '1', qty: 1 }], 4);
    store.getState().setCartQty('1', 2);
    expect(store.getState().cart).toMatchObject({ owner: cartOwnerKey('ada'), version: 4, list: [{ id: '1', qty: 2 }] });
    // Emptied after an order, it is still the owner's cart at that version.
    store.getState().resetCart();
    expect(store.getState().cart).toMatchObject({ owner: cartOwnerKey('ada'), version: 4, list: [] });
  });
});
