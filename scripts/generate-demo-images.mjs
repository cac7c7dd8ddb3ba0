#!/usr/bin/env node
/**
 * Generates the demo catalog images referenced by apps/api/seed/catalog.json.
 *
 *   node scripts/generate-demo-images.mjs
 *
 * Every image is an SVG drawn here and encoded with sharp. All randomness is seeded
 * from the item slug, so the same catalog always produces the same files. No network,
 * no fonts: the pictures contain no text.
 */
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SEED_DIR = path.join(ROOT, 'apps/api/seed');
const IMAGES_DIR = path.join(SEED_DIR, 'images');
const SIZE = 800;

// ---------------------------------------------------------------------------
// Deterministic randomness and colour helpers
// ---------------------------------------------------------------------------

/** FNV-1a 32-bit hash of a string. */
function hash(str) {
  let h = 2166136261;
  for (let i = 0; i < str.length; i++) {
    h ^= str.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

/** mulberry32 PRNG seeded from a string; returns floats in [0, 1). */
function prng(seed) {
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

const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
const r2 = (v) => Math.round(v * 100) / 100;

/** HSL (degrees, percent, percent) to #rrggbb. */
function hsl(h, s, l) {
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
function family(h, s, l) {
  return { c: hsl(h, s, l), cl: hsl(h, s - 5, l + 16), cd: hsl(h, s, l - 14), cx: hsl(h, s - 10, l - 28) };
}

// ---------------------------------------------------------------------------
// Product illustrations (viewBox 0 0 800 800, object centred around 400,400)
// ---------------------------------------------------------------------------

const SCREEN = '#252836';
const METAL = '#a9b0bc';
const WHITE = '#fbfbfd';

function screenGradient(id, k) {
  return `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${k.cl}"/><stop offset="1" stop-color="${k.cd}"/></linearGradient>`;
}

const icons = {
  // --- electronics --------------------------------------------------------
  headphones: (k) => `
    <path d="M235 430 V380 A165 165 0 0 1 565 380 V430" fill="none" stroke="${k.cd}" stroke-width="34" stroke-linecap="round"/>
    <path d="M262 395 A138 138 0 0 1 538 395" fill="none" stroke="${k.cl}" stroke-width="8" stroke-linecap="round" opacity="0.6"/>
    <rect x="190" y="380" width="100" height="190" rx="44" fill="${k.c}"/>
    <rect x="510" y="380" width="100" height="190" rx="44" fill="${k.c}"/>
    <rect x="262" y="400" width="44" height="150" rx="20" fill="${k.cx}"/>
    <rect x="494" y="400" width="44" height="150" rx="20" fill="${k.cx}"/>
    <rect x="208" y="410" width="20" height="120" rx="10" fill="${k.cl}" opacity="0.55"/>
    <rect x="572" y="410" width="20" height="120" rx="10" fill="${k.cl}" opacity="0.55"/>`,
  earbuds: (k) => {
    const bud = (x, y, rot) => `<g transform="rotate(${rot} ${x} ${y})">
      <rect x="${x - 17}" y="${y + 10}" width="34" height="140" rx="17" fill="${WHITE}"/>
      <circle cx="${x}" cy="${y}" r="50" fill="${WHITE}"/>
      <circle cx="${x - 14}" cy="${y - 6}" r="24" fill="${k.cd}"/>
      <rect x="${x - 17}" y="${y + 126}" width="34" height="14" rx="6" fill="${METAL}"/></g>`;
    return `
    <path d="M200 420 Q200 330 320 330 Q440 330 440 420 Z" fill="${k.cl}"/>
    <rect x="200" y="410" width="240" height="190" rx="70" fill="${k.c}"/>
    <path d="M200 440 H440" stroke="${k.cd}" stroke-width="8"/>
    <circle cx="320" cy="520" r="10" fill="${k.cl}"/>
    ${bud(520, 300, 14)}${bud(610, 360, 24)}`;
  },
  speaker: (k) => `
    <rect x="280" y="210" width="240" height="400" rx="80" fill="${k.c}"/>
    <rect x="296" y="226" width="40" height="368" rx="20" fill="${k.cl}" opacity="0.35"/>
    <circle cx="400" cy="455" r="92" fill="${k.cx}"/>
    <circle cx="400" cy="455" r="58" fill="${k.cd}"/>
    <circle cx="400" cy="455" r="22" fill="${k.cx}"/>
    <circle cx="400" cy="300" r="34" fill="${k.cd}"/>
    <circle cx="400" cy="300" r="14" fill="${k.cx}"/>
    <rect x="350" y="228" width="100" height="14" rx="7" fill="${k.cx}" opacity="0.5"/>`,
  watch: (k) => `
    <rect x="340" y="150" width="120" height="500" rx="40" fill="${k.cd}"/>
    <path d="M350 190 H450 M350 230 H450 M350 570 H450 M350 610 H450" stroke="${k.cx}" stroke-width="6" opacity="0.5"/>
    <rect x="290" y="280" width="220" height="240" rx="62" fill="#3a3f4d"/>
    <rect x="508" y="350" width="22" height="56" rx="10" fill="${METAL}"/>
    <rect x="308" y="298" width="184" height="204" rx="48" fill="${SCREEN}"/>
    <circle cx="400" cy="400" r="62" fill="none" stroke="${k.c}" stroke-width="14" opacity="0.3"/>
    <path d="M400 338 A62 62 0 1 1 340 416" fill="none" stroke="${k.cl}" stroke-width="14" stroke-linecap="round"/>
    <circle cx="400" cy="400" r="10" fill="${k.cl}"/>`,
  monitor: (k) => `
    <defs>${screenGradient('scr', k)}</defs>
    <rect x="370" y="470" width="60" height="110" fill="${METAL}"/>
    <rect x="290" y="565" width="220" height="26" rx="13" fill="#8d94a1"/>
    <rect x="150" y="190" width="500" height="310" rx="18" fill="${SCREEN}"/>
    <rect x="168" y="208" width="464" height="274" rx="6" fill="url(#scr)"/>
    <circle cx="520" cy="300" r="60" fill="${WHITE}" opacity="0.25"/>
    <path d="M168 430 L300 340 L390 410 L470 350 L632 450 V482 H168 Z" fill="${k.cx}" opacity="0.55"/>`,
  keyboard: (k) => {
    let keys = '';
    for (let row = 0; row < 4; row++) {
      for (let col = 0; col < 11; col++) {
        keys += `<rect x="${188 + col * 39}" y="${326 + row * 40}" width="31" height="31" rx="7" fill="${(row + col) % 7 === 3 ? k.c : WHITE}"/>`;
      }
    }
    return `
    <rect x="160" y="300" width="480" height="230" rx="28" fill="${k.cd}"/>
    <rect x="160" y="300" width="480" height="14" rx="7" fill="${k.cl}" opacity="0.5"/>
    ${keys}
    <rect x="266" y="486" width="268" height="31" rx="7" fill="${WHITE}"/>
    <rect x="188" y="486" width="70" height="31" rx="7" fill="${k.c}"/>
    <rect x="542" y="486" width="70" height="31" rx="7" fill="${k.c}"/>`;
  },
  laptop: (k) => `
    <defs>${screenGradient('scr', k)}</defs>
    <rect x="200" y="200" width="400" height="270" rx="18" fill="${SCREEN}"/>
    <rect x="218" y="218" width="364" height="234" rx="6" fill="url(#scr)"/>
    <rect x="250" y="260" width="140" height="16" rx="8" fill="${WHITE}" opacity="0.7"/>
    <rect x="250" y="292" width="220" height="12" rx="6" fill="${WHITE}" opacity="0.45"/>
    <rect x="250" y="316" width="180" height="12" rx="6" fill="${WHITE}" opacity="0.45"/>
    <path d="M150 470 H650 L628 520 Q624 530 612 530 H188 Q176 530 172 520 Z" fill="#c4c9d3"/>
    <rect x="350" y="470" width="100" height="12" rx="6" fill="#9aa1ae"/>`,
  chargingPad: (k) => `
    <ellipse cx="400" cy="540" rx="220" ry="64" fill="${k.cx}"/>
    <ellipse cx="400" cy="524" rx="220" ry="64" fill="${k.c}"/>
    <ellipse cx="400" cy="520" rx="150" ry="40" fill="${k.cl}" opacity="0.4"/>
    <g transform="rotate(-8 400 380)">
      <rect x="318" y="170" width="164" height="330" rx="30" fill="${SCREEN}"/>
      <rect x="330" y="186" width="140" height="298" rx="20" fill="${k.cd}"/>
      <path d="M410 260 L370 350 H400 L385 420 L435 320 H405 Z" fill="${WHITE}"/>
    </g>`,
  phone: (k) => icons.chargingPad(k),

  // --- home & kitchen -----------------------------------------------------
  pot: (k) => `
    <rect x="150" y="380" width="80" height="40" rx="20" fill="${k.cx}"/>
    <rect x="570" y="380" width="80" height="40" rx="20" fill="${k.cx}"/>
    <path d="M210 340 H590 V520 Q590 590 520 590 H280 Q210 590 210 520 Z" fill="${k.c}"/>
    <rect x="226" y="360" width="30" height="200" rx="15" fill="${k.cl}" opacity="0.45"/>
    <rect x="195" y="326" width="410" height="34" rx="17" fill="${k.cd}"/>
    <path d="M220 326 Q400 200 580 326 Z" fill="${k.cl}"/>
    <rect x="370" y="222" width="60" height="30" rx="14" fill="${k.cx}"/>`,
  mug: (k) => `
    <path d="M330 150 q-30 40 0 80 t0 80 M400 130 q-30 40 0 80 t0 80 M470 150 q-30 40 0 80 t0 80" fill="none" stroke="${WHITE}" stroke-width="14" stroke-linecap="round" opacity="0.75"/>
    <path d="M500 350 h30 a72 72 0 0 1 0 144 h-30" fill="none" stroke="${k.cd}" stroke-width="36"/>
    <path d="M250 320 H520 V540 Q520 600 460 600 H310 Q250 600 250 540 Z" fill="${k.c}"/>
    <ellipse cx="385" cy="320" rx="135" ry="26" fill="${k.cx}"/>
    <rect x="272" y="350" width="26" height="210" rx="13" fill="${k.cl}" opacity="0.5"/>
    <circle cx="340" cy="440" r="8" fill="${k.cd}"/><circle cx="420" cy="400" r="6" fill="${k.cd}"/><circle cx="450" cy="500" r="7" fill="${k.cd}"/>`,
  kettle: (k) => `
    <path d="M310 470 Q250 470 220 400 L160 300" fill="none" stroke="${k.cd}" stroke-width="26" stroke-linecap="round"/>
    <path d="M480 290 Q600 290 590 420 Q585 500 520 520" fill="none" stroke="${k.cx}" stroke-width="26" stroke-linecap="round"/>
    <path d="M290 580 L310 330 Q400 280 490 330 L510 580 Z" fill="${k.c}"/>
    <rect x="270" y="570" width="260" height="30" rx="15" fill="${k.cd}"/>
    <path d="M322 350 L308 560" stroke="${k.cl}" stroke-width="22" stroke-linecap="round" opacity="0.55"/>
    <ellipse cx="400" cy="312" rx="80" ry="20" fill="${k.cd}"/>
    <rect x="380" y="270" width="40" height="34" rx="12" fill="${k.cx}"/>
    <circle cx="400" cy="440" r="34" fill="${WHITE}" opacity="0.9"/><path d="M400 440 L418 418" stroke="${k.cx}" stroke-width="6" stroke-linecap="round"/>`,
  teapot: (k) => `
    <path d="M300 450 Q230 450 200 360 L185 330" fill="none" stroke="${k.cd}" stroke-width="28" stroke-linecap="round"/>
    <path d="M520 380 Q610 380 600 460 Q590 530 520 530" fill="none" stroke="${k.cd}" stroke-width="26" stroke-linecap="round"/>
    <ellipse cx="400" cy="460" rx="160" ry="140" fill="${k.c}" opacity="0.8"/>
    <ellipse cx="400" cy="500" rx="140" ry="80" fill="${k.cd}" opacity="0.45"/>
    <rect x="370" y="330" width="60" height="170" rx="18" fill="${METAL}" opacity="0.85"/>
    <path d="M290 380 Q300 350 330 340" fill="none" stroke="${WHITE}" stroke-width="14" stroke-linecap="round" opacity="0.8"/>
    <ellipse cx="400" cy="325" rx="100" ry="24" fill="${METAL}"/>
    <circle cx="400" cy="292" r="18" fill="#8d94a1"/>`,
  boards: (k) => `
    <g transform="rotate(8 460 420)"><rect x="360" y="210" width="240" height="380" rx="40" fill="${hsl(30, 45, 52)}"/><circle cx="480" cy="260" r="20" fill="${hsl(30, 40, 38)}"/></g>
    <rect x="210" y="230" width="300" height="390" rx="44" fill="${hsl(34, 55, 64)}"/>
    <circle cx="360" cy="285" r="24" fill="${hsl(30, 40, 42)}"/>
    <rect x="236" y="330" width="248" height="264" rx="28" fill="none" stroke="${hsl(30, 40, 52)}" stroke-width="8" opacity="0.6"/>
    <path d="M270 380 Q330 400 300 460 T320 560 M360 370 Q410 420 380 480 T400 570 M440 380 Q470 430 450 500" fill="none" stroke="${hsl(30, 45, 50)}" stroke-width="5" opacity="0.45"/>
    <rect x="520" y="560" width="110" height="40" rx="20" fill="${k.c}"/>`,
  towels: (k) => {
    const stack = [k.cd, k.c, k.cl];
    return stack
      .map((fill, i) => {
        const y = 500 - i * 100;
        const x = 200 + (i % 2) * 20;
        return `<rect x="${x}" y="${y}" width="380" height="96" rx="40" fill="${fill}"/>
      <rect x="${x + 300}" y="${y}" width="80" height="96" rx="40" fill="${k.cx}" opacity="0.25"/>
      <path d="M${x + 40} ${y + 70} H${x + 280}" stroke="${WHITE}" stroke-width="8" opacity="0.6"/>`;
      })
      .join('');
  },

  // --- fashion ------------------------------------------------------------
  tshirt: (k, r, opts = {}) => `
    <path d="M300 200 L210 240 L140 350 L220 400 L265 345 L265 610 L535 610 L535 345 L580 400 L660 350 L590 240 L500 200 Q400 280 300 200 Z" fill="${k.c}"/>
    <path d="M300 200 Q400 280 500 200" fill="none" stroke="${k.cd}" stroke-width="16"/>
    <path d="M265 360 L265 610" stroke="${k.cd}" stroke-width="6" opacity="0.4"/>
    ${opts.buttons ? `<path d="M400 250 V610" stroke="${k.cd}" stroke-width="6"/><circle cx="400" cy="310" r="8" fill="${WHITE}"/><circle cx="400" cy="390" r="8" fill="${WHITE}"/><circle cx="400" cy="470" r="8" fill="${WHITE}"/><circle cx="400" cy="550" r="8" fill="${WHITE}"/>`
      : `<rect x="440" y="300" width="56" height="60" rx="8" fill="${k.cd}" opacity="${r.chance(0.5) ? 0.5 : 0}"/><path d="M265 520 H535" stroke="${k.cl}" stroke-width="${r.pick([0, 20])}" opacity="0.7"/>`}`,
  shirt: (k, r) => icons.tshirt(k, r, { buttons: true }),
  jacket: (k, r, opts = {}) => `
    ${opts.hood ? `<path d="M310 215 Q300 120 400 110 Q500 120 490 215 Z" fill="${k.cd}"/>` : ''}
    <path d="M300 200 L220 235 L175 330 L150 590 L220 600 L255 400 L262 615 L538 615 L545 400 L580 600 L650 590 L625 330 L580 235 L500 200 Q400 260 300 200 Z" fill="${k.c}"/>
    <path d="M400 240 V615" stroke="${opts.hood ? k.cd : METAL}" stroke-width="8"/>
    <path d="M300 200 L350 300 L400 240 L450 300 L500 200" fill="${opts.hood ? 'none' : k.cd}" stroke="${k.cd}" stroke-width="10" stroke-linejoin="round"/>
    <rect x="290" y="470" width="80" height="70" rx="10" fill="${k.cd}" opacity="0.55"/>
    <rect x="430" y="470" width="80" height="70" rx="10" fill="${k.cd}" opacity="0.55"/>
    <rect x="150" y="560" width="70" height="30" rx="8" fill="${k.cd}"/><rect x="580" y="560" width="70" height="30" rx="8" fill="${k.cd}"/>`,
  hoodie: (k, r) => icons.jacket(k, r, { hood: true }),
  beanie: (k) => {
    let ribs = '';
    for (let x = 235; x <= 565; x += 30) ribs += `<path d="M${x} 478 V552" stroke="${k.cx}" stroke-width="6" opacity="0.35"/>`;
    return `
    <circle cx="400" cy="220" r="58" fill="${k.cl}"/>
    <path d="M235 480 Q225 260 400 255 Q575 260 565 480 Z" fill="${k.c}"/>
    <path d="M300 470 Q300 320 400 270 M500 470 Q500 320 400 270 M400 470 V270" fill="none" stroke="${k.cd}" stroke-width="6" opacity="0.5"/>
    <rect x="215" y="460" width="370" height="110" rx="30" fill="${k.cd}"/>${ribs}`;
  },
  socks: (k) => {
    const sock = (fill, cuff) => `
      <path d="M300 180 H420 V440 Q420 470 450 490 L540 550 Q585 585 555 625 Q525 660 480 630 L325 525 Q300 505 300 470 Z" fill="${fill}"/>
      <rect x="292" y="170" width="136" height="60" rx="14" fill="${cuff}"/>
      <path d="M300 250 H420 M300 270 H420" stroke="${cuff}" stroke-width="8"/>
      <path d="M525 530 Q590 570 555 625 Q525 660 480 630 L470 622 Z" fill="${cuff}"/>`;
    return `<g transform="translate(-70 10) rotate(-6 400 400)">${sock(k.cd, k.cx)}</g><g transform="translate(20 -10)">${sock(k.c, k.cl)}</g>`;
  },

  // --- books --------------------------------------------------------------
  book: (k, r) => {
    const motif = r.pick(['sun', 'mountains', 'stripes', 'circles']);
    const art = {
      sun: `<circle cx="420" cy="400" r="70" fill="${k.cl}"/><path d="M300 470 H540" stroke="${WHITE}" stroke-width="10" opacity="0.8"/>`,
      mountains: `<path d="M300 500 L380 380 L430 440 L480 360 L540 500 Z" fill="${k.cl}"/><circle cx="500" cy="320" r="20" fill="${WHITE}" opacity="0.85"/>`,
      stripes: `<path d="M300 360 H540 M300 400 H540 M300 440 H540" stroke="${k.cl}" stroke-width="16"/>`,
      circles: `<circle cx="420" cy="420" r="80" fill="none" stroke="${k.cl}" stroke-width="14"/><circle cx="420" cy="420" r="40" fill="${WHITE}" opacity="0.8"/>`,
    }[motif];
    return `
    <rect x="262" y="190" width="318" height="430" rx="12" fill="#efe9dc"/>
    <path d="M570 205 V605" stroke="#d6cdb8" stroke-width="4"/><path d="M558 205 V605" stroke="#d6cdb8" stroke-width="4"/>
    <rect x="240" y="176" width="320" height="430" rx="14" fill="${k.c}"/>
    <rect x="240" y="176" width="40" height="430" rx="14" fill="${k.cd}"/>
    <rect x="300" y="226" width="180" height="22" rx="11" fill="${WHITE}" opacity="0.9"/>
    <rect x="300" y="262" width="120" height="14" rx="7" fill="${WHITE}" opacity="0.6"/>
    ${art}
    <rect x="300" y="550" width="90" height="12" rx="6" fill="${WHITE}" opacity="0.6"/>`;
  },

  // --- sports & outdoors --------------------------------------------------
  ball: (k) => {
    const patch = (cx, cy, rad, rot) => {
      const pts = [];
      for (let i = 0; i < 5; i++) {
        const a = ((rot + i * 72 - 90) * Math.PI) / 180;
        pts.push(`${r2(cx + rad * Math.cos(a))},${r2(cy + rad * Math.sin(a))}`);
      }
      return `<polygon points="${pts.join(' ')}" fill="${k.cx}"/>`;
    };
    let outer = '';
    for (let i = 0; i < 5; i++) {
      const a = ((i * 72 - 90) * Math.PI) / 180;
      outer += patch(400 + 175 * Math.cos(a), 400 + 175 * Math.sin(a), 62, i * 72 + 36);
    }
    return `
    <defs><clipPath id="ballclip"><circle cx="400" cy="400" r="190"/></clipPath></defs>
    <circle cx="400" cy="400" r="190" fill="${WHITE}"/>
    <g clip-path="url(#ballclip)">${patch(400, 400, 62, 0)}${outer}
      <circle cx="460" cy="460" r="190" fill="none" stroke="#d0d4dc" stroke-width="60" opacity="0.35"/></g>
    <circle cx="400" cy="400" r="190" fill="none" stroke="${k.cd}" stroke-width="6"/>`;
  },
  dumbbell: (k) => `
    <rect x="240" y="382" width="320" height="36" rx="12" fill="${METAL}"/>
    <rect x="290" y="386" width="220" height="10" rx="5" fill="${WHITE}" opacity="0.4"/>
    <rect x="130" y="330" width="44" height="140" rx="12" fill="${k.cd}"/>
    <rect x="170" y="290" width="66" height="220" rx="16" fill="${k.c}"/>
    <rect x="626" y="330" width="44" height="140" rx="12" fill="${k.cd}"/>
    <rect x="564" y="290" width="66" height="220" rx="16" fill="${k.c}"/>
    <rect x="182" y="306" width="14" height="188" rx="7" fill="${k.cl}" opacity="0.5"/>
    <rect x="576" y="306" width="14" height="188" rx="7" fill="${k.cl}" opacity="0.5"/>`,
  waterBottle: (k) => `
    <path d="M360 170 Q400 130 440 170" fill="none" stroke="${k.cx}" stroke-width="16"/>
    <rect x="340" y="170" width="120" height="70" rx="18" fill="${k.cx}"/>
    <path d="M350 236 H450 Q500 260 500 320 V580 Q500 625 455 625 H345 Q300 625 300 580 V320 Q300 260 350 236 Z" fill="${k.c}"/>
    <rect x="300" y="400" width="200" height="70" fill="${k.cd}"/>
    <rect x="322" y="290" width="24" height="300" rx="12" fill="${WHITE}" opacity="0.35"/>`,
  yogaMat: (k) => `
    <rect x="190" y="300" width="360" height="200" rx="24" fill="${k.c}"/>
    <rect x="190" y="300" width="360" height="36" rx="18" fill="${k.cl}" opacity="0.45"/>
    <rect x="270" y="296" width="30" height="208" fill="${k.cx}"/>
    <rect x="440" y="296" width="30" height="208" fill="${k.cx}"/>
    <ellipse cx="550" cy="400" rx="62" ry="100" fill="${k.cl}"/>
    <path d="M550 400 m0 -12 a12 12 0 1 1 -12 12 a26 30 0 1 1 26 32 a42 50 0 1 1 -40 -52 a56 74 0 1 1 54 76" fill="none" stroke="${k.cd}" stroke-width="7"/>`,
  tent: (k) => `
    <path d="M130 590 H670" stroke="${hsl(120, 25, 40)}" stroke-width="14" stroke-linecap="round"/>
    <path d="M400 200 L160 585 H640 Z" fill="${k.c}"/>
    <path d="M400 200 L640 585 H520 Z" fill="${k.cd}"/>
    <path d="M400 310 L320 585 H480 Z" fill="${k.cx}"/>
    <path d="M400 310 L400 585" stroke="${k.c}" stroke-width="6"/>
    <path d="M400 200 L400 170 M160 585 L130 610 M640 585 L670 610" stroke="#6b7280" stroke-width="8" stroke-linecap="round"/>`,
  heartStrap: (k) => `
    <path d="M140 420 Q400 330 660 420" fill="none" stroke="${k.cx}" stroke-width="40" stroke-linecap="round"/>
    <rect x="290" y="330" width="220" height="130" rx="60" fill="${k.c}"/>
    <path d="M400 440 L350 392 Q330 370 350 352 Q375 335 400 362 Q425 335 450 352 Q470 370 450 392 Z" fill="${WHITE}"/>
    <path d="M200 560 H320 L345 510 L375 610 L410 480 L440 560 H600" fill="none" stroke="${k.cd}" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>`,
  vest: (k) => `
    <path d="M300 190 L260 200 L230 330 L240 600 H560 L570 330 L540 200 L500 190 L470 330 Q400 380 330 330 Z" fill="${k.c}"/>
    <rect x="262" y="380" width="70" height="150" rx="26" fill="${WHITE}" opacity="0.9"/>
    <rect x="468" y="380" width="70" height="150" rx="26" fill="${WHITE}" opacity="0.9"/>
    <rect x="280" y="360" width="34" height="30" rx="8" fill="${k.cx}"/><rect x="486" y="360" width="34" height="30" rx="8" fill="${k.cx}"/>
    <path d="M250 470 H550" stroke="${k.cx}" stroke-width="12"/>
    <path d="M240 560 H560" stroke="${k.cd}" stroke-width="20"/>`,

  // --- toys & games -------------------------------------------------------
  blocks: (k, r) => {
    const colours = [hsl(k.h, 75, 58), hsl(k.h + 120, 65, 55), hsl(k.h + 220, 70, 60)];
    const glyph = (x, y, i) =>
      [
        `<circle cx="${x + 70}" cy="${y + 70}" r="40" fill="${WHITE}"/>`,
        `<path d="M${x + 70} ${y + 28} L${x + 112} ${y + 108} H${x + 28} Z" fill="${WHITE}"/>`,
        `<rect x="${x + 32}" y="${y + 32}" width="76" height="76" rx="8" fill="${WHITE}"/>`,
      ][i % 3];
    const block = (x, y, i) => `<rect x="${x}" y="${y}" width="140" height="140" rx="16" fill="${colours[i % 3]}"/>
      <rect x="${x + 10}" y="${y + 10}" width="120" height="120" rx="10" fill="none" stroke="${WHITE}" stroke-width="5" opacity="0.5"/>${glyph(x, y, i + 1)}`;
    const o = r.int(0, 2);
    return `${block(250, 450, o)}${block(400, 450, o + 1)}<g transform="rotate(${r.int(-10, 10)} 400 380)">${block(325, 302, o + 2)}</g>`;
  },
  robot: (k) => `
    <path d="M400 200 V150" stroke="${k.cx}" stroke-width="10"/><circle cx="400" cy="142" r="18" fill="${hsl(k.h + 180, 80, 60)}"/>
    <rect x="280" y="200" width="240" height="170" rx="40" fill="${k.c}"/>
    <rect x="310" y="230" width="180" height="110" rx="26" fill="${SCREEN}"/>
    <circle cx="360" cy="285" r="22" fill="${hsl(k.h + 180, 85, 65)}"/><circle cx="440" cy="285" r="22" fill="${hsl(k.h + 180, 85, 65)}"/>
    <rect x="260" y="260" width="20" height="50" rx="8" fill="${k.cd}"/><rect x="520" y="260" width="20" height="50" rx="8" fill="${k.cd}"/>
    <rect x="300" y="385" width="200" height="170" rx="30" fill="${k.cd}"/>
    <rect x="340" y="420" width="120" height="50" rx="12" fill="${k.cl}"/>
    <circle cx="360" cy="510" r="12" fill="${hsl(k.h + 40, 85, 60)}"/><circle cx="400" cy="510" r="12" fill="${hsl(k.h + 120, 70, 55)}"/><circle cx="440" cy="510" r="12" fill="${hsl(k.h + 200, 70, 60)}"/>
    <path d="M300 420 Q230 440 220 520 M500 420 Q570 440 580 520" fill="none" stroke="${k.c}" stroke-width="26" stroke-linecap="round"/>
    <circle cx="330" cy="585" r="34" fill="${SCREEN}"/><circle cx="470" cy="585" r="34" fill="${SCREEN}"/>
    <circle cx="330" cy="585" r="12" fill="${METAL}"/><circle cx="470" cy="585" r="12" fill="${METAL}"/>`,
  boardGame: (k) => {
    const die = (x, y, rot, pips) => {
      const pos = { 1: [[50, 50]], 3: [[25, 25], [50, 50], [75, 75]], 5: [[25, 25], [75, 25], [50, 50], [25, 75], [75, 75]], 6: [[27, 22], [73, 22], [27, 50], [73, 50], [27, 78], [73, 78]] }[pips];
      return `<g transform="rotate(${rot} ${x + 50} ${y + 50})"><rect x="${x}" y="${y}" width="100" height="100" rx="18" fill="${WHITE}"/>${pos
        .map(([px, py]) => `<circle cx="${x + px}" cy="${y + py}" r="9" fill="${SCREEN}"/>`)
        .join('')}</g>`;
    };
    return `
    <rect x="170" y="210" width="460" height="300" rx="20" fill="${k.cd}"/>
    <rect x="170" y="210" width="460" height="270" rx="20" fill="${k.c}"/>
    <circle cx="400" cy="340" r="90" fill="${k.cx}"/>
    <circle cx="400" cy="340" r="60" fill="${hsl(k.h + 40, 80, 62)}"/>
    <circle cx="250" cy="260" r="6" fill="${WHITE}"/><circle cx="560" cy="300" r="8" fill="${WHITE}"/><circle cx="520" cy="440" r="5" fill="${WHITE}"/><circle cx="270" cy="420" r="7" fill="${WHITE}"/>
    <path d="M320 410 A110 40 -15 0 0 500 270" fill="none" stroke="${WHITE}" stroke-width="8" opacity="0.7"/>
    ${die(270, 520, -12, 5)}${die(420, 540, 14, 3)}`;
  },
  tiles: (k) => {
    const c1 = hsl(k.h, 80, 60), c2 = hsl(k.h + 100, 75, 55), c3 = hsl(k.h + 200, 80, 62), c4 = hsl(k.h + 300, 75, 62);
    return `
    <g opacity="0.82">
      <rect x="210" y="380" width="190" height="190" rx="12" fill="${c1}"/>
      <rect x="400" y="380" width="190" height="190" rx="12" fill="${c2}"/>
      <path d="M210 380 L305 220 L400 380 Z" fill="${c3}"/>
      <path d="M400 380 L495 220 L590 380 Z" fill="${c4}"/>
      <path d="M305 220 H495 L400 380 Z" fill="${c1}"/>
    </g>
    <path d="M210 380 H590 M400 380 V570 M305 220 L400 380 L495 220" fill="none" stroke="${WHITE}" stroke-width="6" opacity="0.8"/>
    <rect x="210" y="380" width="380" height="190" rx="12" fill="none" stroke="${WHITE}" stroke-width="6" opacity="0.8"/>`;
  },
  plush: () => {
    const fur = hsl(24, 85, 56), furD = hsl(20, 75, 44);
    return `
    <path d="M250 300 L230 150 L350 250 Z" fill="${fur}"/><path d="M550 300 L570 150 L450 250 Z" fill="${fur}"/>
    <path d="M262 270 L250 185 L318 245 Z" fill="${SCREEN}"/><path d="M538 270 L550 185 L482 245 Z" fill="${SCREEN}"/>
    <path d="M220 330 Q230 230 400 225 Q570 230 580 330 L560 420 Q500 560 400 600 Q300 560 240 420 Z" fill="${fur}"/>
    <path d="M240 400 Q320 420 400 600 Q480 420 560 400 Q520 520 400 600 Q280 520 240 400 Z" fill="${WHITE}"/>
    <path d="M300 380 Q330 400 360 380 M440 380 Q470 400 500 380" fill="none" stroke="${SCREEN}" stroke-width="10" stroke-linecap="round"/>
    <ellipse cx="400" cy="560" rx="28" ry="20" fill="${SCREEN}"/>
    <ellipse cx="300" cy="440" rx="24" ry="14" fill="#f9a8d4" opacity="0.8"/><ellipse cx="500" cy="440" rx="24" ry="14" fill="#f9a8d4" opacity="0.8"/>
    <path d="M330 260 Q400 240 470 260" fill="none" stroke="${furD}" stroke-width="8" stroke-linecap="round" opacity="0.5"/>`;
  },
  puzzle: (k) => `
    <path d="M240 240 H350 a50 50 0 1 1 100 0 H560 V350 a50 50 0 1 1 0 100 V560 H450 a50 50 0 1 0 -100 0 H240 V450 a50 50 0 1 0 0 -100 Z" fill="${k.c}"/>
    <path d="M240 240 H350 a50 50 0 1 1 100 0 H560 V270 H240 Z" fill="${k.cl}" opacity="0.35"/>
    <circle cx="400" cy="400" r="70" fill="${k.cl}" opacity="0.5"/>
    <path d="M360 420 L390 380 L410 405 L430 375 L450 420 Z" fill="${k.cd}"/>
    <g transform="translate(520 500) rotate(20)"><path d="M0 0 H50 a25 25 0 1 1 50 0 H130 V110 H0 Z" fill="${hsl(k.h + 150, 70, 58)}"/></g>`,
  rcCar: (k) => `
    <path d="M170 470 Q170 400 240 390 L320 310 Q340 290 370 290 H500 Q530 290 550 320 L600 390 Q640 395 640 440 V490 H170 Z" fill="${k.c}"/>
    <path d="M340 320 H420 V390 H280 Z" fill="${SCREEN}"/><path d="M440 320 H500 Q515 320 525 335 L560 390 H440 Z" fill="${SCREEN}"/>
    <path d="M560 280 H650 V300 H580 Z" fill="${k.cx}"/><rect x="590" y="300" width="12" height="60" fill="${k.cx}"/>
    <rect x="170" y="430" width="470" height="22" fill="${k.cl}" opacity="0.7"/>
    <circle cx="270" cy="500" r="62" fill="${SCREEN}"/><circle cx="540" cy="500" r="62" fill="${SCREEN}"/>
    <circle cx="270" cy="500" r="26" fill="${METAL}"/><circle cx="540" cy="500" r="26" fill="${METAL}"/>
    <path d="M660 240 V170" stroke="${SCREEN}" stroke-width="6"/><circle cx="660" cy="168" r="9" fill="${hsl(k.h + 180, 85, 55)}"/>`,

  // --- beauty -------------------------------------------------------------
  bottle: (k) => `
    <rect x="360" y="150" width="80" height="90" rx="12" fill="${k.cx}"/>
    <rect x="372" y="230" width="56" height="40" fill="${k.cd}"/>
    <path d="M330 270 H470 Q520 290 520 350 V590 Q520 630 480 630 H320 Q280 630 280 590 V350 Q280 290 330 270 Z" fill="${k.c}" opacity="0.92"/>
    <rect x="305" y="400" width="190" height="150" rx="14" fill="${WHITE}"/>
    <rect x="335" y="440" width="130" height="16" rx="8" fill="${k.cd}"/>
    <rect x="355" y="472" width="90" height="10" rx="5" fill="${k.cl}"/>
    <rect x="300" y="310" width="22" height="270" rx="11" fill="${WHITE}" opacity="0.35"/>`,
  dropper: (k) => `
    <path d="M372 150 Q372 100 400 100 Q428 100 428 150 V220 H372 Z" fill="${k.cx}"/>
    <rect x="345" y="215" width="110" height="70" rx="14" fill="#d4af6a"/>
    <path d="M340 285 H460 Q540 300 540 380 V580 Q540 630 490 630 H310 Q260 630 260 580 V380 Q260 300 340 285 Z" fill="${k.c}" opacity="0.9"/>
    <rect x="290" y="420" width="220" height="130" rx="12" fill="${WHITE}" opacity="0.92"/>
    <circle cx="400" cy="485" r="36" fill="${k.cl}"/>
    <rect x="282" y="330" width="24" height="250" rx="12" fill="${WHITE}" opacity="0.35"/>`,
  jar: (k) => `
    <rect x="220" y="290" width="360" height="100" rx="22" fill="${k.cx}"/>
    <path d="M240 300 H560" stroke="${k.cl}" stroke-width="6" opacity="0.4"/>
    <path d="M235 380 H565 V560 Q565 610 515 610 H285 Q235 610 235 560 Z" fill="${k.c}"/>
    <rect x="280" y="430" width="240" height="120" rx="14" fill="${WHITE}"/>
    <rect x="320" y="470" width="160" height="16" rx="8" fill="${k.cd}"/>
    <rect x="350" y="500" width="100" height="10" rx="5" fill="${k.cl}"/>
    <path d="M320 240 Q400 180 480 240" fill="none" stroke="${WHITE}" stroke-width="12" stroke-linecap="round" opacity="0.7"/>`,
  tube: (k) => `
    <g transform="rotate(-20 400 400)">
      <path d="M320 170 H480 L470 190 V520 H330 V190 Z" fill="${k.c}"/>
      <rect x="312" y="160" width="176" height="24" rx="6" fill="${k.cd}"/>
      <rect x="330" y="520" width="140" height="110" rx="14" fill="${k.cx}"/>
      <rect x="350" y="280" width="100" height="150" rx="10" fill="${WHITE}" opacity="0.9"/>
      <circle cx="400" cy="330" r="26" fill="${hsl(k.h + 40, 90, 60)}"/>
      <rect x="370" y="380" width="60" height="10" rx="5" fill="${k.cd}"/>
    </g>`,
};

// Which illustration a product gets: first keyword match in its slug, else the category default.
const ICON_RULES = {
  electronics: [[/earbud/, 'earbuds'], [/headphone/, 'headphones'], [/speaker/, 'speaker'], [/watch/, 'watch'], [/monitor|display/, 'monitor'], [/keyboard/, 'keyboard'], [/laptop|ultrabook/, 'laptop'], [/charg/, 'chargingPad'], [/.*/, 'phone']],
  'home-kitchen': [[/teapot/, 'teapot'], [/kettle/, 'kettle'], [/cookware|dutch-oven|pot\b/, 'pot'], [/board/, 'boards'], [/towel/, 'towels'], [/.*/, 'mug']],
  fashion: [[/hoodie/, 'hoodie'], [/jacket|coat/, 'jacket'], [/beanie|hat/, 'beanie'], [/sock/, 'socks'], [/shirt/, 'shirt'], [/.*/, 'tshirt']],
  books: [[/.*/, 'book']],
  'sports-outdoors': [[/football|ball/, 'ball'], [/dumbbell/, 'dumbbell'], [/bottle/, 'waterBottle'], [/mat\b|yoga/, 'yogaMat'], [/tent/, 'tent'], [/heart/, 'heartStrap'], [/vest/, 'vest'], [/.*/, 'ball']],
  'toys-games': [[/robot/, 'robot'], [/board-game|game/, 'boardGame'], [/tiles/, 'tiles'], [/plush|fox/, 'plush'], [/puzzle/, 'puzzle'], [/car\b|rc-/, 'rcCar'], [/.*/, 'blocks']],
  beauty: [[/serum|oil/, 'dropper'], [/cream|mask|butter/, 'jar'], [/sunscreen|balm|tube/, 'tube'], [/.*/, 'bottle']],
};

// Background gradient and item hues per category.
const CATEGORY_STYLE = {
  electronics: { bg: ['#eef2ff', '#c7d2fe'], hues: [225, 250, 195, 340, 265], sat: 62, light: 54 },
  'home-kitchen': { bg: ['#fff7ed', '#fed7aa'], hues: [8, 22, 165, 200, 345], sat: 58, light: 55 },
  fashion: { bg: ['#fdf2f8', '#fbcfe8'], hues: [212, 340, 150, 42, 268, 16], sat: 55, light: 52 },
  books: { bg: ['#fafaf9', '#e7e5e4'], hues: [0, 28, 140, 205, 230, 280, 330], sat: 55, light: 45 },
  'sports-outdoors': { bg: ['#f0fdf4', '#bbf7d0'], hues: [200, 12, 40, 262, 170, 330], sat: 66, light: 50 },
  'toys-games': { bg: ['#fefce8', '#fde68a'], hues: [0, 200, 280, 140, 25, 320], sat: 70, light: 56 },
  beauty: { bg: ['#fdf4ff', '#f5d0fe'], hues: [330, 285, 18, 40, 170, 350], sat: 55, light: 60 },
};

function productSvg(product) {
  const r = prng(`product:${product.slug}`);
  const style = CATEGORY_STYLE[product.category];
  if (!style) throw new Error(`no image style for category "${product.category}" (${product.slug})`);
  const rules = ICON_RULES[product.category];
  const iconName = rules.find(([re]) => re.test(product.slug))[1];
  const h = r.pick(style.hues) + r.int(-10, 10);
  const k = { ...family(h, style.sat, style.light), h };
  const angle = r.int(-7, 7);
  const scale = r2(r.range(0.92, 1.02));
  const gx = r.pick([0, 1]);

  let sparkles = '';
  for (let i = 0; i < 7; i++) {
    const x = r.int(60, 740);
    const y = r.int(60, 740);
    if (Math.hypot(x - 400, y - 400) < 300) continue;
    sparkles += `<circle cx="${x}" cy="${y}" r="${r.int(5, 14)}" fill="${WHITE}" opacity="${r2(r.range(0.35, 0.75))}"/>`;
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
  <defs>
    <linearGradient id="bg" x1="${gx}" y1="0" x2="${1 - gx}" y2="1"><stop offset="0" stop-color="${style.bg[0]}"/><stop offset="1" stop-color="${style.bg[1]}"/></linearGradient>
    <radialGradient id="stage" cx="0.5" cy="0.45" r="0.5"><stop offset="0" stop-color="#ffffff" stop-opacity="0.85"/><stop offset="1" stop-color="#ffffff" stop-opacity="0"/></radialGradient>
    <radialGradient id="shadow" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#1f2937" stop-opacity="0.28"/><stop offset="1" stop-color="#1f2937" stop-opacity="0"/></radialGradient>
  </defs>
  <rect width="800" height="800" fill="url(#bg)"/>
  <circle cx="400" cy="380" r="330" fill="url(#stage)"/>
  ${sparkles}
  <ellipse cx="400" cy="672" rx="250" ry="38" fill="url(#shadow)"/>
  <g transform="translate(400 400) rotate(${angle}) scale(${scale}) translate(-400 -400)">${icons[iconName](k, r)}</g>
</svg>`;
}

// ---------------------------------------------------------------------------
// NFT generative art, one style per collection
// ---------------------------------------------------------------------------

const trait = (nft, name) => nft.attributes.find((a) => a.trait_type === name)?.value;

const NEON_BG = { Midnight: '#0b1026', Violet: '#1c0b33', 'Deep Teal': '#032b2b', Ink: '#0a0a12', Plum: '#2a0a26', Navy: '#08183a' };
const NEON_GLOW = { Magenta: '#ff2bd6', Cyan: '#22e8ff', Lime: '#a3ff12', Amber: '#ffb020', 'Electric Blue': '#3d7bff', 'Hot Pink': '#ff3d8b' };
const NEON_SIDES = { Circle: 0, Triangle: 3, Square: 4, Diamond: 4, Hexagon: 6, Octagon: 8 };

function polygonPoints(cx, cy, radius, sides, rotDeg) {
  const pts = [];
  for (let i = 0; i < sides; i++) {
    const a = ((rotDeg + (360 / sides) * i - 90) * Math.PI) / 180;
    pts.push(`${r2(cx + radius * Math.cos(a))},${r2(cy + radius * Math.sin(a))}`);
  }
  return pts.join(' ');
}

function neonSvg(nft, r) {
  const bg = NEON_BG[trait(nft, 'Background')] ?? '#0b1026';
  const glow = NEON_GLOW[trait(nft, 'Glow')] ?? '#22e8ff';
  const shape = trait(nft, 'Shape') ?? 'Circle';
  const rings = Number(trait(nft, 'Rings') ?? 6);
  const second = r.pick(Object.values(NEON_GLOW).filter((c) => c !== glow));
  const sides = NEON_SIDES[shape] ?? 0;
  const baseRot = shape === 'Diamond' ? 45 : shape === 'Square' ? 0 : r.int(0, 30);
  const twist = r.int(3, 12) * r.pick([-1, 1]);
  const cx = 400 + r.int(-30, 30);
  const cy = 360 + r.int(-20, 20);

  // Synthwave floor grid
  let grid = '';
  for (let i = -8; i <= 8; i++) grid += `<path d="M${400 + i * 30} 560 L${400 + i * 140} 800" stroke="${glow}" stroke-width="2" opacity="0.35"/>`;
  for (let i = 0; i < 7; i++) {
    const y = r2(560 + 240 * Math.pow(i / 7, 1.7) + 2);
    grid += `<path d="M0 ${y} H800" stroke="${glow}" stroke-width="2" opacity="${r2(0.12 + i * 0.05)}"/>`;
  }

  let stars = '';
  for (let i = 0; i < 40; i++) stars += `<circle cx="${r.int(0, 800)}" cy="${r.int(0, 540)}" r="${r2(r.range(0.8, 2.4))}" fill="#ffffff" opacity="${r2(r.range(0.3, 0.9))}"/>`;

  let shapes = '';
  for (let i = 0; i < rings; i++) {
    const radius = 40 + (i * 250) / rings + r.int(0, 10);
    const colour = i % 2 === 0 ? glow : second;
    const width = r2(r.range(4, 11));
    const dash = r.chance(0.3) ? ` stroke-dasharray="${r.int(8, 40)} ${r.int(8, 24)}"` : '';
    shapes +=
      sides === 0
        ? `<circle cx="${cx}" cy="${cy}" r="${r2(radius)}" fill="none" stroke="${colour}" stroke-width="${width}"${dash}/>`
        : `<polygon points="${polygonPoints(cx, cy, radius, sides, baseRot + i * twist)}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-linejoin="round"${dash}/>`;
  }

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
  <defs>
    <radialGradient id="sky" cx="0.5" cy="0.45" r="0.7"><stop offset="0" stop-color="${glow}" stop-opacity="0.22"/><stop offset="0.6" stop-color="${bg}" stop-opacity="0"/></radialGradient>
    <linearGradient id="floor" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${bg}"/><stop offset="1" stop-color="#000000"/></linearGradient>
    <filter id="glow" x="-20%" y="-20%" width="140%" height="140%"><feGaussianBlur stdDeviation="9"/></filter>
  </defs>
  <rect width="800" height="800" fill="${bg}"/>
  <rect width="800" height="800" fill="url(#sky)"/>
  ${stars}
  <rect y="560" width="800" height="240" fill="url(#floor)"/>
  ${grid}
  <g filter="url(#glow)" opacity="0.9">${shapes}</g>
  <g>${shapes}</g>
  <circle cx="${cx}" cy="${cy}" r="14" fill="#ffffff"/>
</svg>`;
}

const PAL_BODY = { Mint: 160, Tangerine: 28, Bubblegum: 330, Sky: 200, Lemon: 52, Lavender: 265, Coral: 8, Slime: 95 };
const PIXEL_TEMPLATES = {
  // Left halves (8 columns); mirrored to 16. Columns 0-1 stay empty so the outline never touches the edge.
  Blob: ['........', '........', '........', '........', '.....xxx', '...xxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '...x.xxx', '........', '........'],
  Bot: ['........', '......x.', '......x.', '...xxxxx', '...xxxxx', '...xxxxx', '...xxxxx', '...xxxxx', '.....xxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '...xxxxx', '....xx..', '........', '........'],
  Critter: ['........', '..x.....', '..xx....', '..xxx...', '..xxxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '..xxxxxx', '...xxxxx', '...xxxxx', '..xxxxxx', '..xx..xx', '........', '........'],
};
const EYE_ROW = { Blob: 8, Bot: 5, Critter: 6 };

function pixelSvg(nft, r) {
  const species = trait(nft, 'Species') ?? 'Blob';
  const eyes = trait(nft, 'Eyes') ?? 'Round';
  const hue = PAL_BODY[trait(nft, 'Body')] ?? r.int(0, 359);
  const body = hsl(hue, 75, 62);
  const bodyLight = hsl(hue, 80, 78);
  const bodyDark = hsl(hue, 60, 44);
  const outline = hsl(hue, 45, 18);
  const bgHue = hue + 180 + r.int(-30, 30);
  const bgA = hsl(bgHue, 45, 86);
  const bgB = hsl(bgHue, 45, 81);

  const N = 16;
  const cell = SIZE / N;
  const grid = PIXEL_TEMPLATES[species].map((row) => [...row, ...[...row].reverse()].map((ch) => (ch === 'x' ? 1 : 0)));
  // Symmetric random mutations around the silhouette (never the head row of eyes).
  const mutations = r.int(2, 5);
  for (let m = 0; m < mutations; m++) {
    const y = r.int(1, 13);
    const x = r.int(2, 7);
    if (y === EYE_ROW[species] || y === EYE_ROW[species] + 2) continue;
    const v = grid[y][x] ? 0 : 1;
    const neighbour = grid[y][x + 1] || grid[y][x - 1] || grid[y - 1][x] || grid[y + 1][x];
    if (!neighbour) continue;
    grid[y][x] = v;
    grid[y][N - 1 - x] = v;
  }

  const px = (x, y, fill, w = 1, h = 1) => `<rect x="${x * cell}" y="${y * cell}" width="${w * cell}" height="${h * cell}" fill="${fill}"/>`;
  let out = '';
  // Background checker
  for (let y = 0; y < N; y++) for (let x = 0; x < N; x++) out += px(x, y, (x + y) % 2 ? bgA : bgB);
  // Ground shadow
  out += px(3, 14, hsl(bgHue, 30, 70), 10, 1);
  // Outline: empty cells next to the body
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      if (grid[y][x]) continue;
      const near = [[0, 1], [0, -1], [1, 0], [-1, 0]].some(([dx, dy]) => grid[y + dy]?.[x + dx]);
      if (near) out += px(x, y, outline);
    }
  }
  // Body, with a lighter belly and darker lower edge
  const spots = r.chance(0.5);
  for (let y = 0; y < N; y++) {
    for (let x = 0; x < N; x++) {
      if (!grid[y][x]) continue;
      let fill = body;
      if (!grid[y + 1]?.[x]) fill = bodyDark;
      else if (y >= EYE_ROW[species] + 3 && y <= 12 && x >= 6 && x <= 9) fill = bodyLight;
      else if (spots && (Math.min(x, N - 1 - x) * 7 + y * 3) % 11 === 0) fill = bodyDark;
      out += px(x, y, fill);
    }
  }
  // Eyes
  const ey = EYE_ROW[species];
  const eyeX = [5, 10];
  if (eyes === 'Round') {
    for (const x of eyeX) out += px(x, ey, outline) + `<rect x="${x * cell + 8}" y="${ey * cell + 8}" width="14" height="14" fill="#ffffff"/>`;
  } else if (eyes === 'Wide') {
    for (const x of eyeX) out += px(x, ey - 1, '#ffffff') + px(x, ey, '#ffffff') + px(x, ey, outline) + `<rect x="${x * cell}" y="${ey * cell}" width="${cell}" height="${cell / 2}" fill="#ffffff"/>`;
  } else if (eyes === 'Sleepy') {
    for (const x of eyeX) out += `<rect x="${(x - 0.5) * cell}" y="${(ey + 0.4) * cell}" width="${cell * 2}" height="${cell * 0.3}" fill="${outline}"/>`;
  } else {
    out += px(7, ey - 1, '#ffffff', 2, 2) + px(7, ey, outline) + `<rect x="${7 * cell + 8}" y="${ey * cell + 8}" width="12" height="12" fill="#ffffff"/>`;
  }
  // Mouth and cheeks
  out += px(7, ey + 2, outline, 2, 1);
  if (r.chance(0.5)) out += px(7, ey + 2, '#ff6b8b', 1, 1);
  if (species !== 'Bot') out += px(4, ey + 1, '#ff9ebb') + px(11, ey + 1, '#ff9ebb');
  else out += px(6, 1, hsl(hue + 180, 90, 60)) + px(9, 1, hsl(hue + 180, 90, 60));

  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800" shape-rendering="crispEdges">${out}</svg>`;
}

const PRISM_PALETTES = {
  Bauhaus: { bg: '#f3ead8', colours: ['#d7263d', '#1b4b8f', '#f4b400', '#1b1b1b', '#f3ead8'] },
  Sunset: { bg: '#fff1e6', colours: ['#ff6b35', '#f7c59f', '#2a2d58', '#e63946', '#ffd166'] },
  Nordic: { bg: '#eef2f3', colours: ['#2e4057', '#8fb8de', '#d1d6e0', '#5c7c8a', '#f2a541'] },
  Citrus: { bg: '#fbfbe8', colours: ['#ff9f1c', '#2ec4b6', '#cbf3f0', '#ffbf69', '#3a5a40'] },
  Terracotta: { bg: '#f4e9dc', colours: ['#c0643f', '#e9b872', '#6b4226', '#a3b18a', '#344e41'] },
  Ocean: { bg: '#e8f4f8', colours: ['#05668d', '#028090', '#00a896', '#02c39a', '#f0f3bd'] },
};

function prismSvg(nft, r) {
  const palette = PRISM_PALETTES[trait(nft, 'Palette')] ?? PRISM_PALETTES.Bauhaus;
  const n = Number(String(trait(nft, 'Grid') ?? '4x4').split('x')[0]) || 4;
  const margin = 48;
  const s = (SIZE - margin * 2) / n;
  const col = () => r.pick(palette.colours);
  let cells = '';
  for (let gy = 0; gy < n; gy++) {
    for (let gx = 0; gx < n; gx++) {
      const x = r2(margin + gx * s);
      const y = r2(margin + gy * s);
      const bgc = col();
      let fg = col();
      if (fg === bgc) fg = palette.colours[(palette.colours.indexOf(bgc) + 2) % palette.colours.length];
      const kind = r.int(0, 6);
      const corner = r.int(0, 3);
      const cxs = [x, x + s, x + s, x][corner];
      const cys = [y, y, y + s, y + s][corner];
      let shape;
      switch (kind) {
        case 0: // quarter circle from a corner
          shape = `<path d="M${cxs} ${cys} L${r2(cxs + (corner === 0 || corner === 3 ? s : -s))} ${cys} A${r2(s)} ${r2(s)} 0 0 ${corner % 2 === 0 ? 1 : 0} ${cxs} ${r2(cys + (corner < 2 ? s : -s))} Z" fill="${fg}"/>`;
          break;
        case 1: // circle
          shape = `<circle cx="${r2(x + s / 2)}" cy="${r2(y + s / 2)}" r="${r2(s * 0.38)}" fill="${fg}"/>`;
          break;
        case 2: // triangle (half square)
          shape = `<path d="${[`M${x} ${y} L${r2(x + s)} ${y} L${x} ${r2(y + s)} Z`, `M${r2(x + s)} ${y} L${r2(x + s)} ${r2(y + s)} L${x} ${y} Z`, `M${r2(x + s)} ${r2(y + s)} L${x} ${r2(y + s)} L${r2(x + s)} ${y} Z`, `M${x} ${r2(y + s)} L${x} ${y} L${r2(x + s)} ${r2(y + s)} Z`][corner]}" fill="${fg}"/>`;
          break;
        case 3: // half circle
          shape = `<path d="M${x} ${r2(y + s / 2)} A${r2(s / 2)} ${r2(s / 2)} 0 0 1 ${r2(x + s)} ${r2(y + s / 2)} Z" fill="${fg}" transform="rotate(${corner * 90} ${r2(x + s / 2)} ${r2(y + s / 2)})"/>`;
          break;
        case 4: // stripes
          shape = [0.2, 0.45, 0.7].map((f) => `<rect x="${x}" y="${r2(y + s * f)}" width="${r2(s)}" height="${r2(s * 0.12)}" fill="${fg}" transform="rotate(${corner % 2 ? 90 : 0} ${r2(x + s / 2)} ${r2(y + s / 2)})"/>`).join('');
          break;
        case 5: // ring
          shape = `<circle cx="${r2(x + s / 2)}" cy="${r2(y + s / 2)}" r="${r2(s * 0.3)}" fill="none" stroke="${fg}" stroke-width="${r2(s * 0.12)}"/>`;
          break;
        default: // small dot grid
          shape = [0.25, 0.5, 0.75].flatMap((fx) => [0.25, 0.5, 0.75].map((fy) => `<circle cx="${r2(x + s * fx)}" cy="${r2(y + s * fy)}" r="${r2(s * 0.07)}" fill="${fg}"/>`)).join('');
      }
      cells += `<rect x="${x}" y="${y}" width="${r2(s)}" height="${r2(s)}" fill="${bgc}"/>${shape}`;
    }
  }
  const big = `<circle cx="${r.int(200, 600)}" cy="${r.int(200, 600)}" r="${r.int(110, 190)}" fill="${col()}" opacity="0.78"/>`;
  const line = `<path d="M${margin} ${r.int(250, 550)} L${SIZE - margin} ${r.int(250, 550)}" stroke="${palette.colours[3]}" stroke-width="10"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 800 800">
  <defs><clipPath id="frame"><rect x="${margin}" y="${margin}" width="${SIZE - margin * 2}" height="${SIZE - margin * 2}"/></clipPath></defs>
  <rect width="800" height="800" fill="${palette.bg}"/>
  <g clip-path="url(#frame)">${cells}${big}${line}</g>
  <rect x="${margin}" y="${margin}" width="${SIZE - margin * 2}" height="${SIZE - margin * 2}" fill="none" stroke="${palette.colours[3]}" stroke-width="6"/>
</svg>`;
}

const NFT_STYLES = { 'neon-drifters': neonSvg, 'pixel-pals': pixelSvg, 'prism-fields': prismSvg };

function nftSvg(nft) {
  const style = NFT_STYLES[nft.collection];
  if (!style) throw new Error(`no art style for collection "${nft.collection}" (${nft.slug})`);
  return style(nft, prng(`nft:${nft.slug}`));
}

// ---------------------------------------------------------------------------
// Logo
// ---------------------------------------------------------------------------

const LOGO_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="192" height="192" viewBox="0 0 192 192">
  <rect width="192" height="192" rx="44" fill="#4f46e5"/>
  <path fill="#ffffff" fill-rule="evenodd" d="M58 152 V54 Q58 40 72 40 H106 A36 36 0 0 1 106 112 H84 V152 Q84 160 76 160 H66 Q58 160 58 152 Z M84 64 V88 H104 A12 12 0 0 0 104 64 Z"/>
  <circle cx="140" cy="146" r="12" fill="#a5b4fc"/>
</svg>
`;

// ---------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------

async function writeWebp(svg, relative, quality, maxBytes) {
  const file = path.join(IMAGES_DIR, relative);
  await mkdir(path.dirname(file), { recursive: true });
  let q = quality;
  let buf;
  // Step the quality down if an image would exceed its size budget.
  for (;;) {
    buf = await sharp(Buffer.from(svg)).webp({ quality: q, effort: 6, smartSubsample: true }).toBuffer();
    if (buf.length <= maxBytes || q <= 40) break;
    q -= 6;
  }
  await writeFile(file, buf);
  return buf.length;
}

async function removeStale(dir, keep) {
  let entries = [];
  try {
    entries = await readdir(path.join(IMAGES_DIR, dir));
  } catch {
    return;
  }
  for (const name of entries) {
    if (name.endsWith('.webp') && !keep.has(`${dir}/${name}`)) await rm(path.join(IMAGES_DIR, dir, name));
  }
}

async function main() {
  const catalog = JSON.parse(await readFile(path.join(SEED_DIR, 'catalog.json'), 'utf8'));
  const written = new Set();
  let total = 0;

  for (const product of catalog.products) {
    const svg = productSvg(product);
    for (const image of product.images) {
      total += await writeWebp(svg, image, 72, 40 * 1024);
      written.add(image);
    }
  }
  for (const nft of catalog.nfts) {
    total += await writeWebp(nftSvg(nft), nft.image, 75, 60 * 1024);
    written.add(nft.image);
  }
  await removeStale('products', written);
  await removeStale('nfts', written);

  await writeFile(path.join(IMAGES_DIR, 'logo.svg'), LOGO_SVG);
  const logo = await sharp(Buffer.from(LOGO_SVG)).png({ compressionLevel: 9 }).toBuffer();
  await writeFile(path.join(IMAGES_DIR, 'logo.png'), logo);
  total += logo.length;

  console.log(`wrote ${written.size} images + logo (${(total / 1024).toFixed(0)} KiB) to ${path.relative(ROOT, IMAGES_DIR)}`);
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
