import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The module keeps one state per page load: each test loads a fresh copy.
const load = async () => {
  vi.resetModules();
  return import('./first-screen');
};

/** Whether the promise has settled, after the pending microtasks ran. */
async function settled(promise: Promise<void>): Promise<boolean> {
  let done = false;
  void promise.then(() => {
    done = true;
  });
  await Promise.resolve();
  await Promise.resolve();
  return done;
}

describe('firstScreenShown', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('waits until the page marks its first screen shown', async () => {
    const { firstScreenShown, markFirstScreenShown } = await load();
    const waiting = firstScreenShown(100);
    vi.advanceTimersByTime(500);
    expect(await settled(waiting)).toBe(false);
    markFirstScreenShown();
    expect(await settled(waiting)).toBe(true);
  });

  it('lets the calls go at most FIRST_SCREEN_WAIT_MS after the page load started', async () => {
    const { firstScreenShown, FIRST_SCREEN_WAIT_MS } = await load();
    // Asked 400 ms into the load: it waits the rest of the time, not the whole of it.
    const waiting = firstScreenShown(400);
    vi.advanceTimersByTime(FIRST_SCREEN_WAIT_MS - 400 - 1);
    expect(await settled(waiting)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await settled(waiting)).toBe(true);
  });

  it('does not wait once the time is past, nor after the first screen was shown', async () => {
    const late = await load();
    expect(await settled(late.firstScreenShown(late.FIRST_SCREEN_WAIT_MS + 1))).toBe(false);
    vi.advanceTimersByTime(0);
    expect(await settled(late.firstScreenShown())).toBe(true);

    const marked = await load();
    marked.markFirstScreenShown();
    expect(await settled(marked.firstScreenShown(0))).toBe(true);
  });
});
