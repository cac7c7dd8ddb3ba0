import { MARKET_FILTER_DEFAULTS, type UserDetail } from '@parmeta/contracts';
import { create } from 'zustand';
import { createJSONStorage, persist, type StateStorage } from 'zustand/middleware';
import { isStoredCartLine, STORE_NAME, STORE_VERSION } from './session-keys';
import { browserStorage } from './storage';

/**
 * The client store of the original: session expiry, user detail, cart and shipping, the
 * order card, the market list and the layout flag. Server data proper lives in TanStack
 * Query; this store holds what the browser owns.
 *
 * Persistence: only the token expiries, the user detail and the cart reach localStorage
 * (see `persistedPart`). The access token string stays in memory, the refresh token never
 * reaches JavaScript at all (httpOnly cookie), and the order card is never stored.
 */

export { STORE_NAME, STORE_VERSION };

/** Epoch milliseconds; null when unknown. */
type Expiry = number | null;

export interface TokenState {
  accessToken: { token: string | null; expire: Expiry };
  refreshToken: { expire: Expiry };
}

/** What a sign-in or refresh answers, ready to store. */
export interface SessionTokens {
  accessToken: { token: string; expire: number };
  refreshToken: { expire: number };
}

/** The user detail of the contract (POST /user/detail and the sign-in answer). */
export type { UserDetail };

export interface CartLine {
  id: string;
  qty: number;
}

export interface Shipping {
  shipping_name: string;
  shipping_email: string;
  shipping_contact: string;
  shipping_district: string;
  shipping_subDistrict: string;
  shipping_zip: string;
  shipping_country: { label: string; value: string };
  shipping_address1: string;
  shipping_address2: string;
  shipping_state: string;
}

export interface Cart {
  list: CartLine[];
  /**
   * Whose server cart this list mirrors (features/cart, cart sync): cartOwnerKey(userName), or
   * '' for a cart changed without a session, which the next sign-in merges into the account's cart.
   */
  owner: string;
  /** The server cart's version this list last matched; a copy with a higher one is newer. */
  version: number;
  note: string;
  orderNo: string;
  shipping: Shipping;
}

export interface OrderCard {
  price: number | null;
  Type: string;
  user_id: string;
}

export interface MarketFilter {
  search: string;
  category: string;
  priceFr: number | null;
  priceTo: number | null;
}

export interface MarketState {
  products: { id: string }[];
  filter: MarketFilter;
}

export interface SessionData {
  token: TokenState;
  user: UserDetail | null;
  cart: Cart;
  orderCard: OrderCard;
  market: MarketState;
  layout: { fixedHeader: boolean };
}

export interface SessionActions {
  setTokens(tokens: SessionTokens): void;
  resetTokens(): void;
  setUser(detail: Partial<UserDetail>): void;
  resetUser(): void;
  setCartQty(id: string, qty: number): void;
  /** The server's cart for `owner` (cart sync): replaces the list without counting as a change to send. */
  setServerCart(owner: string, list: CartLine[], version: number): void;
  setCartNote(note: string): void;
  setOrderNo(orderNo: string): void;
  resetCart(): void;
  setShipping(shipping: Partial<Shipping>): void;
  resetShipping(): void;
  setOrderCard(card: OrderCard): void;
  resetOrderCard(): void;
  setMarketProducts(products: MarketState['products']): void;
  setMarketFilter(filter: Partial<MarketFilter>): void;
  resetMarket(): void;
  setFixedHeader(fixed: boolean): void;
  /** Sign-out and expired sessions: every reset at once. */
  signOutAll(): void;
}

export type SessionState = SessionData & SessionActions;

const initialTokens = (): TokenState => ({ accessToken: { token: null, expire: null }, refreshToken: { expire: null } });

export const emptyUser = (): UserDetail => ({
  userName: '',
  fullName: '',
  avatar: null,
  email: '',
  memberClass: 'standard',
  memberProgress: { lifetimeSpend: 0, discountPercent: 0, pointsMultiplier: 1, next: null },
  parAmount: 0,
  walletId: '',
  role: 'user',
  address: [],
  allCard: [],
});

