import { WHITE } from '../lib.mjs';

/**
 * A book standing, front cover on, its page block showing on the right. The cover has the title
 * as bars (no fonts are drawn) above its art; `art` paints inside x 280..560, y 290..590.
 */
function book({ cover, spine, title = WHITE, art, hardcover = false }) {
  return `
    <rect x="262" y="190" width="318" height="432" rx="10" fill="#efe9dc"/>
    <path d="M566 205 V608 M554 205 V608" stroke="#d6cdb8" stroke-width="4"/>
    <rect x="240" y="176" width="320" height="432" rx="${hardcover ? 8 : 12}" fill="${cover}"/>
    <defs><clipPath id="cover"><rect x="240" y="176" width="320" height="432" rx="${hardcover ? 8 : 12}"/></clipPath></defs>
    <g clip-path="url(#cover)">${art}</g>
    <rect x="240" y="176" width="34" height="432" rx="${hardcover ? 8 : 12}" fill="${spine}"/>
    <path d="M274 176 V608" stroke="#000000" stroke-opacity="0.15" stroke-width="3"/>
    <rect x="296" y="214" width="200" height="22" rx="6" fill="${title}"/>
    <rect x="296" y="246" width="140" height="14" rx="5" fill="${title}" opacity="0.7"/>
    <rect x="296" y="572" width="90" height="11" rx="5" fill="${title}" opacity="0.75"/>`;
}

