import { describe, expect, it } from 'vitest';
import { START_BACKSTOP_MS, startAfterFirstPaint, type StartEnv } from './start-app';

/** A page whose frames and timers run when the test says. */
function fakePage(hidden = false) {
  const frames: (() => void)[] = [];
  const timers: { run: () => void; ms: number }[] = [];
  const env: StartEnv = { hidden, beforeFrame: (run) => frames.push(run), later: (run, ms) => timers.push({ run, ms }) };
  return {
    env,
    /** The browser paints a frame: its callbacks run before, the tasks they queue after. */
    paintFrame() {
      for (const run of frames.splice(0)) run();
    },
    runTimers(upToMs: number) {
      for (const timer of timers.filter((t) => t.ms <= upToMs)) {
        timers.splice(timers.indexOf(timer), 1);
        timer.run();
      }
    },
    timers,
  };
}

describe('the app starts after the first paint', () => {
  it('waits for a frame, then starts in a task after it, once', () => {
    const page = fakePage();
    let starts = 0;
    startAfterFirstPaint(page.env, () => starts++);
    page.runTimers(0);
    expect(starts).toBe(0);
    page.paintFrame();
    expect(starts).toBe(0);
    page.runTimers(0);
    expect(starts).toBe(1);
    page.runTimers(START_BACKSTOP_MS);
    expect(starts).toBe(1);
  });

  it('starts anyway when no frame comes (rendering held back)', () => {
    const page = fakePage();
    let starts = 0;
    startAfterFirstPaint(page.env, () => starts++);
    page.runTimers(START_BACKSTOP_MS);
    expect(starts).toBe(1);
    page.paintFrame();
    page.runTimers(0);
    expect(starts).toBe(1);
  });

  it('starts at once in a page that is not shown (no frame comes until it is)', () => {
    const page = fakePage(true);
    let starts = 0;
    startAfterFirstPaint(page.env, () => starts++);
    expect(starts).toBe(1);
    expect(page.timers).toEqual([]);
  });
});
