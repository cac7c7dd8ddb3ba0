import { METAL, r2, WHITE } from '../lib.mjs';

export const sportsOutdoors = {
  // Double-walled vacuum-insulated steel bottle, leak-proof lid, powder-coated grip.
  'summit-stainless-steel-water-bottle': {
    draw: () => `
      <defs><linearGradient id="coat" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#0e7490"/><stop offset="0.4" stop-color="#22d3ee"/><stop offset="1" stop-color="#155e75"/></linearGradient>
      <linearGradient id="steelcap" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#9ca3af"/><stop offset="0.45" stop-color="#f3f4f6"/><stop offset="1" stop-color="#9ca3af"/></linearGradient></defs>
      <path d="M365 160 Q400 122 435 160" fill="none" stroke="#1f2937" stroke-width="18"/>
      <rect x="338" y="158" width="124" height="78" rx="18" fill="#1f2937"/>
      <rect x="346" y="230" width="108" height="22" fill="url(#steelcap)"/>
      <path d="M350 250 H450 Q505 275 505 335 V590 Q505 636 458 636 H342 Q295 636 295 590 V335 Q295 275 350 250 Z" fill="url(#coat)"/>
      <path d="M295 390 H505 V430 H295 Z" fill="url(#steelcap)"/>
      <path d="M330 300 Q318 460 330 600" stroke="${WHITE}" stroke-width="16" opacity="0.3" stroke-linecap="round"/>
      <path d="M380 500 l24 -30 l24 30 z" fill="${WHITE}" opacity="0.85"/><path d="M396 500 l14 -18 l14 18 z" fill="#0e7490"/>`,
    detail: { x: 290, y: 130, size: 250 },
    base: 636,
  },
  // 6 mm natural rubber mat, non-slip surface, alignment lines; half unrolled.
  'pro-grip-yoga-mat': {
    draw: () => `
      <path d="M150 560 L420 470 L650 560 L380 650 Z" fill="#8b5cf6"/>
      <path d="M200 560 L440 480 M255 580 L495 500 M580 560 L340 640" stroke="#c4b5fd" stroke-width="5" opacity="0.8"/>
      <path d="M150 560 L380 650 L380 662 L150 572 Z" fill="#6d28d9"/>
      <rect x="430" y="300" width="150" height="260" rx="20" fill="#7c3aed" transform="rotate(-20 505 430)"/>
      <ellipse cx="560" cy="405" rx="70" ry="110" fill="#a78bfa" transform="rotate(-20 505 430)"/>
      <path d="M560 405 m0 -12 a12 12 0 1 1 -12 12 a26 30 0 1 1 26 32 a42 50 0 1 1 -40 -52 a56 74 0 1 1 54 76" fill="none" stroke="#5b21b6" stroke-width="7" transform="rotate(-20 505 430)"/>
      <path d="M470 300 Q520 250 600 270" fill="none" stroke="#1f2937" stroke-width="8" stroke-linecap="round"/>`,
    detail: { x: 420, y: 270, size: 280 },
    base: 660,
  },
  // Two adjustable dumbbells, plates 2.5 to 20 kg, a quick-turn dial.
  'forge-adjustable-dumbbell-pair': {
    draw: () => {
      const bell = (dy, dx = 0) => {
        let plates = '';
        for (let i = 0; i < 5; i++) plates += `<rect x="${150 + dx + i * 22}" y="${dy + 250 + i * 6}" width="20" height="${160 - i * 12}" rx="6" fill="${i % 2 ? '#374151' : '#1f2937'}"/><rect x="${630 + dx - i * 22}" y="${dy + 250 + i * 6}" width="20" height="${160 - i * 12}" rx="6" fill="${i % 2 ? '#374151' : '#1f2937'}"/>`;
        return `
          <rect x="${260 + dx}" y="${dy + 315}" width="280" height="30" rx="12" fill="${METAL}"/>
          <rect x="${330 + dx}" y="${dy + 306}" width="140" height="48" rx="18" fill="#ef4444"/>
          ${[0, 1, 2, 3, 4, 5].map((i) => `<path d="M${344 + dx + i * 22} ${dy + 310} V${dy + 350}" stroke="#b91c1c" stroke-width="5"/>`).join('')}
          ${plates}
          <circle cx="${163 + dx}" cy="${dy + 330}" r="20" fill="#9ca3af"/><circle cx="${643 + dx}" cy="${dy + 330}" r="20" fill="#9ca3af"/>
          <path d="M${163 + dx} ${dy + 330} L${163 + dx} ${dy + 314}" stroke="#ef4444" stroke-width="5" stroke-linecap="round"/>`;
      };
      return `${bell(-70, -10)}${bell(150, 10)}`;
    },
    detail: { x: 120, y: 400, size: 260 },
    base: 560,
  },
  // Lightweight running vest with two soft flasks and stretch pockets; breathable mesh.
  'trailrunner-hydration-vest': {
    draw: () => {
      let mesh = '';
      for (let y = 220; y < 600; y += 18) for (let x = 240; x < 560; x += 18) mesh += `<circle cx="${x + ((y / 18) % 2) * 9}" cy="${y}" r="3" fill="#065f46" opacity="0.35"/>`;
      return `
      <defs><clipPath id="vest"><path d="M300 190 L258 202 L228 330 L238 600 H562 L572 330 L542 202 L500 190 L470 330 Q400 382 330 330 Z"/></clipPath></defs>
      <path d="M300 190 L258 202 L228 330 L238 600 H562 L572 330 L542 202 L500 190 L470 330 Q400 382 330 330 Z" fill="#10b981"/>
      <g clip-path="url(#vest)">${mesh}</g>
      <path d="M264 380 Q264 350 297 350 Q330 350 330 380 V540 Q330 560 297 560 Q264 560 264 540 Z" fill="#e0f2fe" opacity="0.92"/>
      <path d="M470 380 Q470 350 503 350 Q536 350 536 380 V540 Q536 560 503 560 Q470 560 470 540 Z" fill="#e0f2fe" opacity="0.92"/>
      <path d="M270 460 H324 V552 H270 Z M476 470 H530 V552 H476 Z" fill="#38bdf8" opacity="0.55"/>
      <rect x="280" y="330" width="34" height="26" rx="6" fill="#111827"/><rect x="486" y="330" width="34" height="26" rx="6" fill="#111827"/>
      <path d="M284 326 Q276 300 296 290 M516 326 Q524 300 504 290" stroke="#111827" stroke-width="6" fill="none"/>
      <path d="M248 450 H552 M248 490 H552" stroke="#f97316" stroke-width="8"/>
      <path d="M240 580 H560" stroke="#065f46" stroke-width="20"/>`;
    },
    detail: { x: 240, y: 280, size: 300 },
    base: 600,
  },
  // Thermo-bonded size 5 match ball, textured cover.
  'matchday-size-5-football': {
    draw: () => {
      const patch = (cx, cy, rad, rot) => {
        const pts = [];
        for (let i = 0; i < 5; i++) {
          const a = ((rot + i * 72 - 90) * Math.PI) / 180;
          pts.push(`${r2(cx + rad * Math.cos(a))},${r2(cy + rad * Math.sin(a))}`);
        }
        return `<polygon points="${pts.join(' ')}" fill="#111827"/>`;
      };
      let outer = '';
      for (let i = 0; i < 5; i++) {
        const a = ((i * 72 - 90) * Math.PI) / 180;
        outer += patch(400 + 175 * Math.cos(a), 430 + 175 * Math.sin(a), 62, i * 72 + 36);
      }
      return `
      <defs><clipPath id="ballclip"><circle cx="400" cy="430" r="200"/></clipPath>
      <radialGradient id="ballshade" cx="0.35" cy="0.3" r="0.8"><stop offset="0.6" stop-color="#ffffff" stop-opacity="0"/><stop offset="1" stop-color="#64748b" stop-opacity="0.45"/></radialGradient></defs>
      <circle cx="400" cy="430" r="200" fill="${WHITE}"/>
      <g clip-path="url(#ballclip)">${patch(400, 430, 62, 0)}${outer}
        ${[0, 72, 144, 216, 288].map((d) => `<path d="M400 430 L${r2(400 + 300 * Math.cos(((d - 90) * Math.PI) / 180))} ${r2(430 + 300 * Math.sin(((d - 90) * Math.PI) / 180))}" stroke="#cbd5e1" stroke-width="3"/>`).join('')}
        ${patch(400, 430, 62, 0)}</g>
      <circle cx="400" cy="430" r="200" fill="url(#ballshade)"/>
      <circle cx="400" cy="430" r="200" fill="none" stroke="#334155" stroke-width="5"/>`;
    },
    detail: { x: 250, y: 280, size: 300 },
    base: 630,
  },
  // Freestanding two-person backpacking tent: two doors, two vestibules, colour-coded poles.
  'ridgeline-two-person-tent': {
    draw: () => `
      <defs><clipPath id="dome"><path d="M150 595 C150 230 650 230 650 595 Z"/></clipPath></defs>
      <path d="M110 600 H690" stroke="#4d7c0f" stroke-width="12" stroke-linecap="round"/>
      <path d="M150 595 C150 230 650 230 650 595 Z" fill="#f97316"/>
      <g clip-path="url(#dome)"><path d="M470 200 C560 300 640 420 650 595 H500 Z" fill="#c2410c" opacity="0.55"/></g>
      <path d="M150 595 C150 230 650 230 650 595" fill="none" stroke="#facc15" stroke-width="9"/>
      <path d="M215 595 C260 300 540 300 585 595" fill="none" stroke="#38bdf8" stroke-width="8"/>
      <path d="M320 595 C320 420 480 420 480 595 Z" fill="#1f2937"/>
      <path d="M400 448 V595" stroke="#f97316" stroke-width="5"/>
      <path d="M400 448 C460 450 480 520 480 595 H430 C430 520 420 470 400 448 Z" fill="#fb923c"/>
      <path d="M150 595 L104 622 M650 595 L696 622" stroke="#6b7280" stroke-width="6" stroke-linecap="round"/>
      <path d="M650 595 L720 600 L650 470" fill="#ea580c" opacity="0.8"/>`,
    detail: { x: 280, y: 320, size: 300 },
    base: 605,
  },
  // Chest-strap heart rate monitor, Bluetooth and ANT+.
  'cadence-wireless-heart-rate-strap': {
    draw: () => `
      <path d="M130 430 Q400 330 670 430" fill="none" stroke="#1f2937" stroke-width="42" stroke-linecap="round"/>
      <path d="M150 436 Q400 346 650 436" fill="none" stroke="#374151" stroke-width="6" stroke-dasharray="2 14"/>
      <rect x="285" y="325" width="230" height="140" rx="66" fill="#e11d48"/>
      <rect x="305" y="340" width="190" height="110" rx="52" fill="#be123c"/>
      <path d="M400 440 L348 392 Q326 370 348 350 Q374 332 400 360 Q426 332 452 350 Q474 370 452 392 Z" fill="${WHITE}"/>
      <path d="M180 570 H320 L345 520 L375 620 L410 490 L440 570 H620" fill="none" stroke="#e11d48" stroke-width="12" stroke-linejoin="round" stroke-linecap="round"/>
      <path d="M540 300 q30 30 0 60 M570 280 q50 50 0 100" fill="none" stroke="#60a5fa" stroke-width="8" stroke-linecap="round"/>`,
    detail: { x: 260, y: 270, size: 300 },
    base: 620,
  },
};
