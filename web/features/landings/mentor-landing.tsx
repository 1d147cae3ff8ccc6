import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import {
  ArrowDown,
  ArrowRight,
  BadgePercent,
  BellRing,
  ClipboardList,
  Compass,
  Gem,
  HeartHandshake,
  LifeBuoy,
  MessageCircle,
  Presentation,
  Sprout,
  Telescope,
  Users,
  Video,
  Layers,
  Wallet,
} from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { cn } from '../../lib/cn.ts';
import { HeroGlow, MentorHeroIllustration } from './illustrations.tsx';
import { AudienceSwitch, Section, SectionHeading } from './landing-parts.tsx';
import { LandingReviewsSlider, type LandingReview } from './landing-reviews-slider.tsx';
import { platformStatsQueries, type PlatformStats } from './platform-stats.api.ts';
import { directionsCount, formatCount, mentorsAndLearners, platformFigures } from './platform-counts.ts';
import { LANDING_LOADER_MS, PageLoader, useLoaderDelay } from './page-loader.tsx';

const audiences = [
  {
    icon: Gem,
    title: 'Опытные мастера',
    text: 'Годы практики, своя методика и сильное портфолио. Упакуйте опыт в консультации и мастер-классы — а мы приведём учеников.',
    tone: 'from-violet-500 to-indigo-500',
  },
  {
    icon: Sprout,
    title: 'Начинающие наставники',
    text: 'Уже умеете, но только учитесь учить. Поможем с форматом первых занятий, ценой и профилем, чтобы старт был уверенным.',
    tone: 'from-emerald-500 to-teal-500',
  },
  {
    icon: Telescope,
    title: 'Визионеры',
    text: 'Придумываете новые направления и собираете сообщества. Запускайте авторские программы и групповые события для единомышленников.',
    tone: 'from-fuchsia-500 to-rose-500',
  },
];

type Benefit = { icon: typeof Users; title: string; text: string; featured?: boolean; accent?: boolean; pending?: boolean };

/**
 * The first two carry the platform's counts (issue 36): while they load the titles are skeletons, and if they cannot be
 * read the titles say the same without a number rather than with a made-up one.
 */
const countedBenefits = (stats: PlatformStats | undefined, pending: boolean): Benefit[] => [
  {
    icon: Users,
    title: stats ? mentorsAndLearners(stats) : 'Наставники и ученики',
    text: 'Живое сообщество, в котором ученики уже ищут наставника.',
    featured: true,
    pending,
  },
  { icon: Layers, title: stats ? directionsCount(stats) : 'Разные направления', text: 'От вокала и иллюстрации до карьеры и фитнеса.', pending },
];

const benefits: Benefit[] = [
  // no recording exists (decision 018): the promise is the room and the chat, which do
  { icon: Video, title: 'Видео и чат в Форме', text: 'Встречи проходят прямо на платформе, а файлы и заметки для ученика остаются в чате.' },
  { icon: BellRing, title: 'Напоминание за час', text: 'Ученик получает напоминание за час до занятия — меньше пропусков.' },
  { icon: BadgePercent, title: 'Скидки за долгое сотрудничество', text: 'Постоянные ученики остаются с вами дольше.' },
  { icon: LifeBuoy, title: 'Поддержка на всех этапах', text: 'От анкеты до первой выплаты — на связи живые люди.' },
  { icon: Wallet, title: 'Комиссия 5% только с выплат', text: 'Никаких абонентских платежей: мы зарабатываем, только когда зарабатываете вы.', accent: true },
];

const steps = [
  { icon: ClipboardList, title: 'Заполните анкету', text: 'Расскажите о себе, опыте и направлениях — это займёт около 10 минут.' },
  { icon: Video, title: 'Видеоинтервью 30 минут', text: 'Короткая встреча с командой: обсудим формат занятий и ответим на вопросы.' },
  { icon: Compass, title: 'Познакомьтесь с платформой', text: 'Настройте профиль, расписание и стоимость консультаций.' },
  { icon: Presentation, title: 'Проведите открытые мастер-классы', text: 'Бесплатные или недорогие встречи помогут собрать первых учеников и отзывы.' },
];

