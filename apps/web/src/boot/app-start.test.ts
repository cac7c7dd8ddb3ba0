import { describe, expect, it } from 'vitest';
import { readAppCode, START_AT_THE_LATEST_MS, startApp, type StartPage } from './app-start';

const CODE = { entry: '/assets/index-b.js', preloads: ['/assets/runtime-c.js', '/assets/router-d.js'] };

/** A page whose frame and timer run when the test says so. */
function fakePage(hidden = false, firstScreen: Promise<unknown> = Promise.resolve()) {
  const added: { tag: string; attributes: Record<string, string> }[] = [];
  const frames: (() => void)[] = [];
  const timers: { start: () => void; ms: number }[] = [];
  const page: StartPage = {
    hidden,
    afterFrame: (start) => frames.push(start),
    firstScreen: () => firstScreen,
    later: (start, ms) => timers.push({ start, ms }),
    add: (tag, attributes) => added.push({ tag, attributes }),
  };
  return { page, added, frames, timers };
}

/** Lets the promises settled so far run their callbacks. */
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

const APP_TAGS = [
  { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/runtime-c.js' } },
  { tag: 'link', attributes: { rel: 'modulepreload', crossorigin: '', href: '/assets/router-d.js' } },
  { tag: 'script', attributes: { type: 'module', crossorigin: '', src: '/assets/index-b.js' } },
];

describe('startApp', () => {
  it('asks for nothing before the first frame, then for the preloads and the entry', async () => {
    const { page, added, frames } = fakePage();
    startApp(page, CODE);
    expect(added).toEqual([]);
    await tick();
    expect(frames).toHaveLength(1);
    frames.forEach((run) => run());
    expect(added).toEqual(APP_TAGS);
  });

  it('waits for the first screen (its pictures decoded, or the first paint recorded), then for the frame that shows it; a failure there does not hold it', async () => {
    let decoded = () => {};
    const { page, added, frames } = fakePage(false, new Promise<void>((resolve) => (decoded = resolve)));
    startApp(page, CODE);
    await tick();
    expect(frames).toEqual([]);
    decoded();
    await tick();
    expect(frames).toHaveLength(1);
    frames.forEach((run) => run());
    expect(added).toEqual(APP_TAGS);
    const failed = fakePage(false, Promise.reject(new Error('not an image')));
    startApp(failed.page, CODE);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(failed.frames).toHaveLength(1);
  });

  it('asks once, whichever of the frame and the timer comes first', async () => {
    const { page, added, frames, timers } = fakePage();
    startApp(page, CODE);
    await tick();
    expect(timers.map(({ ms }) => ms)).toEqual([START_AT_THE_LATEST_MS]);
    timers.forEach(({ start }) => start());
    frames.forEach((run) => run());
    expect(added).toEqual(APP_TAGS);
  });

  it('asks at once in a hidden page, which paints no frame', () => {
    const { page, added, frames, timers } = fakePage(true);
    startApp(page, CODE);
    expect(added).toEqual(APP_TAGS);
    expect(frames).toEqual([]);
    expect(timers).toEqual([]);
  });
});

describe('readAppCode', () => {
  it('reads the entry and the preloads the build wrote', () => {
    expect(readAppCode(JSON.stringify(CODE))).toEqual(CODE);
    expect(readAppCode('{"entry":"/assets/a.js","preloads":[]}')).toEqual({ entry: '/assets/a.js', preloads: [] });
  });

  it('refuses what is not the build’s list', () => {
    for (const text of [null, '', 'null', '[]', '{"preloads":[]}', '{"entry":"https://elsewhere.example/a.js","preloads":[]}', '{"entry":"//elsewhere.example/a.js","preloads":[]}', '{"entry":"/a.js","preloads":[1]}', '{"entry":"/a.js"}']) {
      expect(() => readAppCode(text)).toThrow();
    }
  });
});
