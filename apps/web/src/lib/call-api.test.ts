import { afterEach, describe, expect, it, vi } from 'vitest';
import { callKey, EARLY_KEY, type EarlyStart } from '@/boot/handoff';
import { callApi, holdCallsForSignOut, SessionEndedError, setSessionKeeper, SIGN_OUT_WAIT_MS } from './call-api';

const call = vi.hoisted(() => vi.fn());
vi.mock('./api-client', () => ({ apiClient: { call } }));

const globals = globalThis as { [EARLY_KEY]?: EarlyStart };
const input = { body: { page: 1, pageSize: 12, search: '', category: 'all', sort: 'relevance' as const } };
const early = { status: true, msg: 'ok', data: { items: ['early'], total: 1, page: 1, pageSize: 12, categories: [] } };
const fresh = { status: true, msg: 'ok', data: { items: ['fresh'], total: 1, page: 1, pageSize: 12, categories: [] } };

afterEach(() => {
  delete globals[EARLY_KEY];
  call.mockReset();
});

describe('callApi and the early script’s answers', () => {
  it('answers the page’s first call with the early answer, once, after the session check', async () => {
    const ensure = vi.fn(async () => true);
    setSessionKeeper({ ensure, renew: async () => false });
    globals[EARLY_KEY] = { calls: { [callKey('shopProducts', input)]: Promise.resolve(early) } };
    call.mockResolvedValue(fresh);
    expect(await callApi('shopProducts', input)).toEqual(early.data);
    expect(ensure).toHaveBeenCalledTimes(1);
    expect(call).not.toHaveBeenCalled();
    expect(await callApi('shopProducts', input)).toEqual(fresh.data);
    expect(call).toHaveBeenCalledTimes(1);
  });

  it('sends its own call when the early one failed, and renews once when it was refused for the token', async () => {
    const renew = vi.fn(async () => true);
    setSessionKeeper({ ensure: async () => true, renew });
    globals[EARLY_KEY] = { calls: { [callKey('shopProducts', input)]: Promise.resolve(null) } };
    call.mockResolvedValue(fresh);
    expect(await callApi('shopProducts', input)).toEqual(fresh.data);
    expect(renew).not.toHaveBeenCalled();

    globals[EARLY_KEY] = { calls: { [callKey('shopProducts', input)]: Promise.resolve({ status: false, msg: 'expired', code: 'UNAUTHORIZED' }) } };
    expect(await callApi('shopProducts', input)).toEqual(fresh.data);
    expect(renew).toHaveBeenCalledTimes(1);
    expect(call).toHaveBeenCalledTimes(2);
  });

  it('never uses one without a session: the session check comes first', async () => {
    setSessionKeeper({ ensure: async () => false, renew: async () => false });
    globals[EARLY_KEY] = { calls: { [callKey('shopProducts', input)]: Promise.resolve(early) } };
    await expect(callApi('shopProducts', input)).rejects.toThrow('Your session has ended');
    expect(call).not.toHaveBeenCalled();
  });
});

describe('holdCallsForSignOut', () => {
  it('lets a protected call on its way finish first, refuses new ones without sending them, and lets them go again once released', async () => {
    const renew = vi.fn(async () => true);
    setSessionKeeper({ ensure: async () => true, renew });
    let answer: (value: unknown) => void = () => {};
    call.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const onItsWay = callApi('shopProducts', input);
    await Promise.resolve();
    let held = false;
    const hold = holdCallsForSignOut().then((release) => {
      held = true;
      return release;
    });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(held).toBe(false);
    // Answered after the session ended: refused, and not renewed.
    answer({ status: false, msg: 'Your session has ended.', code: 'UNAUTHORIZED' });
    await expect(onItsWay).rejects.toBeInstanceOf(SessionEndedError);
    const release = await hold;
    expect(renew).not.toHaveBeenCalled();
    await expect(callApi('shopProducts', input)).rejects.toBeInstanceOf(SessionEndedError);
    expect(call).toHaveBeenCalledTimes(1);
    release();
    call.mockResolvedValue(fresh);
    expect(await callApi('shopProducts', input)).toEqual(fresh.data);
  });

  it('waits at most SIGN_OUT_WAIT_MS for a call that does not answer', async () => {
    vi.useFakeTimers();
    try {
      setSessionKeeper({ ensure: async () => true, renew: async () => false });
      call.mockReturnValueOnce(new Promise(() => {}));
      void callApi('shopProducts', input);
      await vi.advanceTimersByTimeAsync(0);
      const hold = holdCallsForSignOut();
      await vi.advanceTimersByTimeAsync(SIGN_OUT_WAIT_MS);
      const release = await hold;
      expect(release).toBeTypeOf('function');
      release();
    } finally {
      vi.useRealTimers();
    }
  });
});
