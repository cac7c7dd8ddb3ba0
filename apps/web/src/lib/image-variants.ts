/**
 * Product images come in two sizes. Uploads are stored as "KEY-800.webp" and "KEY-320.webp"
 * (apps/api: the upload pipeline); the demo catalog's products and NFTs as
 * "/demo/products/NAME.webp" or "/demo/nfts/NAME.webp" (800 px) and "NAME-320.webp" beside it
 * (apps/api/scripts/demo-image-sizes.mjs). The 320 px copy's address, or undefined for images
 * without one (NFT art given by address, avatars, older uploads).
 */
function smallCopy(url: string): string | undefined {
  if (/-800\.webp$/.test(url)) return url.replace(/-800\.webp$/, '-320.webp');
  if (/^\/demo\/(products|nfts)\/[^/]+\.webp$/.test(url) && !/-320\.webp$/.test(url)) return url.replace(/\.webp$/, '-320.webp');
  return undefined;
}

/** The srcset that lets a browser take the small copy where it is shown small (a grid on a phone: ~7 -> ~3.5 kB each). */
export function imageSrcSet(url: string): string | undefined {
  const small = smallCopy(url);
  return small === undefined ? undefined : `${small} 320w, ${url} 800w`;
}

/** The 320 px copy, for thumbnails; the image itself when it has none. */
export const smallImage = (url: string): string => smallCopy(url) ?? url;
