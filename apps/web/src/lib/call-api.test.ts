import { afterEach, describe, expect, it, vi } from 'vitest';
import { callKey, EARLY_KEY, type EarlyStart } from '@/boot/handoff';
import { callApi, setSessionKeeper } from './call-api';

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