const reviews: LandingReview[] = [
  {
    name: 'Мария Ковалёва',
    role: 'Иллюстратор, 6 лет на фрилансе',
    text: 'За первые два месяца набрала группу из двенадцати учеников. Расписание и оплаты больше не живут в заметках — всё в одном месте.',
    initials: 'МК',
    tone: 'bg-gradient-to-br from-violet-500 to-fuchsia-500',
  },
  {
    name: 'Алексей Соколов',
    role: 'Фитнес-тренер',
    text: 'Открытый мастер-класс собрал сорок человек, треть из них записались на личные консультации. Напоминания за час реально работают.',
    initials: 'АС',
    tone: 'bg-gradient-to-br from-orange-400 to-rose-500',
  },
  {
    name: 'Дина Ахмедова',
    role: 'Преподаватель вокала',
    text: 'Боялась, что онлайн-формат не подойдёт для вокала. Оказалось, видео в Форме вполне хватает, а упражнения я оставляю ученикам в чате.',
    initials: 'ДА',
    tone: 'bg-gradient-to-br from-sky-400 to-indigo-500',
  },
  {
    name: 'Игорь Белов',
    role: 'Тату-мастер',
    text: 'Веду курс по эскизам для начинающих мастеров. Комиссия только с выплат — честно: в тихий месяц ничего не плачу.',
    initials: 'ИБ',
    tone: 'bg-gradient-to-br from-emerald-400 to-teal-600',
  },
  {
    name: 'Ольга Миронова',
    role: 'Карьерный консультант',
    text: 'Поддержка помогла с ценообразованием и описанием профиля. Через месяц календарь был заполнен на две недели вперёд.',
    initials: 'ОМ',
    tone: 'bg-gradient-to-br from-amber-400 to-orange-500',
  },
];

