import { Link } from '@tanstack/react-router';
import { ArrowRight, BellRing, CalendarCheck, Clock, MessageCircle, Search, Star, UserRound, UsersRound, Video } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useReturnTarget } from '../../lib/return-to.ts';
import { RecommendedMentors, UpcomingEvents } from './recommendations.tsx';

const values = [
  {
    icon: UserRound,
    title: 'Консультации один на один',
    text: 'Личная встреча с наставником в удобное время: разберите свой вопрос, проект или план развития.',
  },
  {
    icon: UsersRound,
    title: 'Групповые мероприятия',
    text: 'Мастер-классы, лекции и встречи, где можно попробовать новое вместе с единомышленниками.',
  },
  {
    icon: Video,
    title: 'Видеовстречи прямо на платформе',
    text: 'Ничего не нужно устанавливать: видео и чат с наставником здесь же, а напоминание придёт за час до начала.',
  },
] as const;

const steps = [
  { icon: Search, title: 'Выберите наставника', text: 'Сравните опыт, отзывы и цены в каталоге или найдите подходящее мероприятие.' },
  { icon: CalendarCheck, title: 'Запишитесь и оплатите', text: 'Выберите свободное время. Оплата защищена: наставник получит деньги после встречи.' },
  { icon: MessageCircle, title: 'Встречайтесь по видео', text: 'Подключайтесь в один клик из расписания, переписывайтесь в чате до и после занятия.' },
  { icon: Star, title: 'Оставьте отзыв', text: 'Оцените занятие — это поможет другим выбрать своего наставника.' },
] as const;

/** /Home for a visitor: what the product offers, how it works, and a few mentors and events to start with. */
export function VisitorHome() {
  // signing in or registering from here comes back to /Home, which then shows the person's own day (issue 35)
  const returnTo = useReturnTarget();
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-14 px-4 py-8 sm:gap-16 sm:py-12 lg:px-8">
      <Hero returnTo={returnTo} />

      <section aria-labelledby="values-title" className="flex flex-col gap-6">
        <h2 id="values-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Что есть в Форме
        </h2>
        <ul className="grid gap-5 md:grid-cols-3">
          {values.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex flex-col gap-3 rounded-2xl border bg-card p-6 shadow-sm">
              <span className="grid size-12 place-content-center rounded-xl bg-primary/10 text-primary">
                <Icon aria-hidden className="size-6" />
              </span>
              <h3 className="text-lg font-semibold">{title}</h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="steps-title" className="flex flex-col gap-6">
        <h2 id="steps-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
          Как это работает
        </h2>
        <ol className="grid gap-5 sm:grid-cols-2 xl:grid-cols-4">
          {steps.map(({ icon: Icon, title, text }, index) => (
            <li key={title} className="flex flex-col gap-3 rounded-2xl border bg-card p-6">
              <div className="flex items-center justify-between">
                <span className="text-3xl font-black text-primary/25 tabular-nums" aria-hidden>
                  0{index + 1}
                </span>
                <Icon aria-hidden className="size-5 text-primary" />
              </div>
              <h3 className="font-semibold">
                <span className="sr-only">Шаг {index + 1}. </span>
                {title}
              </h3>
              <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ol>
      </section>

      <RecommendedMentors isSignedIn={false} />
      <UpcomingEvents />

      <section
        aria-labelledby="join-title"
        className="flex flex-col items-start gap-5 rounded-3xl bg-gradient-to-br from-primary to-violet-700 px-6 py-10 text-primary-foreground sm:px-10 md:flex-row md:items-center md:justify-between"
      >
        <div className="flex flex-col gap-2">
          <h2 id="join-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
            Готовы начать?
          </h2>
          <p className="max-w-xl text-primary-foreground/80">Войдите, чтобы записываться на встречи, переписываться с наставниками и видеть своё расписание.</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link to="/login" search={{ redirect: returnTo }}>
              Войти
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline" className="border-white/40 bg-transparent text-white hover:bg-white/10 hover:text-white">
            <Link to="/register" search={{ redirect: returnTo }}>
              Зарегистрироваться
            </Link>
          </Button>
        </div>
      </section>
    </div>
  );
}

function Hero({ returnTo }: { returnTo: string | undefined }) {
  return (
    <section aria-labelledby="home-hero-title" className="relative isolate grid items-center gap-10 lg:grid-cols-[1.15fr_1fr]">
      <div aria-hidden className="pointer-events-none absolute -top-16 -left-16 -z-10 size-80 rounded-full bg-primary/15 blur-3xl" />
      <div className="flex flex-col items-start gap-6">
        <p className="rounded-full border bg-card px-3 py-1 text-sm font-medium text-primary shadow-xs">Платформа наставничества</p>
        <h1 id="home-hero-title" className="text-4xl leading-[1.1] font-extrabold tracking-tight text-balance sm:text-5xl">
          Учитесь у практиков — один на один и в группе
        </h1>
        <p className="max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground">
          Найдите наставника, запишитесь на консультацию или мастер-класс и встречайтесь по видео прямо в Форме.
        </p>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" className="shadow-lg shadow-primary/25">
            <Link to="/AllMentors">
              Найти наставника
              <ArrowRight aria-hidden />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/AllEvents">Смотреть мероприятия</Link>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">
          Уже с нами?{' '}
          <Link to="/login" search={{ redirect: returnTo }} className="font-medium text-primary hover:underline">
            Войти
          </Link>
        </p>
      </div>
      <HeroPreview />
    </section>
  );
}

/** A picture of what a signed-in home shows: the next meeting with its countdown. Decorative only. */
function HeroPreview() {
  return (
    <div aria-hidden className="relative mx-auto w-full max-w-md select-none max-sm:hidden">
      <div className="absolute inset-x-8 -bottom-4 h-24 rounded-3xl bg-primary/20 blur-2xl" />
      <div className="relative flex flex-col gap-4 rounded-3xl border bg-card p-6 shadow-xl">
        <div className="flex items-center justify-between gap-3">
          <span className="text-xs font-semibold tracking-wide text-muted-foreground uppercase">Ближайшая встреча</span>
          <span className="inline-flex items-center gap-1.5 rounded-full bg-primary/10 px-3 py-1 text-xs font-semibold text-primary">
            <Clock className="size-3.5" />
            Через 2 ч 15 мин
          </span>
        </div>
        <div className="flex flex-col gap-1">
          <span className="w-fit rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">Консультация</span>
          <span className="text-lg font-semibold">Разбор портфолио</span>
          <span className="text-sm text-muted-foreground">Сегодня, 18:30–19:30</span>
        </div>
        <div className="flex items-center gap-3">
          <span className="grid size-10 place-content-center rounded-full bg-gradient-to-br from-orange-300 to-rose-400 text-sm font-semibold text-white">АС</span>
          <span className="flex flex-col">
            <span className="text-xs text-muted-foreground">Наставник</span>
            <span className="text-sm font-medium">Анна Соколова</span>
          </span>
        </div>
        <span className="inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-primary text-sm font-medium text-primary-foreground">
          <Video className="size-4" />
          Подключиться
        </span>
      </div>
      <div className="absolute -right-3 -bottom-6 hidden items-center gap-2 rounded-2xl border bg-card px-4 py-3 text-sm shadow-lg sm:flex">
        <BellRing className="size-4 text-primary" />
        Напомним за час до начала
      </div>
    </div>
  );
}
