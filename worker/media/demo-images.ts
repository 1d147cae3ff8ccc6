// Generated pictures for the demo data (avatars, event covers, case images): deterministic SVG drawn from a
// key, so the seed needs no image files and no network. Real uploads are served from R2 instead.

const palettes = [
  ['#6d28d9', '#db2777'],
  ['#1d4ed8', '#06b6d4'],
  ['#047857', '#84cc16'],
  ['#b45309', '#f43f5e'],
  ['#0f766e', '#6366f1'],
  ['#9333ea', '#f59e0b'],
  ['#be123c', '#fb923c'],
  ['#334155', '#0ea5e9'],
] as const;

/** FNV-1a: a stable 32-bit hash of the key. */
function hash(key: string) {
  let h = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    h ^= key.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function pick(key: string) {
  const h = hash(key);
  return { h, colors: palettes[h % palettes.length] };
}

export function avatarSvg(key: string) {
  const { h, colors } = pick(key);
  const hair = ['#1f2937', '#78350f', '#a16207', '#451a03', '#525252'][h % 5];
  const skin = ['#fde2c8', '#f5cba7', '#e0ac69', '#c68642'][(h >>> 4) % 4];
  const shirt = ['#f8fafc', '#1e293b', '#fde68a', '#bfdbfe', '#fecdd3'][(h >>> 8) % 5];
  const longHair = (h >>> 12) % 2 === 0;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="256" height="256">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient>
<clipPath id="c"><rect width="256" height="256"/></clipPath></defs>
<g clip-path="url(#c)">
<rect width="256" height="256" fill="url(#g)"/>
${longHair ? `<rect x="70" y="70" width="116" height="120" rx="50" fill="${hair}"/>` : ''}
<path d="M36 256c0-52 40-84 92-84s92 32 92 84z" fill="${shirt}"/>
<rect x="112" y="150" width="32" height="34" rx="12" fill="${skin}"/>
<circle cx="128" cy="112" r="50" fill="${skin}"/>
<path d="M76 110c-4-42 22-66 52-66s58 22 52 66c-8-20-28-34-52-34s-44 14-52 34z" fill="${hair}"/>
</g>
</svg>`;
}

export function coverSvg(key: string) {
  const { h, colors } = pick(key);
  const shapes = Array.from({ length: 6 }, (_, i) => {
    const v = hash(`${key}:${i}`);
    const x = v % 1920;
    const y = (v >>> 11) % 1080;
    const r = 80 + ((v >>> 5) % 260);
    return `<circle cx="${x}" cy="${y}" r="${r}" fill="#fff" opacity="${(0.06 + ((v >>> 3) % 10) / 100).toFixed(2)}"/>`;
  }).join('');
  const angle = h % 360;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1920 1080" width="1920" height="1080">
<defs><linearGradient id="g" gradientTransform="rotate(${angle} .5 .5)"><stop offset="0" stop-color="${colors[0]}"/><stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>
<rect width="1920" height="1080" fill="url(#g)"/>${shapes}
<path d="M0 ${760 + (h % 120)}C480 ${660 + ((h >>> 7) % 160)} 960 ${900 - ((h >>> 9) % 140)} 1920 ${720 + ((h >>> 13) % 160)}V1080H0z" fill="#000" opacity=".12"/>
</svg>`;
}
