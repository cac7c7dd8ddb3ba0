import { SIZE } from './lib.mjs';
import { CATEGORY_SCENE, SCENES, shadow } from './scenes.mjs';

// The pictures of one product: the product on its own, a close-up of what its description
// talks about, and the product in use. Each is an SVG of SIZE x SIZE. A drawing may say where
// its bottom is (`base`, default 640) so the scene stands it on the surface, may ask for
// another setting (`scene`) or place (`stand`) than its category's, and may be shown larger on
// its own (`zoom`).

/** Background tints per category (the shop's grid reads by category at a glance). */
const TINT = {
  electronics: ['#eef2ff', '#c7d2fe'],
  'home-kitchen': ['#fff7ed', '#fed7aa'],
  fashion: ['#fdf2f8', '#fbcfe8'],
  books: ['#fafaf9', '#e7e5e4'],
  'sports-outdoors': ['#f0fdf4', '#bbf7d0'],
  'toys-games': ['#fefce8', '#fde68a'],
  beauty: ['#fdf4ff', '#f5d0fe'],
};

const svg = (body, viewBox = '0 0 800 800') => `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="${viewBox}">${body}</svg>`;

function studio(category) {
  const [a, b] = TINT[category];
  return `<defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>
    <radialGradient id="stage" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <radialGradient id="floor" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#1f2937" stop-opacity="0.28"/><stop offset="1" stop-color="#1f2937" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="400" cy="380" r="330" fill="url(#stage)"/>`;
}

/** The product alone, as the grid and the product page show it first. */
export function heroSvg(product, art) {
  // A small object (a book) is shown a little larger, about the point it stands on.
  const zoom = art.zoom ?? 1;
  const base = art.base ?? 640;
  const drawn = zoom === 1 ? art.draw() : `<g transform="translate(400 ${base}) scale(${zoom}) translate(-400 -${base})">${art.draw()}</g>`;
  return svg(`${studio(product.category)}<ellipse cx="400" cy="672" rx="250" ry="38" fill="url(#floor)"/>${drawn}`);
}

/** A close-up: the same drawing framed on the part the description names. */
export function detailSvg(product, art) {
  const { x, y, size } = art.detail;
  return svg(`${studio(product.category)}${art.draw()}`, `${x} ${y} ${size} ${size}`);
}

/** In use: the product in its category's setting (or the one it asks for). */
export function sceneSvg(product, art) {
  const scene = SCENES[art.scene ?? CATEGORY_SCENE[product.category]];
  const { x, y, scale, rotate = 0, from } = { ...scene.stand, ...art.stand };
  // The drawing's point that goes to (x, y): its bottom, or for a hanging one the given height.
  const anchor = from ?? art.base ?? 640;
  return svg(`${scene.back()}${scene.shadow === false ? '' : shadow(x, y + 6, 190 * scale)}
    <g transform="translate(${x} ${y}) rotate(${rotate}) scale(${scale}) translate(-400 -${anchor})">${art.draw()}</g>`);
}

/** The views a product gets, in gallery order, with the file suffix each is saved under. */
export const VIEWS = [
  { suffix: '', render: heroSvg },
  { suffix: '-2', render: detailSvg },
  { suffix: '-3', render: sceneSvg },
];