export const initialShipping = (): Shipping => ({
  shipping_name: '',
  shipping_email: '',
  shipping_contact: '',
  shipping_district: '',
  shipping_subDistrict: '',
  shipping_zip: '',
  shipping_country: { label: '', value: '' },
  shipping_address1: '',
  shipping_address2: '',
  shipping_state: '',
});

const initialCart = (): Cart => ({ list: [], owner: '', version: 0, note: '', orderNo: '', shipping: initialShipping() });

/**
 * The cart's owner as storage keeps it: a hash of the userName, not the name, since a session
 * that ends leaves nothing in storage that names its user (the original clears the user detail).
 */
export function cartOwnerKey(userName: string): string {
  let hash = 5381;
  for (let i = 0; i < userName.length; i++) hash = ((hash * 33) ^ userName.charCodeAt(i)) >>> 0;
  return `u${hash.toString(36)}`;
}

/** A session exists while the refresh token is unexpired. */
const hasSession = (s: SessionData) => (s.token.refreshToken.expire ?? 0) > Date.now();
const initialOrderCard = (): OrderCard => ({ price: null, Type: '', user_id: '' });
const initialMarket = (): MarketState => ({ products: [], filter: { ...MARKET_FILTER_DEFAULTS } });

export const initialData = (): SessionData => ({
  token: initialTokens(),
  user: null,
  cart: initialCart(),
  orderCard: initialOrderCard(),
  market: initialMarket(),
  layout: { fixedHeader: false },
});

/**
 * The cart rule of the original: a quantity below 1 removes the line, a known id gets the
 * new quantity, an unknown id is appended. Quantities are whole numbers.
 */
export function setLineQty(list: readonly CartLine[], id: string, qty: number): CartLine[] {
  const whole = Math.floor(qty);
  if (!(whole >= 1)) return list.filter((line) => line.id !== id);
  if (list.some((line) => line.id === id)) return list.map((line) => (line.id === id ? { ...line, qty: whole } : line));
  return [...list, { id, qty: whole }];
}

/** Exactly what may reach browser storage. Everything else is memory only. */
export function persistedPart(state: SessionData) {
  return {
    token: {
      accessToken: { expire: state.token.accessToken.expire },
      refreshToken: { expire: state.token.refreshToken.expire },
    },
    user: state.user,
    cart: state.cart,
  };
}

type Persisted = ReturnType<typeof persistedPart>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const expiryOf = (value: unknown): Expiry => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/**
 * Storage is user-editable and may hold an older shape: take only well-formed fields and
 * fall back to the initial state for the rest, so a bad entry cannot crash the app.
 */
function mergePersisted(stored: unknown, current: SessionState): SessionState {
  if (!isRecord(stored)) return current;
  const { token, user, cart } = stored as Partial<Record<keyof Persisted, unknown>>;
  const tokens = isRecord(token) ? token : {};
  const access = isRecord(tokens.accessToken) ? tokens.accessToken : {};
  const refresh = isRecord(tokens.refreshToken) ? tokens.refreshToken : {};
  const storedCart = isRecord(cart) ? cart : {};
  const lines = Array.isArray(storedCart.list) ? storedCart.list : [];
  return {
    ...current,
    token: {
      accessToken: { token: current.token.accessToken.token, expire: expiryOf(access.expire) },
      refreshToken: { expire: expiryOf(refresh.expire) },
    },
    user: isRecord(user) ? { ...emptyUser(), ...(user as Partial<UserDetail>) } : null,
    cart: {
      ...initialCart(),
      ...(typeof storedCart.note === 'string' ? { note: storedCart.note } : {}),
      ...(typeof storedCart.orderNo === 'string' ? { orderNo: storedCart.orderNo } : {}),
      ...(typeof storedCart.owner === 'string' ? { owner: storedCart.owner } : {}),
      ...(typeof storedCart.version === 'number' && Number.isFinite(storedCart.version) ? { version: storedCart.version } : {}),
      list: lines.filter(isStoredCartLine),
      shipping: { ...initialShipping(), ...(isRecord(storedCart.shipping) ? (storedCart.shipping as Partial<Shipping>) : {}) },
    },
  };
}

