import { hsl, prng, r2, SIZE } from './lib.mjs';

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

export function nftSvg(nft) {
  const style = NFT_STYLES[nft.collection];
  if (!style) throw new Error(`no art style for collection "${nft.collection}" (${nft.slug})`);
  return style(nft, prng(`nft:${nft.slug}`));
}
