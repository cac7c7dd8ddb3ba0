import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_KEY, type EarlyStart } from '@/boot/handoff';
import { useSessionStore } from '@/lib/session-store';
import { REFRESH_LOCK, refreshSession } from './refresh-session';
import { ensureSession } from './session';

const callRoute = vi.hoisted(() => vi.fn());
vi.mock('@/lib/api-client', () => ({ callRoute }));

const NOW = Date.now();
const MINUTE = 60_000;
const renewed = { status: true, msg: 'Session renewed.', data: { accessToken: { token: 'new.jwt', expire: NOW + 15 * MINUTE }, refreshToken: { expire: NOW + 7 * 24 * 60 * MINUTE } } };

function signedIn(access: { token: string | null; expire: number | null }) {
  useSessionStore.getState().signOutAll();
  useSessionStore.setState({ token: { accessToken: access, refreshToken: { expire: NOW + 60 * MINUTE } } });
  useSessionStore.getState().setUser({ userName: 'alice' });
  useSessionStore.getState().setCartQty('p1', 1);
}

/** A LockManager that grants one holder at a time, in order, as the browser's does across tabs. */
function fakeLocks() {
  const held: string[] = [];
  let queue = Promise.resolve();
  const locks = {
    held,
    request: vi.fn((name: string, callback: () => Promise<unknown>) => {
      const turn = queue.then(async () => {
        held.push(name);
        try {
          return await callback();
        } finally {
          held.pop();
        }
      });
      queue = turn.then(
        () => undefined,
        () => undefined,
      );
      return turn;
    }),
  };
  return locks;
}

/** Another tab takes the lock; answers the function that lets it go. */
async function holdLock(locks: ReturnType<typeof fakeLocks>): Promise<() => void> {
  let release = () => {};
  const granted = new Promise<void>((onGranted) => {
    void locks.request(REFRESH_LOCK, () => {
      onGranted();
      return new Promise<void>((resolve) => (release = resolve));
    });
  });
  await granted;
  return () => release();
}

// Braces: a function returned from beforeEach would be run as its teardown.
beforeEach(() => {
  callRoute.mockReset();
});
afterEach(() => vi.unstubAllGlobals());

describe('refreshSession', () => {
  it('sends no bearer (the API would take an expired access token for the refresh token) and shares one call in a tab', async () => {
    signedIn({ token: 'old.jwt', expire: NOW - MINUTE });
    callRoute.mockResolvedValue(renewed);
    const [a, b] = await Promise.all([refreshSession(), refreshSession()]);
    expect(callRoute).toHaveBeenCalledTimes(1);
    expect(callRoute).toHaveBeenCalledWith('refresh', {}, { token: null });
    expect(a).toEqual({ accessToken: { token: 'new.jwt', expire: renewed.data.accessToken.expire }, refreshToken: { expire: renewed.data.refreshToken.expire } });
    expect(b).toBe(a);
  });

  it('answers false for a refused renewal or an answer without a token', async () => {
    signedIn({ token: null, expire: null });
    callRoute.mockResolvedValueOnce({ status: false, msg: 'Your session has ended.', code: 'UNAUTHORIZED' });
    expect(await refreshSession()).toBe(false);
    callRoute.mockResolvedValueOnce({ status: true, msg: 'ok', data: { accessToken: { token: '', expire: 1 }, refreshToken: { expire: 2 } } });
    expect(await refreshSession()).toBe(false);
  });

  it('renews under the cross-tab lock when the browser has Web Locks', async () => {
    signedIn({ token: null, expire: null });
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    callRoute.mockImplementation(() => {
      expect(locks.held).toEqual([REFRESH_LOCK]);
      return Promise.resolve(renewed);
    });
    expect(await refreshSession()).not.toBe(false);
    expect(locks.request).toHaveBeenCalledWith(REFRESH_LOCK, expect.any(Function));
  });

  it('does not call once the lock is granted if another tab ended the session meanwhile', async () => {
    signedIn({ token: null, expire: null });
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    // Another tab holds the lock, and signs out while this tab waits.
    const release = await holdLock(locks);
    const waiting = refreshSession();
    useSessionStore.persist.getOptions().storage?.setItem('parmeta-store', { state: { token: { accessToken: { expire: null }, refreshToken: { expire: null } } }, version: 1 });
    release();
    expect(await waiting).toBe(false);
    expect(callRoute).not.toHaveBeenCalled();
  });

  it('still renews when another tab renewed meanwhile: the cookie it left is the valid, rotated one', async () => {
    signedIn({ token: null, expire: null });
    const locks = fakeLocks();
    vi.stubGlobal('navigator', { locks });
    const release = await holdLock(locks);
    const waiting = refreshSession();
    useSessionStore.persist.getOptions().storage?.setItem('parmeta-store', { state: { token: { accessToken: { expire: null }, refreshToken: { expire: NOW + 90 * MINUTE } } }, version: 1 });
    callRoute.mockResolvedValue(renewed);
    release();
    expect(await waiting).not.toBe(false);
    expect(callRoute).toHaveBeenCalledTimes(1);
  });

  it('takes the renewal the early script sent, once, instead of sending its own', async () => {
    signedIn({ token: null, expire: null });
    const globals = globalThis as { [EARLY_KEY]?: EarlyStart };
    globals[EARLY_KEY] = { renewal: Promise.resolve(renewed), calls: {} };
    try {
      const tokens = await refreshSession();
      expect(tokens).toEqual({ accessToken: { token: 'new.jwt', expire: renewed.data.accessToken.expire }, refreshToken: { expire: renewed.data.refreshToken.expire } });
      expect(callRoute).not.toHaveBeenCalled();
      // The next renewal goes out as usual.
      callRoute.mockResolvedValue(renewed);
      await refreshSession();
      expect(callRoute).toHaveBeenCalledTimes(1);
      // A refused early renewal is a refused renewal, as the app's own would be; one that got
      // no answer (the early script answers null) is no answer.
      globals[EARLY_KEY] = { renewal: Promise.resolve({ status: false, msg: 'Your session has ended.', code: 'UNAUTHORIZED' }), calls: {} };
      expect(await refreshSession()).toBe(false);
      globals[EARLY_KEY] = { renewal: Promise.resolve(null), calls: {} };
      expect(await refreshSession()).not.toBe(false);
      // ...after which the app asked once more itself.
      expect(callRoute).toHaveBeenCalledTimes(2);
    } finally {
      delete globals[EARLY_KEY];
    }
  });

  it('falls back to an unlocked call when the lock manager refuses', async () => {
    signedIn({ token: null, expire: null });
    vi.stubGlobal('navigator', { locks: { request: () => Promise.reject(new DOMException('denied', 'SecurityError')) } });
    callRoute.mockResolvedValue(renewed);
    expect(await refreshSession()).not.toBe(false);
  });
});

