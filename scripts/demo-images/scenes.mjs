import { WHITE } from './lib.mjs';

// Where a product is shown in use: one setting per category, the product placed on its surface.
// Each returns the backdrop drawn before the product and what stands in front of it (if anything),
// and where the product stands (its bottom centre) and how large.

const plant = (x, y, pot = '#e07a5f', leaf = '#4d7c0f') => `
  <path d="M${x} ${y - 70} Q${x - 60} ${y - 150} ${x - 40} ${y - 210} Q${x - 10} ${y - 140} ${x} ${y - 70} Z" fill="${leaf}"/>
  <path d="M${x} ${y - 70} Q${x + 70} ${y - 140} ${x + 50} ${y - 200} Q${x + 10} ${y - 140} ${x} ${y - 70} Z" fill="#65a30d"/>
  <path d="M${x} ${y - 70} Q${x - 10} ${y - 170} ${x + 10} ${y - 240} Q${x + 25} ${y - 160} ${x} ${y - 70} Z" fill="#84cc16"/>
  <path d="M${x - 50} ${y - 80} H${x + 50} L${x + 38} ${y} H${x - 38} Z" fill="${pot}"/>
  <rect x="${x - 56}" y="${y - 92}" width="112" height="20" rx="6" fill="${pot}"/>`;

const shadow = (x, y, w) => `<ellipse cx="${x}" cy="${y}" rx="${w}" ry="${w / 7}" fill="#1f2937" opacity="0.18"/>`;

