import { describe, expect, it } from 'vitest';
import { firstScreenPictures, LONGEST_PAINT_WAIT_MS, type LargestPaint, type LargestPaints } from './first-screen-pictures';

/** Pictures as the early scripts paint them, each decoded at once, with the size the browser would record for it. */
const picturesOf = (...sizes: number[]) => sizes.map((size) => ({ size, decode: () => Promise.resolve() }) as unknown as HTMLImageElement & { size: number });
const documentWith = (pictures: HTMLImageElement[]) => ({ querySelectorAll: () => pictures }) as unknown as Pick<Document, 'querySelectorAll'>;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

/** The browser's records, driven by the test: what it reports, whether it stopped watching, and the cap's timer. */
function paintRecords(recordsAny = true) {
  let seen: ((entries: LargestPaint[]) => void) | null = null;
  let stopped = false;
  let cap: { then: () => void; ms: number } | null = null;
  const paints: LargestPaints = {
    watch: (report) => {
      if (!recordsAny) return null;
      seen = report;
      return () => (stopped = true);
    },
    sizeOf: (picture) => (picture as HTMLImageElement & { size: number }).size,
    later: (then, ms) => (cap = { then, ms }),
  };
  return { paints, report: (...entries: LargestPaint[]) => seen?.(entries), stopped: () => stopped, cap: () => cap };
}

/** Whether the promise has settled by now. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await tick();
  return done;
}

describe('the first screen’s pictures shown (first-screen-pictures.ts)', () => {
  it('is nothing to wait for on a page without pictures', () => {
    expect(firstScreenPictures(documentWith([]), paintRecords().paints)).toBeNull();
  });

  it('waits, after the decoding, for the browser to record one of the pictures as the largest paint', async () => {
    const [first, second] = picturesOf(40_000, 30_000);
    const records = paintRecords();
    const shown = firstScreenPictures(documentWith([first!, second!]), records.paints)!;
    await tick();
    // The heading's paint, smaller than the pictures: they are still to come.
    records.report({ element: {} as Element, size: 12_000 });
    expect(await settled(shown)).toBe(false);
    records.report({ element: second!, size: 30_000 });
    expect(await settled(shown)).toBe(true);
    expect(records.stopped()).toBe(true);
  });

  it('waits no longer once a paint at least as large as every picture is recorded: none of them will be', async () => {
    const records = paintRecords();
    const shown = firstScreenPictures(documentWith(picturesOf(20_000, 10_000)), records.paints)!;
    await tick();
    records.report({ element: {} as Element, size: 20_000 });
    expect(await settled(shown)).toBe(true);
  });

  it('waits at most a second when nothing is recorded (a hidden page), and only for the decoding where the browser records no largest paint', async () => {
    const records = paintRecords();
    const shown = firstScreenPictures(documentWith(picturesOf(20_000)), records.paints)!;
    await tick();
    expect(await settled(shown)).toBe(false);
    expect(records.cap()?.ms).toBe(LONGEST_PAINT_WAIT_MS);
    records.cap()?.then();
    expect(await settled(shown)).toBe(true);
    expect(records.stopped()).toBe(true);

    expect(await settled(firstScreenPictures(documentWith(picturesOf(20_000)), paintRecords(false).paints)!)).toBe(true);
    expect(await settled(firstScreenPictures(documentWith(picturesOf(20_000)), null)!)).toBe(true);
  });
});
