import type { ReactNode } from 'react';
import { BookOpen, Check, ChevronDown, ChevronLeft, ChevronRight, Radio, Repeat, Sparkles, Video } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import { CursorFollower } from './cursor-follower.tsx';
import { LivestreamIllustration } from './livestream-illustration.tsx';
import { SignupForm } from './signup-form.tsx';
import { useCarousel } from './use-carousel.ts';

// The separate livestream/courses/1:1 landing (spec 002 §2.12). English, euros, sample content; links are placeholders.

const products = [
  { icon: Radio, label: 'Streams', text: 'Go live to your audience' },
  { icon: Repeat, label: 'Series', text: 'Multi-part courses and cohorts' },
  { icon: Video, label: '1:1 Calls', text: 'Paid private sessions' },
  { icon: Sparkles, label: 'Subscriptions', text: 'Monthly memberships' },
  { icon: BookOpen, label: 'Digital Products', text: 'Guides, templates, recordings' },
];

type Creator = { name: string; description: string; tone: string; price: string };

/** Two slides of sample creators (static content, spec 002 §9). */
export const creatorSlides: Creator[][] = [
  [
    { name: 'Maya Collins', description: 'Weekly live drawing streams and a 6-part sketching series.', tone: 'from-fuchsia-500 to-rose-500', price: 'from €12 / stream' },
    { name: 'Tom Becker', description: 'Product management office hours and 1:1 career calls.', tone: 'from-violet-500 to-indigo-500', price: 'from €60 / call' },
    { name: 'Nadia Rahman', description: 'Yoga subscriptions with live morning classes.', tone: 'from-amber-400 to-orange-500', price: '€19 / month' },
  ],
  [
    { name: 'Jonas Berg', description: 'Music production masterclasses and sample packs.', tone: 'from-sky-400 to-cyan-500', price: 'from €25 / class' },
    { name: 'Clara Dupont', description: 'French conversation streams and private lessons.', tone: 'from-emerald-400 to-teal-600', price: 'from €30 / lesson' },
    { name: 'Ravi Patel', description: 'Startup finance series with downloadable templates.', tone: 'from-pink-500 to-purple-600', price: '€49 / series' },
  ],
];

