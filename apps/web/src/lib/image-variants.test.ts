import { describe, expect, it } from 'vitest';
import { imageSrcSet, smallImage } from './image-variants';

describe('product image variants', () => {
  it('offers the 320 px copy of an uploaded or a demo product image', () => {
    expect(imageSrcSet('/media/products/0a1b2c-800.webp')).toBe('/media/products/0a1b2c-320.webp 320w, /media/products/0a1b2c-800.webp 800w');
    expect(smallImage('/media/products/0a1b2c-800.webp')).toBe('/media/products/0a1b2c-320.webp');
    expect(imageSrcSet('/demo/products/desk-lamp.webp')).toBe('/demo/products/desk-lamp-320.webp 320w, /demo/products/desk-lamp.webp 800w');
    expect(smallImage('/demo/products/desk-lamp.webp')).toBe('/demo/products/desk-lamp-320.webp');
    expect(imageSrcSet('/demo/nfts/pixel-pal-001.webp')).toBe('/demo/nfts/pixel-pal-001-320.webp 320w, /demo/nfts/pixel-pal-001.webp 800w');
  });

  it('leaves other images alone', () => {
    for (const url of ['/demo/nfts/pixel-pal-001-320.webp', '/demo/collections/x.webp', '/demo/products/lamp-320.webp', '/demo/products/sub/lamp.webp', '/media/avatars/x-256.webp', '/media/products/x-800.webp.png', 'https://cdn.example.com/demo/products/x.webp']) {
      expect(imageSrcSet(url), url).toBeUndefined();
      expect(smallImage(url), url).toBe(url);
    }
  });
});
