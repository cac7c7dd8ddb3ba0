import { describe, expect, it } from 'vitest';
import { lazyModule } from './lazy-module';

describe('lazyModule', () => {
  it('loads once, answers the module at once after, and tries a failed load again on the next ask', async () => {
    let calls = 0;
    let fail = true;
    const checks = lazyModule(async () => {
      calls += 1;
      if (fail) throw new Error('offline');
      return { check: (value: string) => value.length > 0 };
    });
    expect(checks.loaded()).toBeNull();
    // Connection down: no module, and the failure is not kept.
    await expect(checks.ready()).resolves.toBeNull();
    expect(checks.loaded()).toBeNull();
    fail = false;
    const [a, b] = await Promise.all([checks.ready(), checks.ready()]);
    expect(a).not.toBeNull();
    expect(b).toBe(a);
    expect(calls).toBe(2);
    expect(checks.loaded()).toBe(a);
    await expect(checks.ready()).resolves.toBe(a);
    expect(calls).toBe(2);
    expect(a!.check('x')).toBe(true);
  });
});