function Placeholder({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <a href="#" className={cn('outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}>
      {children}
    </a>
  );
}

export function LivestreamLanding() {
  return (
    <div lang="en" className="overflow-x-clip bg-[#fbf8ff]">
      <CursorFollower />
      <Header />
      <Hero />
      <Creators />
      <PricingBadge />
      <section aria-labelledby="ls-signup" className="mx-auto max-w-6xl px-4 pb-20 md:px-8">
        <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-[#1b0b3a] via-[#3b0d4f] to-[#7c2d12] px-6 py-14 text-white sm:px-12 sm:py-16">
          <div aria-hidden className="absolute -top-24 right-0 size-80 rounded-full bg-fuchsia-500/30 blur-3xl" />
          <div className="relative grid items-center gap-8 lg:grid-cols-2">
            <div>
              <h2 id="ls-signup" className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">
                Be the first to go live
              </h2>
              <p className="mt-3 max-w-md text-white/75">Leave your email and we&apos;ll send an invite as soon as your spot opens.</p>
            </div>
            <SignupForm tone="dark" />
          </div>
        </div>
      </section>
      <Footer />
    </div>
  );
}

function Header() {
  const link = 'rounded-lg px-3 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-white hover:text-slate-900';
  return (
    <header className="border-b border-violet-100 bg-white/70 backdrop-blur">
      <div className="mx-auto flex max-w-6xl items-center gap-2 px-4 py-3 md:px-8">
        <span className="mr-4 flex items-center gap-2 text-lg font-extrabold tracking-tight">
          <span aria-hidden className="grid size-8 place-content-center rounded-xl bg-gradient-to-br from-fuchsia-600 to-orange-500 text-white">
            <Radio className="size-4" />
          </span>
          Forma Live
        </span>
        <nav aria-label="Livestream platform" className="hidden items-center gap-1 md:flex">
          <DropdownMenu>
            <DropdownMenuTrigger className={cn(link, 'inline-flex items-center gap-1 data-[state=open]:bg-white')}>
              Product
              <ChevronDown aria-hidden className="size-4" />
            </DropdownMenuTrigger>
            <DropdownMenuContent align="start" className="w-72">
              {products.map(({ icon: Icon, label, text }) => (
                <DropdownMenuItem key={label} asChild>
                  <a href="#" className="items-start">
                    <Icon aria-hidden className="mt-0.5" />
                    <span className="grid">
                      <span className="font-medium">{label}</span>
                      <span className="text-xs text-muted-foreground">{text}</span>
                    </span>
                  </a>
                </DropdownMenuItem>
              ))}
            </DropdownMenuContent>
          </DropdownMenu>
          <Placeholder className={link}>Pricing</Placeholder>
          <Placeholder className={link}>About Us</Placeholder>
        </nav>
        <div className="ml-auto flex items-center gap-1">
          <Placeholder className={cn(link, 'hidden sm:inline-flex')}>Sign in</Placeholder>
          <Placeholder className="rounded-xl bg-slate-900 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-slate-800">Sign up for free</Placeholder>
        </div>
      </div>
      {/* Small screens: the product list as a scrollable row instead of a menu. */}
      <nav aria-label="Products" className="overflow-x-auto border-t border-violet-100 md:hidden">
        <ul className="flex gap-1 px-3 py-2 text-sm whitespace-nowrap">
          {[...products.map((p) => p.label), 'Pricing', 'About Us', 'Sign in'].map((label) => (
            <li key={label}>
              <Placeholder className="rounded-lg px-3 py-1.5 text-slate-600 hover:bg-white">{label}</Placeholder>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

function Hero() {
  return (
    <section aria-labelledby="ls-hero" className="relative isolate">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
        <div className="absolute -top-40 left-[-10rem] size-[32rem] rounded-full bg-fuchsia-300/40 blur-3xl" />
        <div className="absolute top-20 right-[-12rem] size-[34rem] rounded-full bg-orange-200/50 blur-3xl" />
      </div>
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 md:px-8 lg:grid-cols-[1.1fr_1fr] lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start gap-6">
          <span className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1 text-sm font-medium text-fuchsia-700 shadow-sm ring-1 ring-fuchsia-100">
            <span className="size-2 animate-pulse rounded-full bg-red-500" /> Streams · Courses · 1:1 Calls
          </span>
          <h1 id="ls-hero" className="text-4xl leading-[1.05] font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl lg:text-6xl">
            Your expertise,{' '}
            <span className="bg-gradient-to-r from-fuchsia-600 via-rose-500 to-orange-500 bg-clip-text text-transparent">live and on demand</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-slate-600">
            Host livestreams, sell multi-part series and book paid 1:1 calls — all from one page your audience will love.
          </p>
          <SignupForm />
          <p className="text-sm text-slate-500">Free to start · 5% platform fee · No monthly fees</p>
        </div>
        <LivestreamIllustration className="mx-auto w-full max-w-[520px]" />
      </div>
    </section>
  );
}

export function Creators() {
  const carousel = useCarousel(creatorSlides.length);
  const slide = creatorSlides[carousel.index] ?? [];
  return (
    <section aria-labelledby="ls-creators" aria-roledescription="carousel" className="mx-auto max-w-6xl px-4 py-16 md:px-8">
      <div className="mb-10 flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="text-sm font-semibold tracking-wide text-fuchsia-600 uppercase">Creators</p>
          <h2 id="ls-creators" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">
            Built for people who teach
          </h2>
        </div>
        <div className="flex items-center gap-3">
          <span className="text-sm text-slate-500 tabular-nums" aria-live="polite">
            {carousel.index + 1} / {creatorSlides.length}
          </span>
          <button type="button" onClick={carousel.prev} disabled={!carousel.canPrev} aria-label="Previous creators" className={arrowClass}>
            <ChevronLeft aria-hidden className="size-5" />
          </button>
          <button type="button" onClick={carousel.next} disabled={!carousel.canNext} aria-label="Next creators" className={arrowClass}>
            <ChevronRight aria-hidden className="size-5" />
          </button>
        </div>
      </div>
      <ul key={carousel.index} aria-roledescription="slide" aria-label={`Slide ${carousel.index + 1} of ${creatorSlides.length}`} className="grid gap-5 md:grid-cols-3">
        {slide.map((creator) => (
          <li key={creator.name} className="flex flex-col gap-5 rounded-3xl bg-white p-7 shadow-sm ring-1 ring-violet-100 transition hover:-translate-y-1 hover:shadow-xl hover:shadow-fuchsia-500/10">
            <span aria-hidden className={cn('grid size-16 place-content-center rounded-2xl bg-gradient-to-br text-2xl font-extrabold text-white shadow-lg', creator.tone)}>
              {creator.name[0]}
            </span>
            <div className="grid gap-2">
              <h3 className="text-lg font-semibold text-slate-900">{creator.name}</h3>
              <p className="text-sm leading-relaxed text-slate-600">{creator.description}</p>
            </div>
            <span className="mt-auto w-fit rounded-full bg-fuchsia-50 px-3 py-1 text-xs font-semibold text-fuchsia-700">{creator.price}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

const arrowClass =
  'grid size-11 place-content-center rounded-full bg-white text-slate-700 shadow-sm ring-1 ring-violet-100 transition hover:bg-slate-900 hover:text-white disabled:pointer-events-none disabled:opacity-40 focus-visible:ring-2 focus-visible:ring-fuchsia-500 focus-visible:outline-none';

function PricingBadge() {
  return (
    <section aria-labelledby="ls-pricing" className="mx-auto max-w-6xl px-4 pb-20 md:px-8">
      <div className="grid items-center gap-8 rounded-[2rem] bg-white p-8 shadow-sm ring-1 ring-violet-100 sm:p-12 md:grid-cols-[auto_1fr]">
        <div className="grid size-36 place-content-center justify-items-center rounded-full bg-gradient-to-br from-fuchsia-600 to-orange-500 text-white shadow-xl shadow-fuchsia-500/25">
          <span className="text-5xl leading-none font-extrabold">5%</span>
          <span className="mt-1 text-xs font-semibold tracking-wide uppercase">platform fee</span>
        </div>
        <div>
          <h2 id="ls-pricing" className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
            5% platform fee on all transactions, no monthly fees
          </h2>
          <p className="mt-3 max-w-2xl text-slate-600">
            Keep 95% of what you earn. A €100 call pays you €95 once its 48-hour dispute window has passed — no subscriptions, no setup costs.
          </p>
          <ul className="mt-5 flex flex-wrap gap-2 text-sm">
            {/* what happens to the money (decision 010): held for the 48-hour dispute window, then paid out */}
            {['No monthly fees', 'Paid out 48 hours after each session', 'Cancel anytime'].map((item) => (
              <li key={item} className="inline-flex items-center gap-1.5 rounded-full bg-violet-50 px-3 py-1 font-medium text-violet-700">
                <Check aria-hidden className="size-3.5" strokeWidth={3} />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}

function Footer() {
  const columns = [
    { title: 'Product', links: products.map((p) => p.label) },
    { title: 'Company', links: ['About Us', 'Pricing', 'Careers'] },
    { title: 'Legal', links: ['Privacy', 'Terms'] },
  ];
  return (
    <footer className="border-t border-violet-100 bg-white">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 md:px-8 lg:grid-cols-[2fr_1fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <span className="text-lg font-extrabold tracking-tight">Forma Live</span>
          <p className="max-w-xs text-sm text-slate-500">Streams, series, calls and subscriptions for creators who teach.</p>
        </div>
        {columns.map((column) => (
          <div key={column.title}>
            <p className="text-sm font-semibold text-slate-900">{column.title}</p>
            <ul className="mt-3 grid gap-2 text-sm text-slate-500">
              {column.links.map((item) => (
                <li key={item}>
                  <Placeholder className="rounded hover:text-slate-900">{item}</Placeholder>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </footer>
  );
}