export function createSessionStore(getStorage: () => StateStorage) {
  return create<SessionState>()(
    persist(
      (set) => ({
        ...initialData(),
        setTokens: (tokens) =>
          set({
            token: {
              accessToken: { token: tokens.accessToken.token, expire: tokens.accessToken.expire },
              refreshToken: { expire: tokens.refreshToken.expire },
            },
          }),
        resetTokens: () => set({ token: initialTokens() }),
        setUser: (detail) => set((s) => ({ user: { ...(s.user ?? emptyUser()), ...detail } })),
        resetUser: () => set({ user: null }),
        // Changed without a session, the cart is nobody's yet: the next sign-in merges it in.
        setCartQty: (id, qty) => set((s) => ({ cart: { ...s.cart, list: setLineQty(s.cart.list, id, qty), owner: hasSession(s) ? s.cart.owner : '' } })),
        setServerCart: (owner, list, version) => set((s) => ({ cart: { ...s.cart, owner, list, version } })),
        setCartNote: (note) => set((s) => ({ cart: { ...s.cart, note } })),
        setOrderNo: (orderNo) => set((s) => ({ cart: { ...s.cart, orderNo } })),
        // Emptying the cart after an order keeps the shipping details for the next one.
        resetCart: () => set((s) => ({ cart: { ...initialCart(), owner: s.cart.owner, version: s.cart.version, shipping: s.cart.shipping } })),
        setShipping: (shipping) => set((s) => ({ cart: { ...s.cart, shipping: { ...s.cart.shipping, ...shipping } } })),
        resetShipping: () => set((s) => ({ cart: { ...s.cart, shipping: initialShipping() } })),
        setOrderCard: (orderCard) => set({ orderCard }),
        resetOrderCard: () => set({ orderCard: initialOrderCard() }),
        setMarketProducts: (products) => set((s) => ({ market: { ...s.market, products } })),
        setMarketFilter: (filter) => set((s) => ({ market: { ...s.market, filter: { ...s.market.filter, ...filter } } })),
        resetMarket: () => set({ market: initialMarket() }),
        setFixedHeader: (fixedHeader) => set({ layout: { fixedHeader } }),
        // One update rather than six, so subscribers never see a half-cleared session.
        // The layout flag is a display preference, not session data: it stays.
        signOutAll: () =>
          set({ token: initialTokens(), user: null, cart: initialCart(), orderCard: initialOrderCard(), market: initialMarket() }),
      }),
      {
        name: STORE_NAME,
        version: STORE_VERSION,
        storage: createJSONStorage(getStorage),
        partialize: persistedPart,
        merge: mergePersisted,
        // No earlier version exists: anything else in storage is discarded, not guessed at.
        migrate: () => ({}),
      },
    ),
  );
}

export type SessionStore = ReturnType<typeof createSessionStore>;

export const useSessionStore = createSessionStore(browserStorage);

/** Resolves once the stored state has loaded, or after `timeoutMs` whatever happens. */
export function whenHydrated(store: SessionStore, timeoutMs: number): Promise<void> {
  if (store.persist.hasHydrated()) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, timeoutMs);
    const unsubscribe = store.persist.onFinishHydration(done);
    function done() {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    }
  });
}

/**
 * The refresh-token expiry as it is in storage now, which another tab may have written
 * since this tab loaded (zustand does not sync tabs). null when there is none.
 */
export function storedRefreshExpiry(store: SessionStore = useSessionStore): Expiry {
  try {
    const stored = store.persist.getOptions().storage?.getItem(STORE_NAME);
    if (!stored || 'then' in stored) return null;
    const state: unknown = stored.state;
    const token = isRecord(state) && isRecord(state.token) ? state.token : {};
    return expiryOf(isRecord(token.refreshToken) ? token.refreshToken.expire : null);
  } catch {
    return null;
  }
}

/** A session exists while the refresh token (held in the httpOnly cookie) is unexpired. */
export const useIsSignedIn = () => useSessionStore(hasSession);

export const useCartCount = () => useSessionStore((s) => s.cart.list.reduce((sum, line) => sum + line.qty, 0));
