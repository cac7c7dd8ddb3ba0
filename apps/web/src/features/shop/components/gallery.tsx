import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { SearchIcon } from '@/components/ui/commerce-icons';
import { useMarkFirstScreen } from '@/lib/first-screen';
import { smallImage } from '@/lib/image-variants';
import { useImagesShown } from '@/lib/use-images-shown';
import { pictureAlt } from '../model/gallery';
import styles from './gallery.module.css';

/** Where the pointer is over the image, in percent: the point a zoom magnifies. */
type Focus = { x: number; y: number };

const reducedMotion = () => typeof window !== 'undefined' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The product's pictures. The images sit side by side in a strip that snaps one to a screen:
 * a phone swipes through them, a keyboard scrolls the focused strip with the arrow keys, and
 * the thumbnails below jump to one. On a screen with a mouse, the image under the pointer is
 * magnified where it points (the Zoom button does the same from the keyboard, at the centre).
 * The first image loads at once, decoded as it is painted, not in a frame after (it is the page's
 * largest paint: page.html's early script paints it from the page's first data, or preloads it;
 * the frame's classes are global for that);
 * the others and the thumbnails once it has been shown, each when it is near.
 */
export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const [focus, setFocus] = useState<Focus | null>(null);
  const [zoomed, setZoomed] = useState(false);
  const track = useRef<HTMLUListElement>(null);
  const count = images.length;
  // The first image is the page's largest paint. The others, and the thumbnails, are asked for
  // once it has been shown: on a slow connection they would otherwise share it with the image
  // the shopper is looking at. Then what else waits for the first screen may load too.
  const firstShown = useImagesShown(track, 1);
  useMarkFirstScreen(firstShown);

  // The strip was scrolled (a swipe, the arrow keys, a thumbnail): the image in view is the current one.
  const onScroll = () => {
    const element = track.current;
    if (!element || element.clientWidth === 0) return;
    const next = Math.round(element.scrollLeft / element.clientWidth);
    if (next !== index) {
      setIndex(Math.max(0, Math.min(count - 1, next)));
      setZoomed(false);
      setFocus(null);
    }
  };

  const show = (i: number) => {
    const element = track.current;
    if (!element) return;
    element.scrollTo({ left: i * element.clientWidth, behavior: reducedMotion() ? 'auto' : 'smooth' });
    setIndex(i);
  };

  // A resize (a phone turned) keeps the current image in view.
  const current = useRef(index);
  useEffect(() => {
    current.current = index;
  }, [index]);
  useEffect(() => {
    const element = track.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    let width = element.clientWidth;
    const observer = new ResizeObserver(() => {
      if (element.clientWidth === width) return;
      width = element.clientWidth;
      element.scrollTo({ left: current.current * width });
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  const onPointerMove = (event: PointerEvent<HTMLLIElement>) => {
    if (event.pointerType !== 'mouse') return;
    const box = event.currentTarget.getBoundingClientRect();
    setFocus({ x: ((event.clientX - box.left) / box.width) * 100, y: ((event.clientY - box.top) / box.height) * 100 });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    // One image per key press, as the snap would end up anyway.
    if (event.key === 'ArrowRight' && index < count - 1) {
      event.preventDefault();
      show(index + 1);
    } else if (event.key === 'ArrowLeft' && index > 0) {
      event.preventDefault();
      show(index - 1);
    }
  };

  const magnified = (i: number) => i === index && (focus !== null || zoomed);
  return (
    <div className="gallery">
      <div className="gallery-stage">
        <ul
          ref={track}
          className={`gallery-track ${styles.track}`}
          onScroll={onScroll}
          onKeyDown={onKeyDown}
          tabIndex={count > 1 ? 0 : undefined}
          aria-label={count > 1 ? `Images of ${name}: use the arrow keys or swipe for the next` : undefined}
        >
          {images.map((src, i) => (
            <li key={src} className="gallery-slide" onPointerMove={onPointerMove} onPointerLeave={() => setFocus(null)} aria-hidden={i === index ? undefined : true}>
              <img
                src={i === 0 || firstShown ? src : undefined}
                alt={pictureAlt(name, i, count)}
                width={800}
                height={800}
                {...(i === 0 ? { fetchPriority: 'high' as const, decoding: 'sync' as const } : { loading: 'lazy' as const, decoding: 'async' as const })}
                className={magnified(i) ? `${styles.picture} ${styles.zoomed}` : styles.picture}
                style={magnified(i) ? { transformOrigin: focus ? `${focus.x}% ${focus.y}%` : '50% 50%' } : undefined}
                draggable={false}
              />
            </li>
          ))}
        </ul>
        <button type="button" className={styles.zoom} aria-pressed={zoomed} onClick={() => setZoomed((z) => !z)}>
          <SearchIcon size={18} />
          <span>{zoomed ? 'Zoom out' : 'Zoom in'}</span>
        </button>
        {count > 1 && (
          <p className={styles.counter} aria-hidden="true">
            {index + 1} / {count}
          </p>
        )}
      </div>
      {count > 1 && (
        <ul className={styles.thumbs} aria-label="Images">
          {images.map((src, i) => (
            <li key={src}>
              <button type="button" className={styles.thumb} aria-pressed={i === index} aria-label={`Show image ${i + 1} of ${count}`} onClick={() => show(i)}>
                <img src={firstShown ? smallImage(src) : undefined} alt="" width={80} height={80} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
