import { afterEach, describe, expect, it } from 'vitest';
import { callKey, clearEarlyStart, EARLY_ANSWER_MAX_AGE_MS, EARLY_KEY, takeEarlyAnswer, takeEarlyRenewal, type EarlyStart } from './handoff';

const globals = globalThis as { [EARLY_KEY]?: EarlyStart };
afterEach(() => {
  delete globals[EARLY_KEY];
});

const envelope = { status: true, msg: 'ok', data: { items: [] } };

describe('what the early script hands over', () => {
  it('is nothing when it did not run', async () => {
    expect(takeEarlyRenewal()).toBeUndefined();
    expect(takeEarlyAnswer('shopProducts', { body: {} })).toBeUndefined();
  });

  it('gives the renewal once', async () => {
    const renewal = Promise.resolve(envelope);
    globals[EARLY_KEY] = { renewal, calls: {} };
    expect(takeEarlyRenewal()).toBe(renewal);
    expect(takeEarlyRenewal()).toBeUndefined();
  });

  it('gives an answer once, to the same call only, while the page is young', async () => {
    const input = { body: { page: 1, category: 'all' } };
    globals[EARLY_KEY] = { calls: { [callKey('shopProducts', input)]: Promise.resolve(envelope), [callKey('userDetail', { body: { user_id: 'a' } })]: Promise.resolve(envelope) } };
    expect(takeEarlyAnswer('shopProducts', { body: { page: 2, category: 'all' } })).toBeUndefined();
    await expect(takeEarlyAnswer('shopProducts', input, 500)).resolves.toEqual(envelope);
    expect(takeEarlyAnswer('shopProducts', input, 500)).toBeUndefined();
    expect(takeEarlyAnswer('userDetail', { body: { user_id: 'a' } }, EARLY_ANSWER_MAX_AGE_MS + 1)).toBeUndefined();
  });

  it('answers null for a failed or malformed early call: the app then sends its own', async () => {
    globals[EARLY_KEY] = { calls: { [callKey('a', 1)]: Promise.resolve(null), [callKey('b', 1)]: Promise.resolve('<html>'), [callKey('c', 1)]: Promise.reject(new Error('offline')) } };
    for (const name of ['a', 'b', 'c']) await expect(takeEarlyAnswer(name, 1, 0)).resolves.toBeNull();
  });

  it('is gone after a sign-out', () => {
    globals[EARLY_KEY] = { renewal: Promise.resolve(envelope), calls: { [callKey('userDetail', 1)]: Promise.resolve(envelope) } };
    clearEarlyStart();
    expect(globals[EARLY_KEY]).toBeUndefined();
    expect(takeEarlyRenewal()).toBeUndefined();
  });
});
