import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { CalendarClock, Check, CircleDollarSign, Globe2, LifeBuoy, Quote, ShieldCheck, Star, TrendingUp, UserRoundPlus, Video, BadgeCheck, Rocket } from 'lucide-react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { HeroGlow, MentorHeroIllustration } from './illustrations.tsx';
import { englishPlural, formatCountEn, sessionsHeld } from './platform-counts.ts';
import { platformStatsQueries, type PlatformStats } from './platform-stats.api.ts';

// The English alternative mentor landing (spec 000 §2): every link a placeholder. Its figures are the platform's counts
// and its promises what the platform does (issue 36, decision 018): the spec's "2,500 average monthly earnings, 15,000+
// sessions, 3,200+ active mentors" were made up.

const nav = ['How it works', 'Features', 'Pricing', 'Success stories'];

/** The hero's strip: the fee is a rule, the other two are counted (null while they load). */
const figures = (stats: PlatformStats | undefined) => [
  { key: 'share', value: '95%', label: 'of each payment is yours, paid out 48 hours after the session' },
  { key: 'held', value: stats && formatCountEn(sessionsHeld(stats)), label: stats ? englishPlural(sessionsHeld(stats), 'Session held', 'Sessions held') : 'Sessions held' },
  { key: 'mentors', value: stats && formatCountEn(stats.mentors), label: stats ? englishPlural(stats.mentors, 'Mentor on Forma', 'Mentors on Forma') : 'Mentors on Forma' },
];

const benefits = [
  { icon: CircleDollarSign, title: 'Set your own rates', text: 'Price sessions and events the way you want. Change them any time.' },
  { icon: CalendarClock, title: 'Flexible schedule', text: 'Open slots when it suits you; mentees book only what is free.' },
  { icon: Video, title: 'Built-in video', text: 'Meet in the browser — no extra apps to install.' },
  {
    icon: ShieldCheck,
    title: 'Secure payments',
    text: 'Mentees pay upfront through the platform. We hold the money for a 48-hour dispute window after the session, then pay it out to your card.',
  },
  { icon: Globe2, title: 'Grow your audience', text: 'Get discovered by learners browsing mentors by direction, price and rating.' },
  { icon: LifeBuoy, title: 'Dedicated support', text: 'A real team helps you from your application to your first payout.' },
];

const testimonials = [
  { name: 'Hannah Weiss', role: 'UX Mentor', text: 'I replaced three tools with one page. My calendar filled up within a month of joining.', tone: 'from-violet-500 to-fuchsia-500' },
  { name: 'Carlos Mendes', role: 'Guitar Teacher', text: 'Lessons in the browser changed how my students practice: no installs, they join from their calendar and come back better prepared every week.', tone: 'from-sky-500 to-indigo-500' },
  { name: 'Aiko Tanaka', role: 'Career Coach', text: 'The 5% fee only on payouts felt fair from day one. In quiet months I simply pay nothing.', tone: 'from-amber-400 to-orange-500' },
  { name: 'Leo Fischer', role: 'Fitness Trainer', text: 'Open group events brought in my first regulars. Reminders an hour before cut no-shows in half.', tone: 'from-emerald-400 to-teal-600' },
];

const steps = [
  { icon: UserRoundPlus, title: 'Create your profile', text: 'Tell mentees about your experience, skills and what a session with you looks like.' },
  { icon: BadgeCheck, title: 'Get approved', text: 'Our team reviews your application and emails you as soon as you are in.' },
  { icon: Rocket, title: 'Start mentoring', text: 'Publish slots and events and get booked. Payouts are sent after a 48-hour dispute window.' },
];

const pricingFeatures = ['Free profile and listing', 'Scheduling and reminders', 'Built-in video in the browser', 'Payouts to your card 48 hours after each session', 'No monthly fees'];

const footerColumns = [
  { title: 'Product', links: ['How it works', 'Features', 'Pricing'] },
  { title: 'Company', links: ['About', 'Careers', 'Contact'] },
  { title: 'Legal', links: ['Privacy policy', 'Terms of service'] },
];

function Placeholder({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <a href="#" className={cn('outline-none focus-visible:ring-2 focus-visible:ring-ring', className)}>
      {children}
    </a>
  );
}

