// Shared by the demo image generators: seeded randomness (so the same catalog always draws the
// same pictures), colours, and the size every demo image is drawn at.

/** Every demo picture is drawn on an 800 x 800 canvas. */
export const SIZE = 800;

export const SCREEN = '#252836';
export const METAL = '#a9b0bc';
export const WHITE = '#fbfbfd';

/** FNV-1a 32-bit hash of a string. */
export function hash(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32 PRNG seeded from a string; returns floats in [0, 1). */
export function prng(seed) {
  let a = hash(seed);
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  next.range = (min, max) => min + next() * (max - min);
  next.int = (min, max) => Math.floor(min + next() * (max - min + 1));
  next.pick = (arr) => arr[Math.floor(next() * arr.length)];
  next.chance = (p) => next() < p;
  return next;
}

export const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
export const r2 = (v) => Math.round(v * 100) / 100;

/** HSL (degrees, percent, percent) to #rrggbb. */
export function hsl(h, s, l) {
  h = ((h % 360) + 360) % 360;
  s = clamp(s, 0, 100) / 100;
  l = clamp(l, 0, 100) / 100;
  const k = (n) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  const hex = (x) => Math.round(x * 255).toString(16).padStart(2, '0');
  return `#${hex(f(0))}${hex(f(8))}${hex(f(4))}`;
}

/** A colour family (base, light, dark, deep) from one hue. */
export function family(h, s, l) {
  return { c: hsl(h, s, l), cl: hsl(h, s - 5, l + 16), cd: hsl(h, s, l - 14), cx: hsl(h, s - 10, l - 28) };
}