export const SCENES = {
  desk: {
    back: () => `
      <rect width="800" height="800" fill="#e0e7ff"/>
      <rect x="70" y="70" width="250" height="300" rx="10" fill="#f8fafc"/><rect x="84" y="84" width="222" height="272" fill="#bae6fd"/>
      <circle cx="250" cy="150" r="34" fill="#fde68a"/><path d="M84 300 Q160 250 220 290 T306 270 V356 H84 Z" fill="#86efac"/>
      <path d="M195 84 V356 M84 220 H306" stroke="#f8fafc" stroke-width="10"/>
      <path d="M560 120 H700 L720 150 H540 Z" fill="#334155"/><path d="M630 150 L600 380" stroke="#475569" stroke-width="10"/>
      <rect x="0" y="600" width="800" height="200" fill="#b7794a"/><rect x="0" y="600" width="800" height="14" fill="#d4a373"/>
      ${plant(700, 600, '#f1f5f9')}`,
    stand: { x: 410, y: 640, scale: 0.7 },
  },
  kitchen: {
    back: () => {
      let tiles = '';
      for (let y = 0; y < 600; y += 60) for (let x = (y / 60) % 2 ? -40 : 0; x < 800; x += 80) tiles += `<rect x="${x + 3}" y="${y + 3}" width="74" height="54" rx="4" fill="#fffbeb"/>`;
      return `
      <rect width="800" height="800" fill="#fde68a"/>${tiles}
      <rect x="60" y="140" width="300" height="14" rx="7" fill="#78716c"/>
      <path d="M110 154 V230 M170 154 V250 M230 154 V220" stroke="#a8a29e" stroke-width="8"/>
      <ellipse cx="110" cy="250" rx="22" ry="30" fill="#a8a29e"/><rect x="156" y="250" width="28" height="40" rx="6" fill="#a8a29e"/><circle cx="230" cy="236" r="20" fill="#a8a29e"/>
      <rect x="0" y="600" width="800" height="200" fill="#e7e5e4"/><rect x="0" y="600" width="800" height="16" fill="#f5f5f4"/>
      <path d="M90 640 Q200 660 320 630 M500 700 Q620 690 760 720" stroke="#d6d3d1" stroke-width="6" fill="none"/>
      ${plant(110, 600, '#fb923c', '#15803d')}`;
    },
    stand: { x: 440, y: 650, scale: 0.7 },
  },
  rail: {
    back: () => `
      <rect width="800" height="800" fill="#fce7f3"/>
      <rect x="0" y="0" width="800" height="560" fill="#fdf2f8"/>
      <rect x="60" y="110" width="680" height="16" rx="8" fill="#94a3b8"/>
      <path d="M400 126 V160 Q400 178 384 180" fill="none" stroke="#64748b" stroke-width="8" stroke-linecap="round"/>
      <path d="M312 236 L400 184 L488 236" fill="none" stroke="#8b5a2b" stroke-width="12" stroke-linecap="round" stroke-linejoin="round"/>
      <rect x="110" y="126" width="40" height="300" rx="8" fill="#a5b4fc" opacity="0.6"/><rect x="650" y="126" width="40" height="330" rx="8" fill="#fca5a5" opacity="0.6"/>
      <rect x="0" y="700" width="800" height="100" fill="#e9d5c5"/>`,
    // Hung from the hanger: the shoulders (y 200 of the drawing) meet it, and nothing stands on the floor.
    stand: { x: 400, y: 232, scale: 0.7, from: 200 },
    shadow: false,
  },
  shelf: {
    back: () => `
      <rect width="800" height="800" fill="#fdf2f8"/>
      <rect x="60" y="180" width="680" height="18" rx="6" fill="#c08457"/>
      <rect x="100" y="110" width="70" height="70" rx="8" fill="#f9a8d4"/><rect x="180" y="128" width="60" height="52" rx="8" fill="#a5b4fc"/>
      <rect x="0" y="600" width="800" height="200" fill="#c08457"/><rect x="0" y="600" width="800" height="14" fill="#d4a373"/>
      ${plant(680, 600, '#fbcfe8')}`,
    stand: { x: 380, y: 640, scale: 0.7 },
  },
  reading: {
    back: () => `
      <rect width="800" height="800" fill="#f5f5f4"/>
      <rect x="60" y="250" width="680" height="20" rx="6" fill="#a16207"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) => `<rect x="${90 + i * 40 + (i > 5 ? 200 : 0)}" y="${250 - 110 - (i % 3) * 16}" width="32" height="${110 + (i % 3) * 16}" rx="3" fill="${['#b91c1c', '#1d4ed8', '#15803d', '#a16207', '#7c3aed', '#0e7490', '#be123c', '#4d7c0f', '#334155', '#c2410c', '#0f766e'][i]}"/>`).join('')}
      <rect x="0" y="600" width="800" height="200" fill="#92400e"/><rect x="0" y="600" width="800" height="14" fill="#b45309"/>
      <path d="M640 470 h90 v110 q0 30 -30 30 h-30 q-30 0 -30 -30 z" fill="#f8fafc"/><path d="M730 500 q40 0 40 30 t-40 30" fill="none" stroke="#f8fafc" stroke-width="12"/>
      <path d="M665 440 q-14 -20 0 -40 M700 440 q-14 -20 0 -40" stroke="#cbd5e1" stroke-width="8" fill="none" stroke-linecap="round"/>
      ${plant(110, 600, '#e2e8f0', '#166534')}`,
    stand: { x: 400, y: 650, scale: 0.66, rotate: -6 },
  },
  outdoors: {
    back: () => `
      <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#e0f2fe"/></linearGradient></defs>
      <rect width="800" height="800" fill="url(#sky)"/>
      <circle cx="640" cy="150" r="60" fill="#fde047"/>
      <path d="M0 430 L170 260 L300 390 L430 230 L620 430 Z" fill="#94a3b8"/><path d="M430 230 L470 270 L440 285 L400 265 Z M170 260 L205 295 L180 305 L150 290 Z" fill="${WHITE}"/>
      <path d="M0 520 Q200 430 420 500 T800 470 V800 H0 Z" fill="#4ade80"/>
      <path d="M0 600 Q260 560 520 600 T800 590 V800 H0 Z" fill="#22c55e"/>
      ${[80, 130, 690, 740].map((x) => `<path d="M${x} 610 l8 -26 l8 26" fill="#15803d"/>`).join('')}`,
    stand: { x: 400, y: 680, scale: 0.62 },
  },
  playroom: {
    back: () => `
      <rect width="800" height="800" fill="#fef9c3"/>
      ${[[90, 90], [250, 160], [520, 80], [690, 190], [140, 300], [620, 330], [380, 260]].map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="16" fill="${['#fca5a5', '#93c5fd', '#86efac', '#f9a8d4', '#fcd34d', '#c4b5fd', '#5eead4'][i]}"/>`).join('')}
      <rect x="0" y="560" width="800" height="240" fill="#fde68a"/>
      <ellipse cx="400" cy="680" rx="330" ry="90" fill="#f472b6" opacity="0.5"/><ellipse cx="400" cy="680" rx="250" ry="64" fill="#fbcfe8" opacity="0.7"/>
      <path d="M620 560 v-70 h90 v70 Z" fill="#60a5fa"/><path d="M610 490 l55 -40 l55 40 Z" fill="#f87171"/>`,
    stand: { x: 400, y: 690, scale: 0.6 },
  },
  bathroom: {
    back: () => {
      let tiles = '';
      for (let y = 0; y < 800; y += 80) for (let x = 0; x < 800; x += 80) tiles += `<rect x="${x + 3}" y="${y + 3}" width="74" height="74" rx="6" fill="#f0fdfa"/>`;
      return `
      <rect width="800" height="800" fill="#ccfbf1"/>${tiles}
      <rect x="90" y="70" width="300" height="300" rx="150" fill="#e0f2fe" stroke="#cbd5e1" stroke-width="14"/>
      <rect x="60" y="610" width="680" height="24" rx="8" fill="#e2e8f0"/><rect x="60" y="630" width="680" height="10" rx="5" fill="#94a3b8" opacity="0.5"/>
      <rect x="580" y="520" width="150" height="90" rx="40" fill="#fbcfe8"/><path d="M600 540 H710" stroke="${WHITE}" stroke-width="8" opacity="0.7"/>
      <path d="M120 610 q10 -60 50 -80 q-20 40 -20 80 z" fill="#4ade80"/>`;
    },
    stand: { x: 380, y: 628, scale: 0.68 },
  },
};

/** Each category's setting; a product may ask for another (a beanie on a shelf rather than a hanger). */
export const CATEGORY_SCENE = {
  electronics: 'desk',
  'home-kitchen': 'kitchen',
  fashion: 'rail',
  books: 'reading',
  'sports-outdoors': 'outdoors',
  'toys-games': 'playroom',
  beauty: 'bathroom',
};

export { shadow };