export function NewLandingMentor() {
  const stats = useQuery(platformStatsQueries.counts());
  return (
    <div lang="en" className="overflow-x-clip">
      <header className="border-b bg-card/60">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-8 gap-y-3 px-4 py-4 md:px-8">
          <span className="text-lg font-bold tracking-tight">
            Forma <span className="text-primary">for Mentors</span>
          </span>
          <nav aria-label="Mentor landing" className="order-3 w-full overflow-x-auto md:order-none md:w-auto">
            <ul className="flex gap-6 text-sm font-medium whitespace-nowrap text-muted-foreground">
              {nav.map((item) => (
                <li key={item}>
                  <Placeholder className="rounded hover:text-foreground">{item}</Placeholder>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <Placeholder className="rounded-lg px-3 py-2 text-sm font-medium hover:bg-accent">Log in</Placeholder>
            <Placeholder className="rounded-lg bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-sm hover:bg-primary/90">Sign up</Placeholder>
          </div>
        </div>
      </header>

      <section aria-labelledby="nlm-hero" className="relative isolate">
        <HeroGlow />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pt-14 pb-16 md:px-8 lg:grid-cols-2 lg:pt-20 lg:pb-24">
          <div className="flex flex-col items-start gap-6">
            <span className="inline-flex items-center gap-2 rounded-full border bg-card/80 px-3 py-1 text-sm font-medium text-muted-foreground shadow-sm">
              <TrendingUp aria-hidden className="size-4 text-primary" /> Mentoring that pays
            </span>
            <h1 id="nlm-hero" className="text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
              Turn your expertise into a{' '}
              <span className="bg-gradient-to-r from-violet-600 to-fuchsia-600 bg-clip-text text-transparent">thriving practice</span>
            </h1>
            <p className="max-w-xl text-lg leading-relaxed text-muted-foreground">
              Run one-to-one sessions and group events, and let us handle scheduling, reminders and payments.
            </p>
            <div className="flex flex-wrap gap-3">
              <Placeholder className="inline-flex h-12 items-center rounded-lg bg-primary px-6 font-medium text-primary-foreground shadow-lg shadow-primary/25 hover:bg-primary/90">
                Start mentoring
              </Placeholder>
              <Placeholder className="inline-flex h-12 items-center rounded-lg border bg-card px-6 font-medium hover:bg-accent">See how it works</Placeholder>
            </div>
          </div>
          <MentorHeroIllustration className="mx-auto w-full max-w-[500px]" />
        </div>
        <div className="mx-auto max-w-6xl px-4 pb-4 md:px-8">
          <dl className="grid gap-px overflow-hidden rounded-3xl border bg-border shadow-sm sm:grid-cols-3">
            {figures(stats.data).map((figure) =>
              // a count that could not be read is left out rather than shown as a guess
              figure.value === undefined && !stats.isPending ? null : (
                <div key={figure.key} className="flex flex-col gap-1 bg-card px-7 py-7">
                  <dt className="order-2 text-sm text-muted-foreground">{figure.label}</dt>
                  <dd className="order-1 text-3xl font-bold tracking-tight tabular-nums sm:text-4xl">
                    {figure.value ?? <Skeleton className="h-9 w-24 sm:h-10" />}
                  </dd>
                </div>
              ),
            )}
          </dl>
        </div>
      </section>

      <section aria-labelledby="nlm-features" className="mx-auto max-w-6xl px-4 py-20 md:px-8">
        <p className="text-sm font-semibold tracking-wide text-primary uppercase">Features</p>
        <h2 id="nlm-features" className="mt-3 max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl">
          Everything you need to mentor professionally
        </h2>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-3xl border bg-card p-7 shadow-sm transition hover:-translate-y-1 hover:shadow-lg">
              <span className="grid size-12 place-content-center rounded-2xl bg-primary/10 text-primary">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="nlm-stories" className="bg-secondary/50">
        <div className="mx-auto max-w-6xl px-4 py-20 md:px-8">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">Success stories</p>
          <h2 id="nlm-stories" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
            Mentors who grew with us
          </h2>
          <ul className="mt-12 grid gap-5 md:grid-cols-2">
            {testimonials.map((item) => (
              <li key={item.name}>
                <figure className="flex h-full flex-col gap-5 rounded-3xl border bg-card p-7 shadow-sm">
                  <div className="flex items-center justify-between">
                    <Quote aria-hidden className="size-7 text-primary/30" />
                    <span className="flex gap-0.5" aria-label="5 out of 5">
                      {Array.from({ length: 5 }, (_, index) => (
                        <Star key={index} aria-hidden className="size-4 fill-amber-400 text-amber-400" />
                      ))}
                    </span>
                  </div>
                  <blockquote className="flex-1 text-base leading-relaxed">{item.text}</blockquote>
                  <figcaption className="flex items-center gap-3">
                    <span aria-hidden className={cn('grid size-11 place-content-center rounded-full bg-gradient-to-br text-sm font-bold text-white', item.tone)}>
                      {item.name[0]}
                    </span>
                    <span className="grid">
                      <span className="font-semibold">{item.name}</span>
                      <span className="text-sm text-muted-foreground">{item.role}</span>
                    </span>
                  </figcaption>
                </figure>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="nlm-how" className="mx-auto max-w-6xl px-4 py-20 md:px-8">
        <p className="text-center text-sm font-semibold tracking-wide text-primary uppercase">How it works</p>
        <h2 id="nlm-how" className="mt-3 text-center text-3xl font-bold tracking-tight sm:text-4xl">
          Three steps to your first session
        </h2>
        <ol className="mt-12 grid gap-5 md:grid-cols-3">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="relative rounded-3xl border bg-card p-7 shadow-sm">
              <span className="absolute top-6 right-7 text-5xl font-black text-primary/10">{index + 1}</span>
              <span className="grid size-12 place-content-center rounded-2xl bg-gradient-to-br from-violet-600 to-fuchsia-500 text-white shadow-lg shadow-violet-500/20">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="mt-5 text-lg font-semibold">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="nlm-pricing" className="mx-auto max-w-6xl px-4 pb-20 md:px-8">
        <div className="grid items-center gap-10 overflow-hidden rounded-[2rem] bg-gradient-to-br from-slate-900 via-indigo-950 to-violet-900 p-8 text-white sm:p-12 lg:grid-cols-2">
          <div>
            <p className="text-sm font-semibold tracking-wide text-violet-300 uppercase">Pricing</p>
            <h2 id="nlm-pricing" className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">
              Simple and fair
            </h2>
            <p className="mt-4 max-w-md text-white/75">No subscriptions and no setup costs. We only earn when you do.</p>
          </div>
          <div className="rounded-3xl bg-white p-8 text-foreground shadow-2xl">
            <p className="text-sm font-medium text-muted-foreground">Platform fee</p>
            <p className="mt-2 flex items-baseline gap-2">
              <span className="text-6xl font-extrabold tracking-tight">5%</span>
              <span className="text-muted-foreground">of your earnings</span>
            </p>
            <ul className="mt-6 grid gap-3">
              {pricingFeatures.map((feature) => (
                <li key={feature} className="flex items-center gap-3 text-sm">
                  <span className="grid size-5 place-content-center rounded-full bg-success/15 text-success">
                    <Check aria-hidden className="size-3.5" strokeWidth={3} />
                  </span>
                  {feature}
                </li>
              ))}
            </ul>
            <Placeholder className="mt-8 flex h-12 items-center justify-center rounded-lg bg-primary font-medium text-primary-foreground hover:bg-primary/90">
              Sign up free
            </Placeholder>
          </div>
        </div>
      </section>

      <footer className="border-t bg-card">
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 md:px-8 lg:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="grid content-start gap-3">
            <span className="text-lg font-bold tracking-tight">
              Forma <span className="text-primary">for Mentors</span>
            </span>
            <p className="max-w-xs text-sm text-muted-foreground">Share what you know, on your own terms.</p>
          </div>
          {footerColumns.map((column) => (
            <div key={column.title}>
              <p className="text-sm font-semibold">{column.title}</p>
              <ul className="mt-3 grid gap-2 text-sm text-muted-foreground">
                {column.links.map((link) => (
                  <li key={link}>
                    <Placeholder className="rounded hover:text-foreground">{link}</Placeholder>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </footer>
    </div>
  );
}
