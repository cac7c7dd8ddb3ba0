import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the first `count` images inside the element have loaded (or failed) and a frame has
 * been painted with them. Checked once, as the element first shows; after that it stays true.
 */
export function useImagesShown(ref: RefObject<HTMLElement | null>, count: number): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (shown) return;
    let active = true;
    const images = Array.from(ref.current?.querySelectorAll('img') ?? []).slice(0, count);
    // decode() settles when the image is ready to paint; a failed image counts as settled.
    void Promise.all(images.map((image) => image.decode().catch(() => undefined))).then(() => {
      // The next frame paints them; the timer runs after that paint.
      requestAnimationFrame(() => setTimeout(() => active && setShown(true), 0));
    });
    return () => {
      active = false;
    };
  }, [ref, count, shown]);
  return shown;
}
