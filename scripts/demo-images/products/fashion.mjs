import { METAL, WHITE } from '../lib.mjs';

/** Stitching along a path: a thin dashed line a shade lighter than the cloth. */
const stitch = (d, colour = '#d97706', width = 4) => `<path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" stroke-dasharray="10 7" stroke-linecap="round"/>`;

/** A long-sleeved upper body: shoulders at y 200, hem at 615, sleeves down to the cuffs. */
const BODY = 'M300 200 L218 236 L172 330 L148 590 L218 602 L252 405 L258 615 L542 615 L548 405 L582 602 L652 590 L628 330 L582 236 L500 200 Q400 250 300 200 Z';

export const fashion = {
  // Crew-neck tee in soft organic cotton, garment dyed sage.
  'everyday-organic-cotton-tee': {
    draw: () => `
      <path d="M300 200 L208 240 L140 350 L222 402 L265 350 L265 612 L535 612 L535 350 L578 402 L660 350 L592 240 L500 200 Q400 270 300 200 Z" fill="#84a98c"/>
      <path d="M300 200 Q400 270 500 200" fill="none" stroke="#52796f" stroke-width="18"/>
      <path d="M140 350 L222 402 M660 350 L578 402" stroke="#52796f" stroke-width="10"/>
      ${stitch('M272 596 H528', '#cad2c5')}${stitch('M150 360 L222 406', '#cad2c5')}${stitch('M650 360 L578 406', '#cad2c5')}
      <path d="M300 290 Q330 420 300 560" stroke="${WHITE}" stroke-width="16" opacity="0.15" stroke-linecap="round"/>`,
    detail: { x: 280, y: 170, size: 240 },
    base: 612,
  },
  // Classic trucker jacket in heavyweight rigid denim: point collar, antique brass buttons, two
  // flapped chest pockets, a buttoned placket and waistband.
  'harbor-denim-jacket': {
    draw: () => {
      const button = (x, y) => `<circle cx="${x}" cy="${y}" r="11" fill="#b08d57"/><circle cx="${x}" cy="${y}" r="6" fill="#8a6d3b"/><circle cx="${x - 3}" cy="${y - 3}" r="3" fill="#e0c68f"/>`;
      const pocket = (x) => `
        <rect x="${x}" y="318" width="96" height="96" rx="8" fill="#34557f"/>
        <path d="M${x - 4} 312 H${x + 100} V340 L${x + 48} 362 L${x - 4} 340 Z" fill="#2e4b73"/>
        ${stitch(`M${x + 2} 338 L${x + 48} 358 L${x + 94} 338`)}${stitch(`M${x + 6} 370 V408 H${x + 90} V370`)}${button(x + 48, 348)}`;
      return `
      <defs><linearGradient id="denim" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#4a6fa5"/><stop offset="1" stop-color="#3b5b8c"/></linearGradient></defs>
      <path d="${BODY}" fill="url(#denim)"/>
      <path d="M252 405 L258 615 M548 405 L542 615" stroke="#2e4b73" stroke-width="6"/>
      <path d="M300 200 L360 290 L400 250 L440 290 L500 200" fill="#2e4b73"/>
      <path d="M300 200 L258 236 L330 320 L372 262 Z M500 200 L542 236 L470 320 L428 262 Z" fill="#3f6195" stroke="#2e4b73" stroke-width="5" stroke-linejoin="round"/>
      <path d="M400 262 V615" stroke="#2e4b73" stroke-width="8"/>
      ${stitch('M392 270 V600')}${stitch('M408 270 V600')}
      ${pocket(282)}${pocket(422)}
      <rect x="258" y="560" width="284" height="55" fill="#34557f"/>${stitch('M262 568 H538')}${stitch('M262 606 H538')}
      <rect x="146" y="555" width="74" height="38" rx="6" fill="#34557f"/><rect x="580" y="555" width="74" height="38" rx="6" fill="#34557f"/>
      ${button(400, 300)}${button(400, 380)}${button(400, 460)}${button(400, 530)}${button(400, 588)}${button(312, 588)}${button(488, 588)}
      ${stitch('M270 460 Q268 520 272 556', '#d97706', 3)}${stitch('M530 460 Q532 520 528 556', '#d97706', 3)}`;
    },
    detail: { x: 270, y: 290, size: 240 },
    base: 615,
  },
  // Rib-knit merino beanie with a fold-up cuff.
  'alpine-merino-wool-beanie': {
    draw: () => {
      let ribs = '';
      for (let x = 248; x <= 552; x += 19) ribs += `<path d="M${x} 310 Q${x + (x - 400) * 0.05} 400 ${x} 470" stroke="#37474f" stroke-width="7" fill="none" opacity="0.35"/>`;
      let cuffRibs = '';
      for (let x = 232; x <= 568; x += 19) cuffRibs += `<path d="M${x} 478 V566" stroke="#263238" stroke-width="8" opacity="0.35"/>`;
      return `
      <path d="M235 480 Q225 262 400 250 Q575 262 565 480 Z" fill="#546e7a"/>
      ${ribs}
      <path d="M310 270 Q400 240 490 270" stroke="#78909c" stroke-width="10" fill="none" stroke-linecap="round" opacity="0.6"/>
      <rect x="215" y="462" width="370" height="112" rx="32" fill="#455a64"/>${cuffRibs}
      <rect x="370" y="500" width="60" height="34" rx="6" fill="#e7dcc4"/>`;
    },
    detail: { x: 240, y: 380, size: 220 },
    base: 575,
    scene: 'shelf',
  },
  // Lightweight linen shirt: camp collar, short sleeves, loose fit; sand with a faint slub.
  'riviera-linen-summer-shirt': {
    draw: () => {
      let slub = '';
      for (let y = 260; y <= 600; y += 22) slub += `<path d="M270 ${y} H530" stroke="#cbb994" stroke-width="2" opacity="0.5"/>`;
      return `
      <defs><clipPath id="shirt"><path d="M262 330 H538 V612 H262 Z"/></clipPath></defs>
      <path d="M300 200 L205 238 L132 352 L220 405 L262 352 L262 612 L538 612 L538 352 L580 405 L668 352 L595 238 L500 200 Q400 240 300 200 Z" fill="#e9dcc0"/>
      <g clip-path="url(#shirt)">${slub}</g>
      <path d="M300 200 L345 300 L400 236 L455 300 L500 200 L470 196 L400 226 L330 196 Z" fill="#ded0b0" stroke="#b8a57c" stroke-width="5" stroke-linejoin="round"/>
      <path d="M400 236 V612" stroke="#b8a57c" stroke-width="6"/>
      ${[300, 370, 440, 510, 575].map((y) => `<circle cx="410" cy="${y}" r="8" fill="#f8f5ee" stroke="#b8a57c" stroke-width="3"/>`).join('')}
      <rect x="292" y="300" width="72" height="70" rx="6" fill="none" stroke="#b8a57c" stroke-width="4"/>
      <path d="M132 352 L220 405 M668 352 L580 405" stroke="#b8a57c" stroke-width="8"/>`;
    },
    detail: { x: 280, y: 180, size: 240 },
    base: 612,
  },
  // Brushed-back cotton fleece hoodie: lined hood, drawstrings, roomy kangaroo pocket, ribbed cuffs.
  'trailhead-cotton-hoodie': {
    draw: () => `
      <path d="M292 215 Q270 110 400 100 Q530 110 508 215 Q400 250 292 215 Z" fill="#2f5d50"/>
      <path d="M322 212 Q320 140 400 132 Q480 140 478 212 Q400 236 322 212 Z" fill="#1f3f36"/>
      <path d="${BODY}" fill="#3a7565"/>
      <path d="M300 205 Q400 255 500 205" fill="none" stroke="#2f5d50" stroke-width="20"/>
      <path d="M370 238 V330 M430 238 V330" stroke="#e7dcc4" stroke-width="7" stroke-linecap="round"/>
      <circle cx="370" cy="336" r="7" fill="#e7dcc4"/><circle cx="430" cy="336" r="7" fill="#e7dcc4"/>
      <path d="M300 455 H500 L525 560 H275 Z" fill="#336a5b"/>
      <path d="M300 455 L275 560 M500 455 L525 560" stroke="#2a574b" stroke-width="8"/>
      <rect x="258" y="578" width="284" height="37" fill="#2f5d50"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13].map((i) => `<path d="M${268 + i * 20} 582 V611" stroke="#24493f" stroke-width="5"/>`).join('')}
      <rect x="146" y="552" width="74" height="42" rx="8" fill="#2f5d50"/><rect x="580" y="552" width="74" height="42" rx="8" fill="#2f5d50"/>`,
    detail: { x: 270, y: 140, size: 260 },
    base: 615,
  },
  // Three pairs of cushioned merino crew socks, reinforced heel and toe.
  'cozy-merino-crew-socks': {
    draw: () => {
      const sock = (fill, heel, stripe) => `
        <path d="M300 180 H420 V430 Q420 465 452 486 L540 548 Q590 585 556 628 Q524 664 476 632 L326 528 Q300 508 300 470 Z" fill="${fill}"/>
        <rect x="292" y="168" width="136" height="62" rx="14" fill="${stripe}"/>
        <path d="M300 250 H420 M300 274 H420" stroke="${stripe}" stroke-width="9"/>
        <path d="M420 420 Q420 465 452 486 L470 498 Q420 520 392 470 Z" fill="${heel}"/>
        <path d="M528 540 Q594 572 556 628 Q524 664 476 632 L466 624 Z" fill="${heel}"/>`;
      return `<g transform="translate(-120 22) rotate(-10 400 400)">${sock('#9f8170', '#5c4033', '#e7dcc4')}</g>
        <g transform="translate(-30 0)">${sock('#5b7db1', '#2f4a73', '#dbe4f0')}</g>
        <g transform="translate(70 -18) rotate(8 400 400)">${sock('#b5838d', '#6d4c57', '#f4e3e6')}</g>`;
    },
    detail: { x: 360, y: 380, size: 280 },
    base: 640,
    scene: 'shelf',
  },
  // Packable waterproof rain shell: adjustable hood, taped seams, full zip, adjustable cuffs.
  'metro-waterproof-rain-jacket': {
    draw: () => `
      <path d="M288 222 Q262 108 400 96 Q538 108 512 222 Q400 262 288 222 Z" fill="#eab308"/>
      <path d="M318 218 Q314 138 400 128 Q486 138 482 218 Q400 244 318 218 Z" fill="#1e3a5f"/>
      <path d="${BODY}" fill="#facc15"/>
      <path d="M300 200 L218 236 L172 330 L148 590 M500 200 L582 236 L628 330 L652 590" fill="none" stroke="#ca8a04" stroke-width="10" stroke-linejoin="round"/>
      <path d="M252 405 L258 615 M548 405 L542 615 M300 200 Q330 300 300 360 M500 200 Q470 300 500 360" fill="none" stroke="#ca8a04" stroke-width="8"/>
      <path d="M400 232 V615" stroke="#1e3a5f" stroke-width="12"/>
      ${[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17].map((i) => `<path d="M394 ${246 + i * 20} H406" stroke="${METAL}" stroke-width="4"/>`).join('')}
      <rect x="392" y="236" width="16" height="30" rx="4" fill="${METAL}"/>
      <path d="M290 470 L350 455 M510 470 L450 455" stroke="#ca8a04" stroke-width="10" stroke-linecap="round"/>
      <rect x="146" y="556" width="74" height="36" rx="8" fill="#1e3a5f"/><rect x="580" y="556" width="74" height="36" rx="8" fill="#1e3a5f"/>
      <path d="M360 210 Q350 250 372 272 M440 210 Q450 250 428 272" stroke="#1e3a5f" stroke-width="6" fill="none"/>
      <circle cx="372" cy="278" r="7" fill="#1e3a5f"/><circle cx="428" cy="278" r="7" fill="#1e3a5f"/>`,
    detail: { x: 270, y: 90, size: 260 },
    base: 615,
  },
};
