/**
 * Product images are stored 800 px square with a 320 px copy beside them, "NAME-800.webp" and
 * "NAME-320.webp" (apps/api: the upload pipeline, and the demo images). The srcset lets a
 * browser take the small one where it is shown small (a grid on a phone: ~7 kB -> ~3 kB each).
 * Other addresses (older uploads, NFT art) have no copy: no srcset.
 */
export function imageSrcSet(url: string): string | undefined {
  const base = /^(.+)-800\.webp$/.exec(url)?.[1];
  return base === undefined ? undefined : `${base}-320.webp 320w, ${url} 800w`;
}

/** The 320 px copy, for thumbnails; the image itself when it has none. */
export const smallImage = (url: string): string => url.replace(/-800\.webp$/, '-320.webp');
