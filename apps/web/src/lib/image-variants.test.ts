import { describe, expect, it } from 'vitest';
import { imageSrcSet, smallImage } from './image-variants';

describe('product image variants', () => {
  it('offers the 320 px copy of an 800 px image', () => {
    expect(imageSrcSet('/demo/products/lamp-800.webp')).toBe('/demo/products/lamp-320.webp 320w, /demo/products/lamp-800.webp 800w');
    expect(imageSrcSet('/media/products/0a1b2c-800.webp')).toBe('/media/products/0a1b2c-320.webp 320w, /media/products/0a1b2c-800.webp 800w');
    expect(smallImage('/media/products/0a1b2c-800.webp')).toBe('/media/products/0a1b2c-320.webp');
  });

  it('leaves other images alone', () => {
    for (const url of ['/demo/nfts/pixel-pal-001.webp', '/demo/products/lamp.webp', '/media/avatars/x-256.webp', '/x-800.webp.png']) {
      expect(imageSrcSet(url)).toBeUndefined();
      expect(smallImage(url)).toBe(url);
    }
  });
});
