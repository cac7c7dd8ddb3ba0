import { WHITE } from '../lib.mjs';

/** A label: a white panel with a small emblem (drawn by the caller) and two text bars. */
const label = (x, y, w, h, bar) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="12" fill="${WHITE}" opacity="0.94"/>
  <rect x="${x + w * 0.2}" y="${y + h * 0.68}" width="${w * 0.6}" height="12" rx="6" fill="${bar}"/><rect x="${x + w * 0.3}" y="${y + h * 0.68 + 20}" width="${w * 0.4}" height="8" rx="4" fill="${bar}" opacity="0.5"/>`;

const rose = (cx, cy, s = 1) => `<g transform="translate(${cx} ${cy}) scale(${s})">
  <circle r="26" fill="#e11d48"/><path d="M-14 -6 Q0 -26 14 -6 Q0 8 -14 -6 Z" fill="#fb7185"/><path d="M-8 4 Q0 -10 8 4" stroke="#9f1239" stroke-width="3" fill="none"/>
  <path d="M-4 24 Q-20 40 -34 36 Q-22 22 -4 24 Z" fill="#16a34a"/></g>`;

export const beauty = {
  // Alcohol-free toner with Bulgarian rosewater and hyaluronic acid: a rose-pink bottle.
  'rosewater-hydrating-toner': {
    draw: () => `
      <rect x="362" y="150" width="76" height="86" rx="12" fill="#e5e7eb"/>
      <rect x="374" y="228" width="52" height="40" fill="#d1d5db"/>
      <path d="M332 268 H468 Q520 288 520 350 V594 Q520 634 480 634 H320 Q280 634 280 594 V350 Q280 288 332 268 Z" fill="#fda4af" opacity="0.9"/>
      <path d="M282 440 H518 V594 Q518 632 480 632 H320 Q282 632 282 594 Z" fill="#fb7185" opacity="0.45"/>
      ${label(305, 380, 190, 170, '#be123c')}${rose(400, 430)}
      <rect x="298" y="310" width="20" height="270" rx="10" fill="${WHITE}" opacity="0.4"/>
      ${[[560, 320], [600, 380], [230, 420]].map(([x, y], i) => `<path d="M${x} ${y} q-${10 + i * 2} 18 0 26 q${10 + i * 2} -8 0 -26 z" fill="#fecdd3"/>`).join('')}`,
    detail: { x: 280, y: 330, size: 250 },
    base: 634,
  },
  // Cold-pressed organic argan oil: an amber dropper bottle, a golden drop.
  'golden-organic-argan-hair-oil': {
    draw: () => `
      <path d="M374 150 Q374 100 400 100 Q426 100 426 150 V220 H374 Z" fill="#1f2937"/>
      <rect x="346" y="214" width="108" height="70" rx="14" fill="#d4af6a"/>
      <path d="M340 284 H460 Q540 300 540 380 V584 Q540 634 490 634 H310 Q260 634 260 584 V380 Q260 300 340 284 Z" fill="#b45309" opacity="0.92"/>
      ${label(290, 410, 220, 150, '#92400e')}
      <path d="M400 428 Q380 462 380 478 A20 20 0 0 0 420 478 Q420 462 400 428 Z" fill="#f59e0b"/>
      <path d="M380 478 Q400 470 420 478" stroke="#fde68a" stroke-width="3" fill="none"/>
      <rect x="282" y="330" width="22" height="250" rx="11" fill="${WHITE}" opacity="0.3"/>
      <path d="M600 520 Q585 550 585 565 A15 15 0 0 0 615 565 Q615 550 600 520 Z" fill="#fbbf24"/>
      <path d="M210 600 Q240 560 260 600" stroke="#a16207" stroke-width="8" fill="none" stroke-linecap="round"/><ellipse cx="230" cy="612" rx="30" ry="12" fill="#ca8a04"/>`,
    detail: { x: 280, y: 380, size: 260 },
    base: 634,
  },
  // Brightening vitamin C serum with ferulic acid: an orange glass dropper and a citrus slice.
  'radiance-vitamin-c-serum': {
    draw: () => `
      <path d="M378 170 Q378 126 400 126 Q422 126 422 170 V232 H378 Z" fill="${WHITE}"/>
      <rect x="352" y="226" width="96" height="58" rx="12" fill="#f59e0b"/>
      <path d="M352 284 H448 Q500 296 500 350 V596 Q500 634 462 634 H338 Q300 634 300 596 V350 Q300 296 352 284 Z" fill="#fb923c" opacity="0.92"/>
      ${label(318, 400, 164, 170, '#c2410c')}
      <circle cx="400" cy="448" r="32" fill="#facc15"/><circle cx="400" cy="448" r="24" fill="#fde047"/>
      ${[0, 60, 120, 180, 240, 300].map((d) => `<path d="M400 448 L${400 + 24 * Math.cos((d * Math.PI) / 180)} ${448 + 24 * Math.sin((d * Math.PI) / 180)}" stroke="#f59e0b" stroke-width="3"/>`).join('')}
      <rect x="316" y="330" width="18" height="250" rx="9" fill="${WHITE}" opacity="0.35"/>
      <g transform="translate(590 560)"><circle r="62" fill="#f97316"/><circle r="52" fill="#fed7aa"/>${[0, 45, 90, 135, 180, 225, 270, 315].map((d) => `<path d="M0 0 L${48 * Math.cos((d * Math.PI) / 180)} ${48 * Math.sin((d * Math.PI) / 180)}" stroke="#fdba74" stroke-width="5"/>`).join('')}</g>`,
    detail: { x: 300, y: 380, size: 260 },
    base: 634,
  },
  // Rich body cream with organic shea butter, vanilla and sweet almond: a wide cream jar.
  'velvet-shea-butter-body-cream': {
    draw: () => `
      <rect x="210" y="300" width="380" height="96" rx="24" fill="#b45309"/>
      <path d="M230 312 H570" stroke="#d97706" stroke-width="6" opacity="0.6"/>
      <path d="M225 386 H575 V566 Q575 616 525 616 H275 Q225 616 225 566 Z" fill="#fef3c7"/>
      ${label(275, 430, 250, 140, '#b45309')}
      <circle cx="370" cy="470" r="18" fill="#d6b88a"/><ellipse cx="420" cy="470" rx="24" ry="16" fill="#fde68a"/><path d="M420 462 q-6 -20 6 -28" stroke="#65a30d" stroke-width="4" fill="none"/>
      <path d="M560 250 q40 -60 90 -40 q-30 10 -40 40 q-20 20 -50 0 z" fill="#fffbeb" stroke="#fcd34d" stroke-width="4"/>
      <path d="M170 616 Q175 560 210 560 Q245 560 250 616 Z" fill="#92400e"/><path d="M190 566 q20 -20 40 0" stroke="#a16207" stroke-width="5" fill="none"/>`,
    detail: { x: 260, y: 300, size: 300 },
    base: 616,
  },
  // Zinc mineral sunscreen SPF 50, water resistant: a white squeeze tube with a yellow sun.
  'daylight-mineral-sunscreen-spf50': {
    draw: () => `
      <g transform="rotate(-18 400 400)">
        <path d="M322 176 H478 L470 196 V520 H330 V196 Z" fill="${WHITE}"/>
        <path d="M330 420 H470 V520 H330 Z" fill="#fde68a"/>
        <rect x="312" y="164" width="176" height="26" rx="6" fill="#e5e7eb"/>
        <rect x="330" y="520" width="140" height="112" rx="16" fill="#f59e0b"/>
        <circle cx="400" cy="300" r="40" fill="#facc15"/>
        ${[0, 45, 90, 135, 180, 225, 270, 315].map((d) => `<path d="M${400 + 52 * Math.cos((d * Math.PI) / 180)} ${300 + 52 * Math.sin((d * Math.PI) / 180)} L${400 + 70 * Math.cos((d * Math.PI) / 180)} ${300 + 70 * Math.sin((d * Math.PI) / 180)}" stroke="#f59e0b" stroke-width="8" stroke-linecap="round"/>`).join('')}
        <path d="M350 400 q25 -18 50 0 t50 0" stroke="#38bdf8" stroke-width="7" fill="none"/>
        <rect x="346" y="450" width="108" height="14" rx="7" fill="#b45309"/><rect x="366" y="476" width="68" height="10" rx="5" fill="#b45309" opacity="0.5"/>
      </g>`,
    detail: { x: 250, y: 180, size: 300 },
    base: 660,
  },
  // Purifying clay mask with bamboo charcoal and kaolin: a black jar, a swatch of grey clay.
  'charcoal-detox-clay-mask': {
    draw: () => `
      <rect x="240" y="330" width="320" height="84" rx="20" fill="#111827"/>
      <path d="M255 340 H545" stroke="#374151" stroke-width="6"/>
      <path d="M252 406 H548 V566 Q548 612 502 612 H298 Q252 612 252 566 Z" fill="#1f2937"/>
      <rect x="292" y="444" width="216" height="130" rx="12" fill="#e5e7eb"/>
      <path d="M350 470 V540 M372 462 V548" stroke="#4d7c0f" stroke-width="8" stroke-linecap="round"/><path d="M350 490 q-24 -10 -30 -30 M372 500 q24 -10 34 -30" stroke="#65a30d" stroke-width="6" fill="none" stroke-linecap="round"/>
      <rect x="420" y="478" width="56" height="10" rx="5" fill="#111827"/><rect x="420" y="500" width="40" height="8" rx="4" fill="#6b7280"/>
      <path d="M560 250 Q640 230 660 290 Q672 340 610 348 Q560 350 560 300 Z" fill="#4b5563"/>
      <path d="M580 270 q30 -10 50 10" stroke="#9ca3af" stroke-width="5" fill="none" opacity="0.7"/>
      <rect x="170" y="560" width="90" height="16" rx="6" fill="#a16207" transform="rotate(-20 215 568)"/>`,
    detail: { x: 270, y: 320, size: 280 },
    base: 612,
  },
  // Nourishing lip balm with beeswax, honey and peppermint: a slim stick, honey and a mint leaf.
  'honey-mint-lip-balm': {
    draw: () => `
      <g transform="rotate(12 400 420)">
        <rect x="350" y="200" width="100" height="80" rx="14" fill="#fbbf24"/>
        <path d="M356 220 Q400 180 444 220" stroke="#fde68a" stroke-width="6" fill="none"/>
        <rect x="340" y="280" width="120" height="330" rx="20" fill="#10b981"/>
        <rect x="340" y="280" width="120" height="40" fill="#047857"/>
        ${label(356, 380, 88, 170, '#065f46')}
        <path d="M400 402 L414 410 V426 L400 434 L386 426 V410 Z" fill="#f59e0b"/>
        <rect x="352" y="330" width="14" height="260" rx="7" fill="${WHITE}" opacity="0.3"/>
      </g>
      <path d="M560 560 Q600 480 660 470 Q650 540 560 560 Z" fill="#22c55e"/><path d="M560 560 Q610 510 650 480" stroke="#15803d" stroke-width="4" fill="none"/>
      <path d="M200 590 Q180 540 230 520 Q240 580 200 590 Z" fill="#f59e0b"/>
      <path d="M170 500 L196 516 V546 L170 562 L144 546 V516 Z" fill="#fbbf24" stroke="#d97706" stroke-width="5"/>`,
    detail: { x: 290, y: 180, size: 260 },
    base: 630,
  },
};
