import { METAL, SCREEN, WHITE } from '../lib.mjs';

export const toysGames = {
  // Forty beech blocks in non-toxic rainbow paints: a tower and a bridge.
  'rainbow-wooden-stacking-blocks': {
    draw: () => {
      const colours = ['#ef4444', '#f97316', '#facc15', '#22c55e', '#3b82f6', '#8b5cf6'];
      const block = (x, y, w, h, c) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="8" fill="${c}"/><rect x="${x + 6}" y="${y + 6}" width="${w - 12}" height="${h - 12}" rx="5" fill="none" stroke="${WHITE}" stroke-width="3" opacity="0.45"/>`;
      return `
        ${block(180, 520, 110, 110, colours[0])}${block(290, 520, 110, 110, colours[1])}${block(400, 520, 110, 110, colours[2])}${block(510, 520, 110, 110, colours[3])}
        ${block(235, 410, 110, 110, colours[4])}${block(345, 410, 110, 110, colours[5])}${block(455, 410, 110, 110, colours[0])}
        ${block(290, 300, 110, 110, colours[3])}${block(400, 300, 110, 110, colours[2])}
        <path d="M345 300 L400 220 L455 300 Z" fill="${colours[1]}"/>
        <path d="M345 190 a55 55 0 0 1 110 0 v0 h-20 a35 35 0 0 0 -70 0 z" fill="${colours[4]}"/>`;
    },
    detail: { x: 180, y: 380, size: 250 },
    base: 630,
  },
  // Friendly coding robot that reads colour cards; rechargeable, for ages six and up.
  'robo-buddy-coding-robot': {
    draw: () => `
      <path d="M400 200 V150" stroke="#b91c1c" stroke-width="10"/><circle cx="400" cy="142" r="18" fill="#22d3ee"/>
      <rect x="280" y="200" width="240" height="170" rx="40" fill="#ef4444"/>
      <rect x="310" y="230" width="180" height="110" rx="26" fill="${SCREEN}"/>
      <circle cx="360" cy="285" r="22" fill="#67e8f9"/><circle cx="440" cy="285" r="22" fill="#67e8f9"/>
      <path d="M372 318 Q400 332 428 318" stroke="#67e8f9" stroke-width="6" fill="none" stroke-linecap="round"/>
      <rect x="260" y="260" width="20" height="50" rx="8" fill="#b91c1c"/><rect x="520" y="260" width="20" height="50" rx="8" fill="#b91c1c"/>
      <rect x="300" y="385" width="200" height="170" rx="30" fill="#b91c1c"/>
      <rect x="340" y="420" width="120" height="50" rx="12" fill="#fecaca"/>
      <circle cx="360" cy="510" r="12" fill="#facc15"/><circle cx="400" cy="510" r="12" fill="#22c55e"/><circle cx="440" cy="510" r="12" fill="#3b82f6"/>
      <path d="M300 420 Q230 440 220 520 M500 420 Q570 440 580 520" fill="none" stroke="#ef4444" stroke-width="26" stroke-linecap="round"/>
      <circle cx="330" cy="585" r="34" fill="${SCREEN}"/><circle cx="470" cy="585" r="34" fill="${SCREEN}"/>
      <circle cx="330" cy="585" r="12" fill="${METAL}"/><circle cx="470" cy="585" r="12" fill="${METAL}"/>
      ${[['#facc15', 120], ['#22c55e', 170], ['#3b82f6', 600], ['#a855f7', 650]].map(([c, x], i) => `<g transform="rotate(${i % 2 ? 10 : -10} ${x} 600)"><rect x="${Number(x) - 28}" y="566" width="56" height="72" rx="8" fill="${WHITE}"/><rect x="${Number(x) - 18}" y="578" width="36" height="36" rx="6" fill="${c}"/><path d="M${Number(x) - 8} 596 l8 -8 l8 8" stroke="${WHITE}" stroke-width="4" fill="none"/></g>`).join('')}`,
    detail: { x: 270, y: 180, size: 280 },
    base: 630,
  },
  // Strategy game for 2-5 players: fleets, resources and a race to control the galaxy.
  'galactic-conquest-board-game': {
    draw: () => {
      const die = (x, y, rot, pips) => {
        const pos = { 3: [[25, 25], [50, 50], [75, 75]], 5: [[25, 25], [75, 25], [50, 50], [25, 75], [75, 75]] }[pips];
        return `<g transform="rotate(${rot} ${x + 50} ${y + 50})"><rect x="${x}" y="${y}" width="100" height="100" rx="18" fill="${WHITE}"/>${pos.map(([px, py]) => `<circle cx="${x + px}" cy="${y + py}" r="9" fill="${SCREEN}"/>`).join('')}</g>`;
      };
      const ship = (x, y, c, rot) => `<g transform="rotate(${rot} ${x} ${y})"><path d="M${x} ${y - 30} L${x + 16} ${y + 20} L${x} ${y + 10} L${x - 16} ${y + 20} Z" fill="${c}"/></g>`;
      return `
      <rect x="150" y="200" width="500" height="310" rx="18" fill="#1e1b4b"/>
      <rect x="150" y="200" width="500" height="284" rx="18" fill="#312e81"/>
      ${[[200, 240], [620, 260], [590, 450], [230, 440], [300, 300], [520, 230]].map(([x, y]) => `<circle cx="${x}" cy="${y}" r="5" fill="${WHITE}"/>`).join('')}
      <circle cx="400" cy="340" r="84" fill="#f59e0b"/><ellipse cx="400" cy="340" rx="140" ry="30" fill="none" stroke="#fde68a" stroke-width="8" transform="rotate(-15 400 340)"/>
      <circle cx="250" cy="300" r="30" fill="#22d3ee"/><circle cx="560" cy="410" r="24" fill="#f472b6"/>
      ${ship(270, 420, '#ef4444', 30)}${ship(540, 280, '#22c55e', -40)}${ship(320, 250, '#e5e7eb', 70)}
      ${die(250, 530, -12, 5)}${die(420, 545, 14, 3)}
      ${ship(600, 590, '#ef4444', 10)}${ship(640, 560, '#22c55e', -20)}`;
    },
    detail: { x: 230, y: 200, size: 320 },
    base: 640,
  },
  // Sixty translucent magnetic tiles: here a rocket on a castle wall.
  'magnetic-building-tiles-60': {
    draw: () => {
      const c = ['#f87171', '#60a5fa', '#4ade80', '#facc15', '#c084fc'];
      const sq = (x, y, col) => `<rect x="${x}" y="${y}" width="100" height="100" rx="8" fill="${col}" opacity="0.78"/><rect x="${x + 3}" y="${y + 3}" width="94" height="94" rx="6" fill="none" stroke="${WHITE}" stroke-width="5" opacity="0.9"/><path d="M${x + 50} ${y + 20} L${x + 80} ${y + 80} H${x + 20} Z" fill="none" stroke="${WHITE}" stroke-width="2" opacity="0.4"/>`;
      return `
        ${sq(200, 530, c[0])}${sq(300, 530, c[1])}${sq(400, 530, c[2])}${sq(500, 530, c[3])}
        ${sq(350, 430, c[4])}${sq(350, 330, c[1])}
        <path d="M350 330 L400 220 L450 330 Z" fill="${c[0]}" opacity="0.8" stroke="${WHITE}" stroke-width="5"/>
        <path d="M350 430 L300 500 L350 530 Z M450 430 L500 500 L450 530 Z" fill="${c[3]}" opacity="0.8" stroke="${WHITE}" stroke-width="5"/>
        <circle cx="400" cy="380" r="22" fill="${WHITE}" opacity="0.85"/>
        <path d="M200 530 L250 480 L300 530 Z M500 530 L550 480 L600 530 Z" fill="${c[2]}" opacity="0.8" stroke="${WHITE}" stroke-width="5"/>`;
    },
    detail: { x: 300, y: 200, size: 250 },
    base: 630,
  },
  // Extra-soft plush fox, sleeping, embroidered eyes.
  'sleepy-fox-plush': {
    draw: () => {
      const fur = '#f97316';
      return `
      <path d="M480 560 Q640 600 650 500 Q660 420 590 430 Q620 500 540 530 Z" fill="${fur}"/><path d="M650 500 Q660 420 600 430 Q625 470 610 500 Z" fill="${WHITE}"/>
      <ellipse cx="430" cy="540" rx="150" ry="90" fill="${fur}"/>
      <path d="M250 300 L230 160 L345 250 Z" fill="${fur}"/><path d="M550 300 L570 160 L455 250 Z" fill="${fur}"/>
      <path d="M262 272 L250 190 L316 246 Z" fill="#7c2d12"/><path d="M538 272 L550 190 L484 246 Z" fill="#7c2d12"/>
      <path d="M220 330 Q230 230 400 225 Q570 230 580 330 L560 420 Q500 540 400 570 Q300 540 240 420 Z" fill="${fur}"/>
      <path d="M240 400 Q320 420 400 570 Q480 420 560 400 Q520 510 400 570 Q280 510 240 400 Z" fill="${WHITE}"/>
      <path d="M300 380 Q330 400 360 380 M440 380 Q470 400 500 380" fill="none" stroke="${SCREEN}" stroke-width="10" stroke-linecap="round"/>
      <ellipse cx="400" cy="535" rx="26" ry="18" fill="${SCREEN}"/>
      <ellipse cx="300" cy="440" rx="24" ry="14" fill="#f9a8d4" opacity="0.8"/><ellipse cx="500" cy="440" rx="24" ry="14" fill="#f9a8d4" opacity="0.8"/>
      <path d="M560 250 q20 -10 30 -30 M590 220 q20 -6 32 -24" stroke="#94a3b8" stroke-width="8" fill="none" stroke-linecap="round"/>`;
    },
    detail: { x: 250, y: 260, size: 300 },
    base: 630,
  },
  // 1000-piece jigsaw of a fishing harbour glowing at dusk, box and loose pieces.
  'harbor-lights-1000-piece-puzzle': {
    draw: () => {
      const piece = (x, y, c, rot) => `<g transform="translate(${x} ${y}) rotate(${rot})"><path d="M0 0 H22 a12 12 0 1 1 24 0 H68 V22 a12 12 0 1 0 0 24 V68 H0 Z" fill="${c}"/></g>`;
      return `
      <defs><linearGradient id="dusk" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4c1d95"/><stop offset="0.55" stop-color="#f97316"/><stop offset="1" stop-color="#fbbf24"/></linearGradient>
      <clipPath id="box"><rect x="160" y="190" width="480" height="340" rx="12"/></clipPath></defs>
      <rect x="160" y="190" width="480" height="350" rx="12" fill="#1e1b4b"/>
      <g clip-path="url(#box)">
        <rect x="160" y="190" width="480" height="340" fill="url(#dusk)"/>
        <circle cx="520" cy="330" r="40" fill="#fde68a"/>
        <path d="M160 420 H640 V530 H160 Z" fill="#1e3a8a"/>
        <path d="M160 440 Q300 430 400 445 T640 440" stroke="#fbbf24" stroke-width="4" fill="none" opacity="0.7"/>
        <path d="M220 420 V340 H260 V300 H300 V420 Z M560 420 V360 H600 V420 Z" fill="#312e81"/>
        ${[[230, 360], [280, 330], [575, 380]].map(([x, y]) => `<rect x="${x}" y="${y}" width="10" height="12" fill="#fde047"/>`).join('')}
        <path d="M330 470 H470 L450 500 H350 Z" fill="#7c2d12"/><path d="M400 470 V380 L460 460 Z" fill="${WHITE}"/>
        <path d="M160 330 H640 M320 190 V530 M480 190 V530 M160 450 H640" stroke="#000" stroke-opacity="0.12" stroke-width="3"/>
      </g>
      ${piece(200, 560, '#f97316', -12)}${piece(300, 580, '#1e3a8a', 20)}${piece(520, 566, '#fbbf24', 8)}`;
    },
    detail: { x: 280, y: 260, size: 280 },
    base: 645,
  },
  // 1:16 off-road rally car with a 2.4 GHz remote; oil-filled shocks for gravel and sand.
  'turbo-rally-rc-car': {
    draw: () => `
      <path d="M150 450 Q150 390 220 380 L310 300 Q330 282 360 282 H500 Q530 282 550 310 L610 380 Q650 386 650 430 V470 H150 Z" fill="#2563eb"/>
      <path d="M330 312 H420 V380 H270 Z" fill="${SCREEN}"/><path d="M440 312 H500 Q515 312 525 327 L565 380 H440 Z" fill="${SCREEN}"/>
      <path d="M560 272 H660 V292 H580 Z" fill="#facc15"/><rect x="600" y="292" width="12" height="50" fill="#facc15"/>
      <path d="M150 420 H650" stroke="${WHITE}" stroke-width="20"/><path d="M150 420 H650" stroke="#facc15" stroke-width="8"/>
      ${[250, 550].map((x) => `<circle cx="${x}" cy="490" r="72" fill="${SCREEN}"/><circle cx="${x}" cy="490" r="40" fill="#374151"/><circle cx="${x}" cy="490" r="16" fill="${METAL}"/>${[0, 45, 90, 135].map((d) => `<rect x="${x - 70}" y="486" width="140" height="8" fill="#111827" transform="rotate(${d} ${x} 490)"/>`).join('')}`).join('')}
      <g transform="translate(110 150) rotate(-14)"><rect x="0" y="0" width="120" height="90" rx="20" fill="#1f2937"/><circle cx="32" cy="45" r="18" fill="#4b5563"/><rect x="70" y="30" width="30" height="30" rx="6" fill="#ef4444"/><path d="M100 0 V-60" stroke="#1f2937" stroke-width="6"/><circle cx="100" cy="-62" r="7" fill="#facc15"/></g>`,
    detail: { x: 180, y: 360, size: 260 },
    base: 562,
  },
};
