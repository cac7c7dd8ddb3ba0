import { METAL, WHITE } from '../lib.mjs';

const steel = (id) => `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9ca3af"/><stop offset="0.35" stop-color="#f3f4f6"/><stop offset="0.7" stop-color="#cbd5e1"/><stop offset="1" stop-color="#94a3b8"/></linearGradient>`;
const copper = (id) => `<linearGradient id="${id}" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9a3412"/><stop offset="0.4" stop-color="#fdba74"/><stop offset="1" stop-color="#c2410c"/></linearGradient>`;

/** A steel pot with a copper-tone band and stay-cool handles; `w` wide, standing on `bottom`. */
function pot(cx, bottom, w, h, { lid = true, longHandle = false } = {}) {
  const x = cx - w / 2;
  const top = bottom - h;
  return `
    ${longHandle ? `<rect x="${x + w - 10}" y="${top + 18}" width="${w * 0.9}" height="26" rx="13" fill="#1f2937"/>` : `<rect x="${x - 40}" y="${top + 20}" width="60" height="28" rx="14" fill="#1f2937"/><rect x="${x + w - 20}" y="${top + 20}" width="60" height="28" rx="14" fill="#1f2937"/>`}
    <path d="M${x} ${top} H${x + w} V${bottom - 30} Q${x + w} ${bottom} ${x + w - 30} ${bottom} H${x + 30} Q${x} ${bottom} ${x} ${bottom - 30} Z" fill="url(#steel)"/>
    <rect x="${x}" y="${top}" width="${w}" height="${Math.min(26, h / 4)}" fill="url(#copper)"/>
    <rect x="${x}" y="${bottom - 26}" width="${w}" height="12" fill="url(#copper)" opacity="0.8"/>
    ${lid ? `<path d="M${x - 8} ${top} Q${cx} ${top - h * 0.45} ${x + w + 8} ${top} Z" fill="#e5e7eb" opacity="0.9"/><rect x="${cx - 26}" y="${top - h * 0.3}" width="52" height="22" rx="10" fill="#1f2937"/>` : ''}`;
}

