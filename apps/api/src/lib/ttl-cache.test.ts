import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

/** A read we finish by hand, to see what the cache does while it is in flight. */
function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('TTL answer cache', () => {
  const setup = (ttlMs = 1000, maxEntries = 100) => {
    const clock = { t: 1_000_000 };
    const cache = new TtlCache<string>({ ttlMs, maxEntries, now: () => clock.t });
    let reads = 0;
    const read = (value: string) => () => {
      reads += 1;
      return Promise.resolve(value);
    };
    return { clock, cache, read, reads: () => reads };
  };

  it('answers a key from memory until the TTL, counted from when the read began', async () => {
    const { clock, cache, read, reads } = setup(1000);
    expect(await cache.get('a', read('v1'))).toBe('v1');
    clock.t += 999;
    expect(await cache.get('a', read('v2'))).toBe('v1');
    expect(reads()).toBe(1);
    clock.t += 1;
    expect(await cache.get('a', read('v3'))).toBe('v3');
    expect(await cache.get('b', read('w'))).toBe('w');
    expect(reads()).toBe(3);
  });

  it('invalidate() drops every answer', async () => {
    const { cache, read, reads } = setup();
    await cache.get('a', read('old'));
    await cache.get('b', read('old'));
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect(await cache.get('a', read('new'))).toBe('new');
    expect(reads()).toBe(3);
  });

  it('a read in flight during invalidate() answers its callers but is not kept', async () => {
    const { cache, read } = setup();
    const slow = deferred<string>();
    const first = cache.get('a', () => slow.promise);
    cache.invalidate(); // a write committed while the read ran: the read may have seen the old rows
    slow.resolve('maybe old');
    expect(await first).toBe('maybe old');
    expect(await cache.get('a', read('new'))).toBe('new');
  });

  it('callers asking while a read is in flight share it', async () => {
    const { cache } = setup();
    const slow = deferred<string>();
    let reads = 0;
    const readSlow = () => {
      reads += 1;
      return slow.promise;
    };
    const answers = Promise.all([cache.get('a', readSlow), cache.get('a', readSlow), cache.get('a', readSlow)]);
    slow.resolve('v');
    expect(await answers).toEqual(['v', 'v', 'v']);
    expect(reads).toBe(1);
  });

  it('settled() hands out a finished answer at once, and nothing while it is read, past the TTL or after invalidate()', async () => {
    const { clock, cache } = setup(1000);
    const slow = deferred<string>();
    const first = cache.get('a', () => slow.promise);
    expect(cache.settled('a')).toBeUndefined();
    slow.resolve('v');
    await first;
    expect(cache.settled('a')).toEqual({ value: 'v' });
    expect(cache.settled('b')).toBeUndefined();
    clock.t += 1000;
    expect(cache.settled('a')).toBeUndefined();
    await cache.get('a', () => Promise.resolve('w'));
    expect(cache.settled('a')).toEqual({ value: 'w' });
    cache.invalidate();
    expect(cache.settled('a')).toBeUndefined();
  });

  it('settled() keeps nothing with the cache off, and no failed read', async () => {
    const off = new TtlCache<string>({ ttlMs: 0, maxEntries: 10 });
    await off.get('a', () => Promise.resolve('v'));
    expect(off.settled('a')).toBeUndefined();
    const { cache } = setup();
    await expect(cache.get('a', () => Promise.reject(new Error('database gone')))).rejects.toThrow('database gone');
    expect(cache.settled('a')).toBeUndefined();
  });

  it('a failed read is not kept: the next caller reads again', async () => {
    const { cache, read } = setup();
    const failing = deferred<string>();
    const first = cache.get('a', () => failing.promise);
    failing.reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    expect(await cache.get('a', read('v'))).toBe('v');
  });

  it('keeps at most maxEntries, dropping the least recently used', async () => {
    const { cache, read, reads } = setup(1000, 2);
    await cache.get('a', read('a'));
    await cache.get('b', read('b'));
    await cache.get('a', read('a')); // a is now the most recent
    await cache.get('c', read('c')); // b goes
    expect(cache.size).toBe(2);
    expect(reads()).toBe(3);
    await cache.get('a', read('a'));
    expect(reads()).toBe(3);
    await cache.get('b', read('b'));
    expect(reads()).toBe(4);
  });

  it('TTL 0 turns it off', async () => {
    const { cache, read, reads } = setup(0);
    await cache.get('a', read('v'));
    await cache.get('a', read('v'));
    expect(reads()).toBe(2);
    expect(cache.size).toBe(0);
  });
});
