import { useId, type SVGProps } from 'react';

/** Hero art: a live stream window with viewer count, reactions and a tip card (drawn inline, no image files). */
export function LivestreamIllustration(props: SVGProps<SVGSVGElement>) {
  const id = useId();
  return (
    <svg viewBox="0 0 520 420" fill="none" overflow="visible" aria-hidden {...props}>
      <defs>
        <linearGradient id={`${id}-stage`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#4c1d95" />
          <stop offset="0.55" stopColor="#be185d" />
          <stop offset="1" stopColor="#f97316" />
        </linearGradient>
        <radialGradient id={`${id}-light`} cx="0.5" cy="0.3" r="0.6">
          <stop offset="0" stopColor="#fff" stopOpacity="0.45" />
          <stop offset="1" stopColor="#fff" stopOpacity="0" />
        </radialGradient>
        <filter id={`${id}-shadow`} x="-50%" y="-50%" width="200%" height="220%">
          <feDropShadow dx="0" dy="16" stdDeviation="18" floodColor="#500724" floodOpacity="0.3" />
        </filter>
      </defs>
      <g filter={`url(#${id}-shadow)`}>
        <rect x="40" y="40" width="400" height="280" rx="28" fill={`url(#${id}-stage)`} />
      </g>
      <rect x="40" y="40" width="400" height="280" rx="28" fill={`url(#${id}-light)`} />
      {/* host */}
      <path d="M150 320c10-74 52-108 90-108s80 34 90 108z" fill="#fde68a" opacity="0.95" />
      <circle cx="240" cy="170" r="50" fill="#fcd9bd" />
      <path d="M188 166c-2-42 24-66 54-66 36 0 60 28 52 68-8-24-30-38-54-38-22 0-40 14-52 36z" fill="#1f1147" />
      <circle cx="222" cy="176" r="5" fill="#1f1147" />
      <circle cx="258" cy="176" r="5" fill="#1f1147" />
      <path d="M226 198c9 8 19 8 28 0" stroke="#9a3412" strokeWidth="3.5" strokeLinecap="round" />
      {/* live badge + viewers */}
      <rect x="62" y="62" width="66" height="28" rx="14" fill="#ef4444" />
      <circle cx="80" cy="76" r="5" fill="#fff" />
      <text x="92" y="81" fill="#fff" fontSize="14" fontWeight="700" fontFamily="Inter, sans-serif">LIVE</text>
      <rect x="138" y="62" width="82" height="28" rx="14" fill="#000" opacity="0.35" />
      <text x="152" y="81" fill="#fff" fontSize="13" fontWeight="600" fontFamily="Inter, sans-serif">1.2k</text>
      <circle cx="202" cy="76" r="6" stroke="#fff" strokeWidth="2" />
      {/* reactions */}
      <g transform="translate(392 120)">
        <circle r="18" fill="#fff" opacity="0.9" />
        <path d="M0 8l-9-9a5.5 5.5 0 018-7.5L0-7.5l1-1a5.5 5.5 0 018 7.5z" fill="#ec4899" />
      </g>
      <g transform="translate(404 176)">
        <circle r="13" fill="#fff" opacity="0.75" />
        <path d="M0 6l-6.5-6.5a4 4 0 016-5.5L0-5.5l.5-.5a4 4 0 016 5.5z" fill="#f97316" />
      </g>
      <g transform="translate(384 222)">
        <circle r="9" fill="#fff" opacity="0.6" />
      </g>
      {/* chat card */}
      <g filter={`url(#${id}-shadow)`}>
        <rect x="330" y="250" width="176" height="124" rx="22" fill="#fff" />
      </g>
      <circle cx="356" cy="280" r="11" fill="#c4b5fd" />
      <rect x="374" y="274" width="108" height="10" rx="5" fill="#ede9fe" />
      <circle cx="356" cy="312" r="11" fill="#fbcfe8" />
      <rect x="374" y="306" width="84" height="10" rx="5" fill="#fce7f3" />
      <rect x="346" y="336" width="144" height="26" rx="13" fill="#f5f3ff" />
      {/* tip card */}
      <g filter={`url(#${id}-shadow)`}>
        <rect x="14" y="268" width="168" height="72" rx="20" fill="#fff" />
      </g>
      <rect x="30" y="284" width="40" height="40" rx="12" fill="#fef3c7" />
      <text x="41" y="311" fill="#b45309" fontSize="20" fontWeight="800" fontFamily="Inter, sans-serif">€</text>
      <rect x="82" y="290" width="84" height="10" rx="5" fill="#fde68a" />
      <rect x="82" y="308" width="56" height="9" rx="4.5" fill="#f3f4f6" />
      <circle cx="470" cy="58" r="16" fill="#fbbf24" />
      <circle cx="26" cy="150" r="9" fill="#a78bfa" />
    </svg>
  );
}