export const homeKitchen = {
  // Ten-piece tri-ply stainless steel set with a copper-tone finish and stay-cool handles.
  'copperline-stainless-steel-cookware-set': {
    draw: () => `
      <defs>${steel('steel')}${copper('copper')}</defs>
      ${pot(300, 520, 260, 170)}
      ${pot(545, 560, 170, 110)}
      <g transform="translate(0 0)">
        <ellipse cx="330" cy="600" rx="200" ry="32" fill="#cbd5e1"/>
        <ellipse cx="330" cy="592" rx="190" ry="26" fill="#e5e7eb"/>
        <ellipse cx="330" cy="592" rx="160" ry="18" fill="#9ca3af" opacity="0.5"/>
        <rect x="520" y="580" width="170" height="24" rx="12" fill="#1f2937"/>
        <path d="M140 592 Q330 640 520 592" fill="none" stroke="#c2410c" stroke-width="8"/>
      </g>`,
    detail: { x: 150, y: 300, size: 300 },
    base: 630,
  },
  // 350 ml stoneware mug, speckled glaze, wide handle.
  'morning-ritual-ceramic-mug': {
    draw: () => {
      const specks = [[300, 420], [340, 500], [380, 380], [420, 460], [460, 540], [480, 410], [320, 560], [440, 370], [360, 450], [500, 480], [290, 490], [410, 520]];
      return `
      <path d="M335 170 q-30 40 0 80 t0 80 M400 150 q-30 40 0 80 t0 80 M465 170 q-30 40 0 80 t0 80" fill="none" stroke="${WHITE}" stroke-width="14" stroke-linecap="round" opacity="0.8"/>
      <path d="M505 360 h28 a75 75 0 0 1 0 150 h-28" fill="none" stroke="#d6c3a5" stroke-width="44"/>
      <path d="M250 330 H525 V545 Q525 610 460 610 H315 Q250 610 250 545 Z" fill="#eadfcd"/>
      <path d="M250 330 H525 V380 H250 Z" fill="#2f6f73"/>
      <ellipse cx="387" cy="330" rx="137" ry="26" fill="#3f2a1d"/>
      <ellipse cx="387" cy="330" rx="137" ry="26" fill="none" stroke="#2f6f73" stroke-width="8"/>
      ${specks.map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${3 + (i % 3) * 2}" fill="#7c6a58"/>`).join('')}
      <rect x="268" y="395" width="22" height="170" rx="11" fill="${WHITE}" opacity="0.45"/>`;
    },
    detail: { x: 260, y: 330, size: 290 },
    base: 610,
  },
  // Stainless steel pour-over kettle with a gooseneck spout and a built-in thermometer.
  'brewmaster-gooseneck-kettle': {
    draw: () => `
      <defs>${steel('steel')}</defs>
      <path d="M305 520 Q240 520 215 440 Q200 370 150 300" fill="none" stroke="#9ca3af" stroke-width="22" stroke-linecap="round"/>
      <path d="M150 300 L128 282" stroke="#6b7280" stroke-width="22" stroke-linecap="round"/>
      <path d="M490 300 Q610 300 600 430 Q595 510 530 525" fill="none" stroke="#111827" stroke-width="30" stroke-linecap="round"/>
      <path d="M285 600 L305 330 Q400 280 495 330 L515 600 Z" fill="url(#steel)"/>
      <rect x="265" y="590" width="270" height="26" rx="13" fill="#6b7280"/>
      <ellipse cx="400" cy="318" rx="86" ry="20" fill="#cbd5e1"/>
      <rect x="384" y="250" width="32" height="70" rx="6" fill="#9ca3af"/>
      <circle cx="400" cy="240" r="34" fill="${WHITE}" stroke="#374151" stroke-width="8"/>
      <path d="M400 240 L420 222" stroke="#dc2626" stroke-width="6" stroke-linecap="round"/>
      <path d="M378 224 A30 30 0 0 1 422 224" fill="none" stroke="#f59e0b" stroke-width="5"/>`,
    detail: { x: 290, y: 180, size: 230 },
    base: 616,
  },
  // 5-litre enamelled cast iron Dutch oven (cherry red enamel), stovetop to oven to table.
  'ironhearth-cast-iron-dutch-oven': {
    draw: () => `
      <defs><linearGradient id="enamel" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#7f1d1d"/><stop offset="0.35" stop-color="#ef4444"/><stop offset="1" stop-color="#991b1b"/></linearGradient></defs>
      <path d="M170 390 Q130 390 130 420 Q130 450 170 450" fill="none" stroke="#7f1d1d" stroke-width="26"/>
      <path d="M630 390 Q670 390 670 420 Q670 450 630 450" fill="none" stroke="#7f1d1d" stroke-width="26"/>
      <path d="M170 360 H630 V540 Q630 610 560 610 H240 Q170 610 170 540 Z" fill="url(#enamel)"/>
      <rect x="170" y="596" width="460" height="14" rx="7" fill="#1f2937"/>
      <path d="M160 362 Q400 230 640 362 Z" fill="url(#enamel)"/>
      <rect x="156" y="350" width="488" height="26" rx="13" fill="#1f2937"/>
      <rect x="360" y="270" width="80" height="34" rx="12" fill="#d4d4d8"/><rect x="380" y="296" width="40" height="20" fill="#a1a1aa"/>
      <path d="M220 400 Q236 470 220 560" stroke="${WHITE}" stroke-width="18" stroke-linecap="round" opacity="0.35"/>`,
    detail: { x: 300, y: 230, size: 260 },
    base: 610,
  },
  // Three organic bamboo boards in graduated sizes with juice grooves and grip handles.
  'evergreen-bamboo-cutting-board-set': {
    draw: () => {
      const board = (x, y, w, h, fill, rot) => `<g transform="rotate(${rot} ${x + w / 2} ${y + h / 2})">
        <rect x="${x}" y="${y}" width="${w}" height="${h}" rx="30" fill="${fill}"/>
        <rect x="${x + 22}" y="${y + 70}" width="${w - 44}" height="${h - 92}" rx="20" fill="none" stroke="#a16207" stroke-width="7" opacity="0.55"/>
        <rect x="${x + w / 2 - 34}" y="${y + 22}" width="68" height="24" rx="12" fill="#78350f" opacity="0.75"/>
        ${[0.25, 0.45, 0.65, 0.85].map((f) => `<path d="M${x + w * f} ${y + 60} V${y + h - 10}" stroke="#ca8a04" stroke-width="3" opacity="0.3"/>`).join('')}</g>`;
      return `${board(420, 200, 240, 380, '#d4a15a', 9)}${board(290, 230, 260, 390, '#e2b36e', 2)}${board(170, 330, 200, 290, '#eac384', -7)}`;
    },
    detail: { x: 290, y: 230, size: 260 },
    base: 625,
  },
  // Borosilicate glass teapot with a removable steel infuser; a blooming tea unfurls inside.
  'bloom-glass-teapot': {
    draw: () => `
      <path d="M290 470 Q225 470 195 380 L180 350" fill="none" stroke="#cbd5e1" stroke-width="24" stroke-linecap="round" opacity="0.9"/>
      <path d="M520 390 Q610 390 602 470 Q594 540 520 540" fill="none" stroke="#cbd5e1" stroke-width="24" stroke-linecap="round"/>
      <ellipse cx="400" cy="470" rx="165" ry="145" fill="#e0f2fe" opacity="0.75"/>
      <path d="M252 520 Q400 440 548 520 Q530 600 400 612 Q270 600 252 520 Z" fill="#d97706" opacity="0.55"/>
      <path d="M370 540 Q400 470 430 540 Q460 500 450 560 Q400 590 350 560 Q340 500 370 540 Z" fill="#f472b6"/>
      <path d="M400 560 Q380 520 400 490 Q420 520 400 560 Z" fill="#fde68a"/>
      <rect x="368" y="330" width="64" height="170" rx="20" fill="${METAL}" opacity="0.85"/>
      <path d="M376 360 H424 M376 390 H424 M376 420 H424 M376 450 H424" stroke="#6b7280" stroke-width="4" opacity="0.5"/>
      <path d="M285 400 Q300 360 340 345" fill="none" stroke="${WHITE}" stroke-width="14" stroke-linecap="round" opacity="0.9"/>
      <ellipse cx="400" cy="332" rx="104" ry="24" fill="#cbd5e1"/>
      <circle cx="400" cy="296" r="18" fill="#94a3b8"/>`,
    detail: { x: 270, y: 330, size: 290 },
    base: 615,
  },
  // Four plush organic cotton bath towels, folded and stacked.
  'cloudsoft-organic-cotton-towel-set': {
    draw: () => {
      const colours = [['#e7e5e4', '#d6d3d1'], ['#a7f3d0', '#6ee7b7'], ['#f5f5f4', '#e7e5e4'], ['#99f6e4', '#5eead4']];
      return colours
        .map(([fill, edge], i) => {
          const y = 520 - i * 92;
          const x = 190 + (i % 2) * 18;
          return `<rect x="${x}" y="${y}" width="400" height="92" rx="40" fill="${fill}"/>
          <rect x="${x + 320}" y="${y}" width="80" height="92" rx="40" fill="${edge}"/>
          <path d="M${x + 40} ${y + 22} H${x + 300} M${x + 40} ${y + 70} H${x + 300}" stroke="${edge}" stroke-width="6" stroke-dasharray="4 10"/>`;
        })
        .join('');
    },
    detail: { x: 360, y: 250, size: 260 },
    base: 612,
    scene: 'bathroom',
  },
};
