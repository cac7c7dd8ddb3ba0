import { METAL, SCREEN, WHITE } from '../lib.mjs';

// Each product: `draw()` paints it on the 800 x 800 canvas, centred, standing on y ~ 640;
// `detail` is the square the close-up shows (x, y of its top left, its side), the part the
// description talks about.

const glare = (x, y, w, h) => `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${Math.min(w, h) / 2}" fill="${WHITE}" opacity="0.35"/>`;

export const electronics = {
  // Over-ear, plush memory-foam cushions, noise cancelling: violet with a pale aurora band.
  'aurora-wireless-headphones': {
    draw: () => `
      <path d="M225 440 V380 A175 175 0 0 1 575 380 V440" fill="none" stroke="#4c3f9e" stroke-width="36" stroke-linecap="round"/>
      <path d="M262 380 A138 138 0 0 1 538 380" fill="none" stroke="#a5b4fc" stroke-width="10" stroke-linecap="round" opacity="0.7"/>
      <rect x="180" y="380" width="110" height="210" rx="48" fill="#6d5dd3"/>
      <rect x="510" y="380" width="110" height="210" rx="48" fill="#6d5dd3"/>
      <rect x="262" y="395" width="58" height="180" rx="26" fill="#2b2452"/>
      <rect x="480" y="395" width="58" height="180" rx="26" fill="#2b2452"/>
      <path d="M272 420 Q300 485 272 550 M528 420 Q500 485 528 550" stroke="#4b4380" stroke-width="6" fill="none"/>
      <path d="M196 440 Q234 420 272 445" stroke="#7dd3fc" stroke-width="8" fill="none" stroke-linecap="round"/>
      ${glare(198, 410, 20, 130)}${glare(582, 410, 20, 130)}
      <circle cx="235" cy="560" r="7" fill="#a5b4fc"/>`,
    detail: { x: 170, y: 340, size: 260 },
    base: 590,
  },
  // Pocket-sized, deep bass, splash-proof fabric shell: a fabric-covered pill with a strap.
  'pulse-bluetooth-speaker': {
    draw: () => {
      let weave = '';
      for (let y = 300; y <= 560; y += 16) weave += `<path d="M250 ${y} H550" stroke="#0f766e" stroke-width="3" opacity="0.35"/>`;
      for (let x = 262; x <= 540; x += 16) weave += `<path d="M${x} 290 V580" stroke="#14b8a6" stroke-width="2" opacity="0.25"/>`;
      return `
      <defs><clipPath id="fabric"><rect x="240" y="280" width="320" height="310" rx="120"/></clipPath></defs>
      <path d="M560 330 Q640 330 640 400" fill="none" stroke="#134e4a" stroke-width="18" stroke-linecap="round"/>
      <rect x="240" y="280" width="320" height="310" rx="120" fill="#14b8a6"/>
      <g clip-path="url(#fabric)">${weave}</g>
      <rect x="240" y="250" width="320" height="70" rx="35" fill="#134e4a"/>
      <circle cx="330" cy="285" r="12" fill="#5eead4"/><path d="M392 285 H418 M405 272 V298" stroke="#ccfbf1" stroke-width="6" stroke-linecap="round"/><path d="M458 285 H484" stroke="#ccfbf1" stroke-width="6" stroke-linecap="round"/>
      <circle cx="400" cy="450" r="78" fill="none" stroke="#0f766e" stroke-width="6" opacity="0.5"/>
      <rect x="380" y="585" width="40" height="14" rx="7" fill="#134e4a"/>`;
    },
    detail: { x: 250, y: 230, size: 300 },
    base: 600,
  },
  // Bright always-on display framed in brushed steel; steps, sleep, heart rate.
  'nova-smartwatch-s2': {
    draw: () => `
      <defs><linearGradient id="steel" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#e5e7eb"/><stop offset="0.5" stop-color="#9ca3af"/><stop offset="1" stop-color="#d1d5db"/></linearGradient></defs>
      <rect x="335" y="130" width="130" height="540" rx="46" fill="#334155"/>
      <path d="M345 170 H455 M345 205 H455 M345 595 H455 M345 630 H455" stroke="#475569" stroke-width="6"/>
      <rect x="280" y="270" width="240" height="260" rx="70" fill="url(#steel)"/>
      <rect x="518" y="350" width="24" height="60" rx="10" fill="#9ca3af"/>
      <rect x="298" y="288" width="204" height="224" rx="54" fill="${SCREEN}"/>
      <circle cx="400" cy="385" r="58" fill="none" stroke="#334155" stroke-width="12"/>
      <path d="M400 327 A58 58 0 1 1 344 400" fill="none" stroke="#f43f5e" stroke-width="12" stroke-linecap="round"/>
      <path d="M400 400 L388 388 Q378 378 388 370 Q396 364 400 372 Q404 364 412 370 Q422 378 412 388 Z" fill="#f43f5e"/>
      <rect x="350" y="458" width="100" height="12" rx="6" fill="#38bdf8"/><rect x="366" y="478" width="68" height="10" rx="5" fill="#94a3b8"/>`,
    detail: { x: 270, y: 260, size: 280 },
    base: 670,
  },
  // 27-inch 4K IPS monitor on a stand; one USB-C cable carries video, data and power.
  'lumen-27-4k-monitor': {
    draw: () => `
      <defs><linearGradient id="scr" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#7dd3fc"/><stop offset="1" stop-color="#6366f1"/></linearGradient></defs>
      <path d="M420 520 Q480 600 560 620" fill="none" stroke="#475569" stroke-width="10" stroke-linecap="round"/>
      <rect x="560" y="608" width="40" height="24" rx="6" fill="#64748b"/>
      <rect x="370" y="470" width="60" height="130" fill="#9ca3af"/>
      <rect x="280" y="592" width="240" height="28" rx="14" fill="#6b7280"/>
      <rect x="120" y="170" width="560" height="330" rx="16" fill="#1f2937"/>
      <rect x="136" y="186" width="528" height="282" rx="6" fill="url(#scr)"/>
      <circle cx="540" cy="270" r="46" fill="#fde68a" opacity="0.9"/>
      <path d="M136 430 L260 330 L350 400 L440 320 L664 450 V468 H136 Z" fill="#312e81" opacity="0.7"/>
      <path d="M136 468 L300 380 L420 440 L520 390 L664 460 V468 Z" fill="#1e1b4b" opacity="0.7"/>
      <rect x="380" y="478" width="40" height="8" rx="4" fill="#4b5563"/>`,
    detail: { x: 380, y: 400, size: 300 },
    base: 632,
  },
  // Slim 15 W pad in soft-touch silicone with a phone charging on it.
  'volt-wireless-charging-pad': {
    draw: () => `
      <ellipse cx="400" cy="548" rx="230" ry="66" fill="#1e293b"/>
      <ellipse cx="400" cy="532" rx="230" ry="66" fill="#334155"/>
      <ellipse cx="400" cy="526" rx="170" ry="44" fill="#475569"/>
      <circle cx="400" cy="586" r="6" fill="#22c55e"/>
      <g transform="rotate(-6 400 400)">
        <rect x="322" y="170" width="156" height="330" rx="28" fill="#111827"/>
        <rect x="333" y="184" width="134" height="302" rx="20" fill="#1e3a8a"/>
        <path d="M404 255 L368 345 H396 L382 420 L432 318 H404 Z" fill="#facc15"/>
        <rect x="370" y="440" width="60" height="10" rx="5" fill="#93c5fd"/>
      </g>`,
    detail: { x: 250, y: 400, size: 300 },
    base: 614,
  },
  // Compact 75% mechanical keyboard, hot-swappable tactile switches, aluminium top plate.
  'orbit-mechanical-keyboard': {
    draw: () => {
      let keys = '';
      const rows = [13, 13, 12, 12];
      rows.forEach((count, row) => {
        for (let col = 0; col < count; col++) {
          const accent = (row === 0 && col === 0) || (row === 3 && col === count - 1);
          keys += `<rect x="${160 + col * 37 + row * 6}" y="${300 + row * 40}" width="31" height="32" rx="6" fill="${accent ? '#f97316' : '#e5e7eb'}"/>`;
        }
      });
      return `
      <rect x="140" y="270" width="520" height="250" rx="22" fill="#9ca3af"/>
      <rect x="150" y="280" width="500" height="230" rx="16" fill="#cbd5e1"/>
      ${keys}
      <rect x="246" y="462" width="250" height="32" rx="6" fill="#e5e7eb"/>
      <rect x="166" y="462" width="70" height="32" rx="6" fill="#e5e7eb"/><rect x="506" y="462" width="60" height="32" rx="6" fill="#e5e7eb"/><rect x="576" y="462" width="60" height="32" rx="6" fill="#f97316"/>
      <path d="M400 270 Q400 220 470 210 T560 180" fill="none" stroke="#f97316" stroke-width="10" stroke-linecap="round"/>`;
    },
    detail: { x: 140, y: 260, size: 240 },
    base: 520,
  },
  // True wireless earbuds with a pocketable case.
  'stratos-noise-cancelling-earbuds': {
    draw: () => {
      const bud = (x, y, rot) => `<g transform="rotate(${rot} ${x} ${y})">
        <rect x="${x - 18}" y="${y + 10}" width="36" height="140" rx="18" fill="${WHITE}"/>
        <circle cx="${x}" cy="${y}" r="52" fill="${WHITE}"/>
        <ellipse cx="${x - 16}" cy="${y - 4}" rx="26" ry="22" fill="#cbd5e1"/>
        <circle cx="${x + 18}" cy="${y + 8}" r="8" fill="#0ea5e9"/>
        <rect x="${x - 18}" y="${y + 128}" width="36" height="14" rx="6" fill="${METAL}"/></g>`;
      return `
      <path d="M190 420 Q190 330 320 330 Q450 330 450 420 Z" fill="#e2e8f0"/>
      <rect x="190" y="410" width="260" height="200" rx="76" fill="${WHITE}"/>
      <path d="M190 440 H450" stroke="#cbd5e1" stroke-width="8"/>
      <circle cx="320" cy="530" r="10" fill="#22c55e"/>
      ${bud(535, 300, 14)}${bud(625, 365, 24)}`;
    },
    detail: { x: 440, y: 220, size: 280 },
    base: 610,
  },
  // 1.2 kg laptop with a 14-inch display.
  'zenith-14-ultrabook': {
    draw: () => `
      <defs><linearGradient id="lap" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#a78bfa"/><stop offset="1" stop-color="#4338ca"/></linearGradient></defs>
      <rect x="190" y="190" width="420" height="280" rx="16" fill="#1f2937"/>
      <rect x="206" y="206" width="388" height="248" rx="6" fill="url(#lap)"/>
      <rect x="240" y="250" width="150" height="16" rx="8" fill="${WHITE}" opacity="0.8"/>
      <rect x="240" y="282" width="230" height="12" rx="6" fill="${WHITE}" opacity="0.5"/>
      <rect x="240" y="306" width="190" height="12" rx="6" fill="${WHITE}" opacity="0.5"/>
      <rect x="240" y="350" width="120" height="70" rx="10" fill="${WHITE}" opacity="0.25"/>
      <path d="M130 470 H670 L646 522 Q640 534 626 534 H174 Q160 534 154 522 Z" fill="#d1d5db"/>
      <rect x="350" y="470" width="100" height="12" rx="6" fill="#9ca3af"/>
      <path d="M160 500 H640" stroke="#e5e7eb" stroke-width="4"/>`,
    detail: { x: 120, y: 330, size: 280 },
    base: 534,
  },
};