export const books = {
  // Literary thriller: a data scientist finds her city's traffic lights telling a story.
  'the-quiet-algorithm': {
    draw: () =>
      book({
        cover: '#111827',
        spine: '#030712',
        title: '#e5e7eb',
        art: `
          <path d="M240 560 V470 H290 V420 H330 V480 H370 V390 H420 V450 H460 V370 H500 V440 H560 V608 H240 Z" fill="#1f2937"/>
          ${[[300, 436], [388, 408], [472, 392]].map(([x, y]) => `<rect x="${x}" y="${y}" width="22" height="58" rx="8" fill="#030712"/><circle cx="${x + 11}" cy="${y + 12}" r="6" fill="#ef4444"/><circle cx="${x + 11}" cy="${y + 29}" r="6" fill="#f59e0b" opacity="0.5"/><circle cx="${x + 11}" cy="${y + 46}" r="6" fill="#22c55e" opacity="0.5"/>`).join('')}
          <path d="M250 330 Q330 280 400 330 T560 320" fill="none" stroke="#22d3ee" stroke-width="3" opacity="0.8"/>
          <path d="M250 350 Q340 300 410 350 T560 345" fill="none" stroke="#22d3ee" stroke-width="2" opacity="0.5"/>
          ${[290, 330, 370, 410, 450, 490, 530].map((x, i) => `<circle cx="${x}" cy="${330 + ((i * 37) % 30) - 15}" r="4" fill="#67e8f9"/>`).join('')}`,
      }),
    detail: { x: 270, y: 300, size: 300 },
    base: 622,
    zoom: 1.22,
  },
  // Hands-on guide to type-safe TypeScript: generics, discriminated unions, testing.
  'practical-typescript-patterns': {
    draw: () =>
      book({
        cover: '#3178c6',
        spine: '#235a97',
        art: `
          <path d="M330 330 Q300 330 300 360 V400 Q300 420 280 425 Q300 430 300 450 V490 Q300 520 330 520" fill="none" stroke="${WHITE}" stroke-width="14" stroke-linecap="round"/>
          <path d="M470 330 Q500 330 500 360 V400 Q500 420 520 425 Q500 430 500 450 V490 Q500 520 470 520" fill="none" stroke="${WHITE}" stroke-width="14" stroke-linecap="round"/>
          <rect x="345" y="360" width="50" height="50" rx="6" fill="#fde047"/><rect x="405" y="360" width="50" height="50" rx="6" fill="${WHITE}" opacity="0.9"/>
          <rect x="345" y="420" width="50" height="50" rx="6" fill="${WHITE}" opacity="0.9"/><rect x="405" y="420" width="50" height="50" rx="6" fill="#93c5fd"/>
          <path d="M360 385 H380 M370 375 V395" stroke="#3178c6" stroke-width="6"/><circle cx="430" cy="445" r="10" fill="#3178c6"/>`,
      }),
    detail: { x: 270, y: 300, size: 280 },
    base: 622,
    zoom: 1.22,
  },
  // Growing vegetables, herbs and flowers organically; seasonal planting calendars.
  'the-organic-garden-handbook': {
    draw: () =>
      book({
        cover: '#f1e9d2',
        spine: '#4d7c0f',
        title: '#365314',
        art: `
          <path d="M240 560 Q400 520 560 560 V608 H240 Z" fill="#a16207"/>
          <path d="M320 540 Q300 440 330 400 Q350 460 320 540 Z M330 540 Q360 450 400 430 Q380 500 330 540 Z" fill="#4d7c0f"/>
          <path d="M420 545 L440 430 L460 545 Z" fill="#f97316"/><path d="M440 430 Q425 400 430 380 M440 430 Q450 395 465 385 M440 430 Q440 400 445 375" stroke="#65a30d" stroke-width="8" fill="none" stroke-linecap="round"/>
          <circle cx="510" cy="500" r="30" fill="#dc2626"/><path d="M498 472 Q510 462 522 472" stroke="#15803d" stroke-width="8" fill="none"/>
          <circle cx="490" cy="340" r="36" fill="#facc15" opacity="0.9"/>
          ${[0, 1, 2, 3].map((i) => `<circle cx="${305 + i * 34}" cy="320" r="12" fill="none" stroke="#65a30d" stroke-width="5"/>`).join('')}`,
      }),
    detail: { x: 270, y: 300, size: 300 },
    base: 622,
    zoom: 1.22,
  },
  // Historical novel: three generations of a nomadic family across the grasslands of Central Asia.
  'stars-over-the-steppe': {
    draw: () =>
      book({
        cover: '#1e1b4b',
        spine: '#0f0c2e',
        title: '#fde68a',
        art: `
          <rect x="240" y="176" width="320" height="432" fill="#1e1b4b"/>
          ${[[300, 320], [340, 300], [390, 340], [450, 300], [520, 330], [480, 360], [320, 370], [540, 290], [420, 290]].map(([x, y], i) => `<circle cx="${x}" cy="${y}" r="${2 + (i % 3)}" fill="${WHITE}"/>`).join('')}
          <path d="M500 370 A34 34 0 1 0 524 410 A26 26 0 1 1 500 370 Z" fill="#fde68a"/>
          <path d="M240 500 Q330 450 420 490 T560 470 V608 H240 Z" fill="#854d0e"/>
          <path d="M240 540 Q360 505 560 530 V608 H240 Z" fill="#a16207"/>
          <path d="M330 520 Q330 478 368 470 Q406 478 406 520 Z" fill="#fef3c7"/><path d="M352 476 L368 452 L384 476" fill="#fef3c7"/><rect x="360" y="496" width="16" height="24" fill="#92400e"/>`,
      }),
    detail: { x: 270, y: 280, size: 300 },
    base: 622,
    zoom: 1.22,
  },
  // Over 100 recipes for skillets, griddles and Dutch ovens.
  'cooking-with-cast-iron': {
    draw: () =>
      book({
        cover: '#c2410c',
        spine: '#7c2d12',
        art: `
          <circle cx="390" cy="440" r="110" fill="#1f2937"/><circle cx="390" cy="440" r="88" fill="#374151"/>
          <rect x="488" y="426" width="120" height="28" rx="12" fill="#1f2937"/>
          <ellipse cx="370" cy="430" rx="40" ry="32" fill="${WHITE}"/><circle cx="372" cy="428" r="15" fill="#f59e0b"/>
          <rect x="408" y="455" width="34" height="26" rx="8" fill="#facc15"/><rect x="420" y="410" width="30" height="24" rx="8" fill="#fbbf24"/>
          <path d="M330 300 q-14 -20 0 -40 M390 300 q-14 -20 0 -40 M450 300 q-14 -20 0 -40" stroke="#fed7aa" stroke-width="8" fill="none" stroke-linecap="round"/>`,
      }),
    detail: { x: 270, y: 300, size: 300 },
    base: 622,
    zoom: 1.22,
  },
  // Small routines that stick: short chapters, practical exercises.
  'tiny-habits-big-wins': {
    draw: () =>
      book({
        cover: '#fde047',
        spine: '#ca8a04',
        title: '#1f2937',
        art: `
          ${[0, 1, 2, 3, 4].map((i) => `<rect x="${300 + i * 46}" y="${540 - (i + 1) * 38}" width="40" height="${(i + 1) * 38}" rx="6" fill="${['#fb923c', '#f97316', '#ea580c', '#16a34a', '#15803d'][i]}"/>`).join('')}
          <circle cx="322" cy="480" r="8" fill="#1f2937"/>
          <path d="M470 320 L492 346 L540 294" fill="none" stroke="#15803d" stroke-width="16" stroke-linecap="round" stroke-linejoin="round"/>`,
      }),
    detail: { x: 270, y: 280, size: 300 },
    base: 622,
    zoom: 1.22,
  },
  // Lavishly illustrated hardcover atlas of forgotten cities, from Petra to Angkor.
  'atlas-of-lost-cities': {
    draw: () =>
      book({
        cover: '#115e59',
        spine: '#134e4a',
        title: '#fcd34d',
        hardcover: true,
        art: `
          <path d="M250 330 Q330 300 380 350 T560 340 M250 380 Q340 350 400 400 T560 390 M250 560 Q330 520 400 560 T560 540" fill="none" stroke="#5eead4" stroke-width="3" opacity="0.5"/>
          <path d="M330 560 V430 Q330 390 400 380 Q470 390 470 430 V560 Z" fill="#c2410c"/>
          <path d="M340 450 H460 M340 470 H460" stroke="#7c2d12" stroke-width="6"/>
          ${[350, 380, 410, 440].map((x) => `<rect x="${x}" y="480" width="12" height="80" fill="#fdba74"/>`).join('')}
          <rect x="385" y="500" width="30" height="60" rx="4" fill="#431407"/>
          <path d="M500 300 L508 322 L530 330 L508 338 L500 360 L492 338 L470 330 L492 322 Z" fill="#fcd34d"/>`,
      }),
    detail: { x: 270, y: 280, size: 320 },
    base: 622,
    zoom: 1.22,
  },
};
