import { useId, type SVGProps } from 'react';

// Inline illustrations for the landings: drawn here so the pages need no image files or external hosts.

type IllustrationProps = SVGProps<SVGSVGElement>;

/** Mentor hero: a video consultation window with a chat bubble, a rating chip and an earnings card. */
export function MentorHeroIllustration(props: IllustrationProps) {
  const id = useId();
  return (
    <svg viewBox="0 0 520 440" fill="none" overflow="visible" aria-hidden {...props}>
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
        <linearGradient id={`${id}-skin`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#fcd9bd" />
          <stop offset="1" stopColor="#f4b993" />
        </linearGradient>
        <linearGradient id={`${id}-screen`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#ede9fe" />
          <stop offset="1" stopColor="#fae8ff" />
        </linearGradient>
        <filter id={`${id}-shadow`} x="-50%" y="-50%" width="200%" height="220%">
          <feDropShadow dx="0" dy="14" stdDeviation="16" floodColor="#4c1d95" floodOpacity="0.18" />
        </filter>
      </defs>
      <circle cx="290" cy="210" r="190" fill={`url(#${id}-bg)`} opacity="0.12" />
      <circle cx="430" cy="70" r="26" fill="#fbbf24" opacity="0.85" />
      <circle cx="70" cy="360" r="14" fill="#a78bfa" />
      {/* call window */}
      <g filter={`url(#${id}-shadow)`}>
        <rect x="70" y="60" width="360" height="270" rx="24" fill="#fff" />
      </g>
      <rect x="86" y="96" width="328" height="218" rx="16" fill={`url(#${id}-screen)`} />
      <circle cx="102" cy="78" r="5" fill="#f87171" />
      <circle cx="118" cy="78" r="5" fill="#fbbf24" />
      <circle cx="134" cy="78" r="5" fill="#34d399" />
      {/* mentor figure */}
      <path d="M170 314c8-62 48-92 90-92s82 30 90 92z" fill={`url(#${id}-bg)`} />
      <circle cx="260" cy="176" r="44" fill={`url(#${id}-skin)`} />
      <path d="M214 170c0-34 22-54 48-54 30 0 48 22 46 52-10-14-28-22-48-22-18 0-34 8-46 24z" fill="#3b1d60" />
      <rect x="238" y="174" width="16" height="6" rx="3" fill="#3b1d60" opacity="0.7" />
      <rect x="268" y="174" width="16" height="6" rx="3" fill="#3b1d60" opacity="0.7" />
      <path d="M248 198c8 6 18 6 26 0" stroke="#b45309" strokeWidth="3" strokeLinecap="round" />
      {/* self view */}
      <rect x="320" y="236" width="80" height="64" rx="12" fill="#1e1b4b" />
      <circle cx="360" cy="262" r="13" fill="#fcd9bd" />
      <path d="M336 300c4-18 14-24 24-24s20 6 24 24z" fill="#22d3ee" />
      {/* controls */}
      <g transform="translate(186 288)">
        <rect width="148" height="40" rx="20" fill="#1e1b4b" opacity="0.92" />
        <circle cx="30" cy="20" r="11" fill="#fff" opacity="0.2" />
        <circle cx="74" cy="20" r="11" fill="#fff" opacity="0.2" />
        <circle cx="118" cy="20" r="11" fill="#ef4444" />
      </g>
      {/* chat bubble */}
      <g filter={`url(#${id}-shadow)`}>
        <rect x="16" y="150" width="150" height="64" rx="18" fill="#fff" />
      </g>
      <circle cx="44" cy="182" r="14" fill="#c4b5fd" />
      <rect x="66" y="170" width="84" height="9" rx="4.5" fill="#ddd6fe" />
      <rect x="66" y="186" width="60" height="9" rx="4.5" fill="#ede9fe" />
      {/* rating chip */}
      <g filter={`url(#${id}-shadow)`}>
        <rect x="356" y="24" width="140" height="52" rx="16" fill="#fff" />
      </g>
      <path d="M380 38l4.4 8.9 9.8 1.4-7.1 6.9 1.7 9.8-8.8-4.6-8.8 4.6 1.7-9.8-7.1-6.9 9.8-1.4z" fill="#f59e0b" />
      <rect x="402" y="40" width="74" height="9" rx="4.5" fill="#fde68a" />
      <rect x="402" y="56" width="48" height="8" rx="4" fill="#fef3c7" />
      {/* earnings card */}
      <g filter={`url(#${id}-shadow)`}>
        <rect x="300" y="348" width="200" height="76" rx="20" fill="#fff" />
      </g>
      <rect x="318" y="366" width="40" height="40" rx="12" fill="#dcfce7" />
      <path d="M328 392l8-8 6 6 10-12" stroke="#16a34a" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      <rect x="370" y="370" width="100" height="10" rx="5" fill="#bbf7d0" />
      <rect x="370" y="388" width="64" height="9" rx="4.5" fill="#e5e7eb" />
    </svg>
  );
}

/** Mentee hero: hobby objects (palette, guitar, dumbbell, sketchbook) orbiting a learner. */
export function MenteeHeroIllustration(props: IllustrationProps) {
  const id = useId();
  return (
    <svg viewBox="0 0 520 440" fill="none" overflow="visible" aria-hidden {...props}>
      <defs>
        <linearGradient id={`${id}-a`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#f97316" />
          <stop offset="1" stopColor="#db2777" />
        </linearGradient>
        <linearGradient id={`${id}-b`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#8b5cf6" />
          <stop offset="1" stopColor="#06b6d4" />
        </linearGradient>
        <filter id={`${id}-shadow`} x="-50%" y="-50%" width="200%" height="220%">
          <feDropShadow dx="0" dy="12" stdDeviation="14" floodColor="#7c2d12" floodOpacity="0.16" />
        </filter>
      </defs>
      <circle cx="260" cy="220" r="180" fill={`url(#${id}-a)`} opacity="0.1" />
      <circle cx="260" cy="220" r="122" stroke={`url(#${id}-b)`} strokeWidth="2" strokeDasharray="4 10" opacity="0.6" />
      {/* learner */}
      <path d="M176 372c10-70 44-104 84-104s74 34 84 104z" fill={`url(#${id}-b)`} />
      <circle cx="260" cy="214" r="48" fill="#fcd9bd" />
      <path d="M210 210c-4-40 22-62 52-62 34 0 56 26 48 62-6-20-26-34-50-34-20 0-38 12-50 34z" fill="#7c2d12" />
      <circle cx="244" cy="218" r="4.5" fill="#431407" />
      <circle cx="278" cy="218" r="4.5" fill="#431407" />
      <path d="M250 238c7 6 15 6 22 0" stroke="#b45309" strokeWidth="3" strokeLinecap="round" />
      {/* palette */}
      <g filter={`url(#${id}-shadow)`} transform="translate(62 74)">
        <rect width="104" height="104" rx="30" fill="#fff" />
        <path d="M52 24c-18 0-32 13-32 29 0 14 11 25 24 25 5 0 6-4 4-7-3-4 0-9 5-9h7c9 0 16-7 16-15 0-13-11-23-24-23z" fill="#fde68a" />
        <circle cx="38" cy="46" r="5" fill="#ef4444" />
        <circle cx="52" cy="38" r="5" fill="#3b82f6" />
        <circle cx="66" cy="44" r="5" fill="#22c55e" />
      </g>
      {/* note */}
      <g filter={`url(#${id}-shadow)`} transform="translate(372 60)">
        <rect width="96" height="96" rx="28" fill="#fff" />
        <path d="M40 66V30l26-6v36" stroke="#8b5cf6" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
        <circle cx="33" cy="66" r="9" fill="#8b5cf6" />
        <circle cx="59" cy="60" r="9" fill="#8b5cf6" />
      </g>
      {/* dumbbell */}
      <g filter={`url(#${id}-shadow)`} transform="translate(48 262)">
        <rect width="100" height="84" rx="26" fill="#fff" />
        <rect x="20" y="30" width="10" height="26" rx="3" fill="#f97316" />
        <rect x="70" y="30" width="10" height="26" rx="3" fill="#f97316" />
        <rect x="30" y="39" width="40" height="8" rx="4" fill="#fdba74" />
      </g>
      {/* pen */}
      <g filter={`url(#${id}-shadow)`} transform="translate(384 264)">
        <rect width="92" height="92" rx="26" fill="#fff" />
        <path d="M28 64l6-18 26-26 12 12-26 26z" fill="#06b6d4" />
        <path d="M28 64l6-18 12 12z" fill="#0e7490" />
      </g>
      <circle cx="470" cy="220" r="10" fill="#fbbf24" />
      <circle cx="46" cy="210" r="7" fill="#c084fc" />
    </svg>
  );
}

type CategoryArtProps = IllustrationProps & { variant: 'fitness' | 'illustration' | 'music' | 'tattoo' };

const categoryPalettes: Record<CategoryArtProps['variant'], [string, string]> = {
  fitness: ['#fb923c', '#f43f5e'],
  illustration: ['#a78bfa', '#6366f1'],
  music: ['#22d3ee', '#3b82f6'],
  tattoo: ['#34d399', '#0f766e'],
};

/** The four category tiles of the mentee landing. */
export function CategoryArt({ variant, ...props }: CategoryArtProps) {
  const id = useId();
  const [from, to] = categoryPalettes[variant];
  return (
    <svg viewBox="0 0 240 160" fill="none" aria-hidden {...props}>
      <defs>
        <linearGradient id={`${id}-g`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor={from} />
          <stop offset="1" stopColor={to} />
        </linearGradient>
      </defs>
      <rect width="240" height="160" fill={`url(#${id}-g)`} />
      <circle cx="206" cy="22" r="52" fill="#fff" opacity="0.12" />
      <circle cx="20" cy="150" r="44" fill="#fff" opacity="0.1" />
      {variant === 'fitness' ? (
        <g>
          <rect x="54" y="64" width="16" height="42" rx="5" fill="#fff" />
          <rect x="40" y="72" width="14" height="26" rx="4" fill="#fff" opacity="0.8" />
          <rect x="170" y="64" width="16" height="42" rx="5" fill="#fff" />
          <rect x="186" y="72" width="14" height="26" rx="4" fill="#fff" opacity="0.8" />
          <rect x="70" y="80" width="100" height="10" rx="5" fill="#fff" opacity="0.9" />
          <path d="M104 46l10-14 8 10 10-16" stroke="#fff" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" opacity="0.85" />
        </g>
      ) : null}
      {variant === 'illustration' ? (
        <g>
          <rect x="62" y="32" width="96" height="100" rx="10" fill="#fff" />
          <path d="M76 112c14-28 26-40 38-28s20 2 30-16" stroke={to} strokeWidth="5" strokeLinecap="round" />
          <circle cx="138" cy="54" r="9" fill={from} />
          <path d="M150 124l40-58 10 7-40 58-14 6z" fill="#fde68a" />
          <path d="M186 66l6-9 10 7-6 9z" fill="#f472b6" />
        </g>
      ) : null}
      {variant === 'music' ? (
        <g>
          <path d="M96 116V52l64-14v62" stroke="#fff" strokeWidth="8" strokeLinecap="round" strokeLinejoin="round" />
          <ellipse cx="84" cy="116" rx="16" ry="12" fill="#fff" />
          <ellipse cx="148" cy="102" rx="16" ry="12" fill="#fff" />
          <path d="M96 66l64-14" stroke="#fff" strokeWidth="8" strokeLinecap="round" />
          <path d="M186 60c10 10 10 30 0 40M200 50c16 16 16 44 0 60" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity="0.7" />
        </g>
      ) : null}
      {variant === 'tattoo' ? (
        <g>
          <path d="M120 30c-24 26-40 44-40 64a40 40 0 0080 0c0-20-16-38-40-64z" fill="#fff" opacity="0.95" />
          <path d="M120 56c-12 14-20 24-20 36a20 20 0 0040 0c0-12-8-22-20-36z" fill={to} />
          <path d="M40 40c14 6 20 16 18 30M200 120c-14-6-20-16-18-30" stroke="#fff" strokeWidth="4" strokeLinecap="round" opacity="0.6" />
          <circle cx="52" cy="116" r="6" fill="#fff" opacity="0.7" />
          <circle cx="192" cy="42" r="6" fill="#fff" opacity="0.7" />
        </g>
      ) : null}
    </svg>
  );
}

/** Soft blurred colour blobs behind a hero. */
export function HeroGlow({ tone = 'violet' }: { tone?: 'violet' | 'sunset' }) {
  const colors = tone === 'violet' ? ['bg-violet-400/30', 'bg-fuchsia-300/30', 'bg-sky-300/25'] : ['bg-orange-300/35', 'bg-rose-300/30', 'bg-violet-300/25'];
  return (
    <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden [mask-image:linear-gradient(to_bottom,black_70%,transparent)]">
      <div className={`absolute -top-32 -left-24 size-[26rem] rounded-full blur-3xl ${colors[0]}`} />
      <div className={`absolute top-10 right-[-8rem] size-[30rem] rounded-full blur-3xl ${colors[1]}`} />
      <div className={`absolute top-[26rem] left-1/3 size-[24rem] rounded-full blur-3xl ${colors[2]}`} />
      <div className="absolute inset-0 bg-[radial-gradient(circle_at_1px_1px,rgb(124_58_237/0.12)_1px,transparent_0)] [background-size:24px_24px] [mask-image:linear-gradient(to_bottom,black,transparent_85%)]" />
    </div>
  );
}