describe('ensureSession', () => {
  it('lets a valid session through without a call', async () => {
    signedIn({ token: 'jwt', expire: NOW + 10 * MINUTE });
    expect(await ensureSession(NOW)).toBe(true);
    expect(callRoute).not.toHaveBeenCalled();
  });

  it('renews a missing or expired access token and stores the new one', async () => {
    signedIn({ token: 'old.jwt', expire: NOW - MINUTE });
    callRoute.mockResolvedValue(renewed);
    expect(await ensureSession(NOW)).toBe(true);
    expect(useSessionStore.getState().token.accessToken).toEqual({ token: 'new.jwt', expire: renewed.data.accessToken.expire });
  });

  it('ends the session (tokens and user, not the cart) when the renewal fails', async () => {
    signedIn({ token: null, expire: null });
    callRoute.mockResolvedValue({ status: false, msg: 'Your session has ended.', code: 'UNAUTHORIZED' });
    expect(await ensureSession(NOW)).toBe(false);
    const state = useSessionStore.getState();
    expect(state.token.refreshToken.expire).toBeNull();
    expect(state.user).toBeNull();
    expect(state.cart.list).toEqual([{ id: 'p1', qty: 1 }]);
  });

  it('keeps the session when the renewal got no answer (page left, network down, server failing)', async () => {
    for (const failure of [
      { status: false, msg: 'The server could not be reached. Check your connection and try again.', code: 'NETWORK' },
      { status: false, msg: 'Something went wrong on our side.', code: 'INTERNAL' },
      { status: false, msg: 'Too many attempts.', code: 'RATE_LIMITED' },
    ]) {
      signedIn({ token: null, expire: null });
      callRoute.mockReset();
      callRoute.mockResolvedValue(failure);
      expect(await ensureSession(NOW), failure.code).toBe(false);
      const state = useSessionStore.getState();
      // The next page load renews with the same cookie, which the API takes back for a while.
      expect(state.token.refreshToken.expire, failure.code).toBe(NOW + 60 * MINUTE);
      expect(state.user, failure.code).toMatchObject({ userName: 'alice' });
      // Asked twice: no answer is worth one more try.
      expect(callRoute, failure.code).toHaveBeenCalledTimes(2);
    }
  });

  it('asks once more after no answer, and a lost answer costs nothing more', async () => {
    signedIn({ token: null, expire: null });
    callRoute.mockResolvedValueOnce({ status: false, msg: 'The server could not be reached.', code: 'NETWORK' }).mockResolvedValueOnce(renewed);
    expect(await ensureSession(NOW)).toBe(true);
    expect(useSessionStore.getState().token.accessToken).toEqual({ token: 'new.jwt', expire: renewed.data.accessToken.expire });
  });

  it('ends the session without a call when the refresh token has expired', async () => {
    signedIn({ token: 'jwt', expire: NOW + 10 * MINUTE });
    expect(await ensureSession(NOW + 2 * 60 * MINUTE)).toBe(false);
    expect(callRoute).not.toHaveBeenCalled();
    expect(useSessionStore.getState().user).toBeNull();
  });
});
