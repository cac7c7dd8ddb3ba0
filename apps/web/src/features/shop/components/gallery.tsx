import { useState } from 'react';
import { smallImage } from '@/lib/image-variants';
import styles from './gallery.module.css';

/** The product's main image and, when it has more than one, thumbnails that switch it. */
export function Gallery({ images, name }: { images: readonly string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const current = images[Math.min(index, images.length - 1)];
  return (
    <div className={styles.gallery}>
      <div className={styles.main}>
        {current && <img src={current} alt={images.length > 1 ? `${name}, image ${index + 1} of ${images.length}` : name} width={800} height={800} fetchPriority="high" />}
      </div>
      {images.length > 1 && (
        <ul className={styles.thumbs} aria-label="Images">
          {images.map((src, i) => (
            <li key={src}>
              <button type="button" className={styles.thumb} aria-pressed={i === index} aria-label={`Show image ${i + 1} of ${images.length}`} onClick={() => setIndex(i)}>
                <img src={smallImage(src)} alt="" width={80} height={80} loading="lazy" decoding="async" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
