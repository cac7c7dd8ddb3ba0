// The pictures page.html's and list.html's head script painted as the first screen's largest
// paint (early-item.ts, early-list.ts): drawn to be decoded with the frame (decoding="sync").
// The other early scripts hold back what would share the connection or the main thread with
// them until they have shown (early-page.ts's preloads and calls, app-start.ts's app code).

/** The longest the wait for the pictures' paint to be recorded lasts: a hidden page records none. */
export const LONGEST_PAINT_WAIT_MS = 1000;

/** A largest-contentful-paint entry, as far as the wait reads it. */
export interface LargestPaint {
  element: Element | null;
  size: number;
}

/** The browser's records of the page's largest paints. */
export interface LargestPaints {
  /**
   * Calls `seen` with the entries recorded so far, then with each new one; answers the function
   * that stops it, or null where the browser records none.
   */
  watch(seen: (entries: LargestPaint[]) => void): (() => void) | null;
  /** The size the browser would record for this picture: its area in the viewport, no more than its own pixels. */
  sizeOf(picture: HTMLImageElement): number;
  /** Runs `then` after `ms`. */
  later(then: () => void, ms: number): void;
}

/**
 * Settles once the first screen's pictures have shown: decoded, and, when one of them is larger
 * than every paint recorded so far, once the browser has recorded its paint as the largest. A frame
 * after the decoding was not enough: the paint is recorded when the frame is presented, and in
 * some loads the app's files were asked for in between (the paint was then counted as waiting for
 * them: /shop read 1,060 ms or 1,810 for the same page). At most LONGEST_PAINT_WAIT_MS after the
 * decoding. Null without any pictures.
 */
export function firstScreenPictures(doc: Pick<Document, 'querySelectorAll'>, paints: LargestPaints | null = browserLargestPaints()): Promise<unknown> | null {
  const pictures = [...doc.querySelectorAll<HTMLImageElement>('#root img[decoding="sync"]')];
  if (pictures.length === 0) return null;
  const decoded = Promise.all(pictures.map((img) => img.decode().catch(() => undefined)));
  return paints ? decoded.then(() => recorded(pictures, paints)) : decoded;
}

function recorded(pictures: HTMLImageElement[], paints: LargestPaints): Promise<void> {
  const largestPicture = Math.max(...pictures.map((picture) => paints.sizeOf(picture)));
  return new Promise((resolve) => {
    let largestSoFar = 0;
    let done = false;
    let stop: (() => void) | null = null;
    const finish = () => {
      if (done) return;
      done = true;
      stop?.();
      resolve();
    };
    stop = paints.watch((entries) => {
      if (done) return;
      largestSoFar = Math.max(largestSoFar, ...entries.map((entry) => entry.size));
      // A picture's paint recorded, or a paint larger than any of them: none of them will be.
      if (entries.some((entry) => pictures.includes(entry.element as HTMLImageElement)) || largestSoFar >= largestPicture) finish();
    });
    if (stop === null) finish();
    else if (done) stop();
    else paints.later(finish, LONGEST_PAINT_WAIT_MS);
  });
}

/** Chromium's largest-contentful-paint entries; null elsewhere (the pictures' decoding is then the wait). */
function browserLargestPaints(): LargestPaints | null {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('largest-contentful-paint')) return null;
  return {
    watch: (seen) => {
      const observer = new PerformanceObserver((list) => seen(list.getEntries() as unknown as LargestPaint[]));
      observer.observe({ type: 'largest-contentful-paint', buffered: true });
      return () => observer.disconnect();
    },
    sizeOf: (picture) => {
      const box = picture.getBoundingClientRect();
      const width = Math.max(0, Math.min(box.right, window.innerWidth) - Math.max(box.left, 0));
      const height = Math.max(0, Math.min(box.bottom, window.innerHeight) - Math.max(box.top, 0));
      // A picture shown larger than its own pixels counts as those.
      const scale = box.width * box.height > 0 ? Math.min(1, (picture.naturalWidth * picture.naturalHeight) / (box.width * box.height)) : 0;
      return width * height * scale;
    },
    later: (then, ms) => setTimeout(then, ms),
  };
}