function scrollToDetails() {
  document.getElementById('who')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** '/' — the landing for mentors ('Хочу учить'), spec 000 §2. */
export function MentorLanding() {
  const loading = useLoaderDelay(true, LANDING_LOADER_MS);
  // rendered with the page on the server (the route's loader asks for it); in the browser it may still be on its way
  const stats = useQuery(platformStatsQueries.counts());
  const statsPending = stats.isPending;
  return (
    <>
      <PageLoader visible={loading} hideAfterMs={LANDING_LOADER_MS} />
      <div className="overflow-x-clip">
        <Hero />
        <Stats stats={stats.data} pending={statsPending} />
        <Section id="who" aria-labelledby="who-title">
          <SectionHeading id="who-title" eyebrow="Кому мы подходим" title="Форма для тех, кому есть чем поделиться" align="center" />
          <ul className="grid gap-5 md:grid-cols-3">
            {audiences.map(({ icon: Icon, title, text, tone }) => (
              <li key={title} className="group relative overflow-hidden rounded-3xl border bg-card p-7 shadow-sm transition hover:-translate-y-1 hover:shadow-xl hover:shadow-primary/5">
                <div aria-hidden className={cn('absolute -top-16 -right-16 size-40 rounded-full bg-gradient-to-br opacity-10 transition group-hover:opacity-20', tone)} />
                <span className={cn('grid size-14 place-content-center rounded-2xl bg-gradient-to-br text-white shadow-lg', tone)}>
                  <Icon aria-hidden className="size-7" />
                </span>
                <h3 className="mt-6 text-xl font-semibold">{title}</h3>
                <p className="mt-3 leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <div className="bg-gradient-to-b from-secondary/60 to-background">
          <Section aria-labelledby="benefits-title">
            <SectionHeading id="benefits-title" eyebrow="Преимущества" title="Всё, чтобы вы занимались любимым делом" description="Мы берём на себя учеников, расписание, напоминания и оплату." />
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
              {[...countedBenefits(stats.data, statsPending), ...benefits].map(({ icon: Icon, title, text, featured, accent, pending }) => (
                <li
                  key={title}
                  className={cn(
                    'flex flex-col gap-4 rounded-3xl border p-6 shadow-sm',
                    featured && 'bg-gradient-to-br from-violet-600 to-fuchsia-600 text-white sm:col-span-2 lg:col-span-2',
                    accent && 'border-amber-200 bg-gradient-to-br from-amber-50 to-orange-50',
                    !featured && !accent && 'bg-card',
                  )}
                >
                  <span
                    className={cn(
                      'grid size-11 place-content-center rounded-xl',
                      featured ? 'bg-white/20' : accent ? 'bg-amber-100 text-amber-700' : 'bg-primary/10 text-primary',
                    )}
                  >
                    <Icon aria-hidden className="size-5" />
                  </span>
                  <div className="grid gap-1.5">
                    {pending ? (
                      <Skeleton className={cn('h-7 w-3/4', featured && 'h-8 bg-white/25')} />
                    ) : (
                      <h3 className={cn('font-semibold', featured ? 'text-2xl' : 'text-lg')}>{title}</h3>
                    )}
                    <p className={cn('text-sm leading-relaxed', featured ? 'text-white/85' : 'text-muted-foreground')}>{text}</p>
                  </div>
                </li>
              ))}
            </ul>
          </Section>
        </div>

        <Section aria-labelledby="steps-title">
          <SectionHeading id="steps-title" eyebrow="Как начать" title="Четыре шага до первого ученика" align="center" />
          <ol className="relative grid gap-6 md:grid-cols-2 lg:grid-cols-4">
            <div aria-hidden className="absolute top-7 right-[12%] left-[12%] hidden h-0.5 bg-gradient-to-r from-violet-200 via-fuchsia-200 to-amber-200 lg:block" />
            {steps.map(({ icon: Icon, title, text }, index) => (
              <li key={title} className="relative flex flex-col items-start gap-4 rounded-3xl border bg-card p-6 shadow-sm lg:items-center lg:border-0 lg:bg-transparent lg:p-2 lg:text-center lg:shadow-none">
                <span className="relative grid size-14 place-content-center rounded-2xl bg-gradient-to-br from-violet-600 to-fuchsia-500 text-white shadow-lg shadow-violet-500/25 ring-8 ring-background">
                  <Icon aria-hidden className="size-6" />
                  <span className="absolute -top-2 -right-2 grid size-6 place-content-center rounded-full bg-foreground text-xs font-bold text-background">{index + 1}</span>
                </span>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ol>
        </Section>

        <div className="bg-secondary/50">
          <Section aria-labelledby="reviews-title">
            <SectionHeading id="reviews-title" eyebrow="Отзывы" title="Наставники о Форме" />
            <LandingReviewsSlider reviews={reviews} />
          </Section>
        </div>

        <Section>
          <div className="relative overflow-hidden rounded-[2rem] bg-gradient-to-br from-violet-700 via-indigo-700 to-fuchsia-700 px-6 py-14 text-center text-white shadow-2xl shadow-violet-500/20 sm:px-12 sm:py-20">
            <div aria-hidden className="absolute -top-24 -left-24 size-72 rounded-full bg-fuchsia-400/30 blur-3xl" />
            <div aria-hidden className="absolute -right-20 -bottom-28 size-80 rounded-full bg-sky-400/25 blur-3xl" />
            <HeartHandshake aria-hidden className="relative mx-auto size-12 text-white/80" />
            <h2 className="relative mx-auto mt-6 max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-5xl">Готовы делиться опытом?</h2>
            <p className="relative mx-auto mt-4 max-w-xl text-base text-white/80 sm:text-lg">Регистрация бесплатна. Комиссия 5% — только когда вы получаете выплату.</p>
            <div className="relative mt-10 flex flex-col justify-center gap-3 sm:flex-row">
              <Button asChild size="lg" className="bg-white text-violet-700 hover:bg-white/90">
                <Link to="/register">
                  Стать наставником
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
              <Button asChild size="lg" variant="outline" className="border-white/40 bg-white/10 text-white hover:bg-white/20 hover:text-white">
                <Link to="/Support">
                  <MessageCircle aria-hidden />
                  Задать вопрос
                </Link>
              </Button>
            </div>
          </div>
        </Section>
      </div>
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate">
      <HeroGlow />
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:pt-16 md:px-8 lg:grid-cols-[1.05fr_1fr] lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start gap-7">
          <AudienceSwitch current="teach" />
          <h1 id="hero-title" className="text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Станьте наставником на{' '}
            <span className="bg-gradient-to-r from-violet-600 via-fuchsia-600 to-orange-500 bg-clip-text text-transparent">Форме</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground sm:text-xl">
            Делитесь опытом на личных консультациях и мастер-классах. Ученики, расписание, напоминания и оплата — на нашей стороне.
          </p>
          <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
            <Button asChild size="lg" className="shadow-lg shadow-primary/25">
              <Link to="/register">
                Стать наставником
                <ArrowRight aria-hidden />
              </Link>
            </Button>
            <Button size="lg" variant="outline" onClick={scrollToDetails}>
              Подробнее
              <ArrowDown aria-hidden />
            </Button>
          </div>
        </div>
        <MentorHeroIllustration className="mx-auto w-full max-w-[520px]" />
      </div>
    </section>
  );
}

/** The platform's counts (issue 36), each with the word its number takes; skeletons while they load, nothing if they fail. */
function Stats({ stats, pending }: { stats: PlatformStats | undefined; pending: boolean }) {
  if (!stats && !pending) return null;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 md:px-8">
      <dl aria-busy={pending || undefined} className="grid grid-cols-2 gap-px overflow-hidden rounded-3xl border bg-border shadow-sm lg:grid-cols-4">
        {stats
          ? platformFigures(stats).map((figure) => (
              <div key={figure.label} className="flex flex-col gap-1 bg-card px-5 py-6 sm:px-7">
                <dt className="order-2 text-sm text-muted-foreground">{figure.label}</dt>
                <dd className="order-1 text-2xl font-bold tracking-tight text-foreground tabular-nums sm:text-3xl">{formatCount(figure.value)}</dd>
              </div>
            ))
          : Array.from({ length: 4 }, (_, index) => (
              <div key={index} className="flex flex-col gap-2 bg-card px-5 py-6 sm:px-7">
                <Skeleton className="h-8 w-16 sm:h-9" />
                <Skeleton className="h-4 w-24" />
              </div>
            ))}
      </dl>
    </div>
  );
}
