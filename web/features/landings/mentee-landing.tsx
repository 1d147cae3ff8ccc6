import { useQueries, useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarCheck, CreditCard, HeartHandshake, MessagesSquare, Search, Video } from 'lucide-react';
import { EventCard, EventCardSkeleton, type EventCardEvent } from '../../components/event-card.tsx';
import { MentorCard } from '../../components/mentor-card.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { CategoryArt, HeroGlow, MenteeHeroIllustration } from './illustrations.tsx';
import { AudienceSwitch, Section, SectionHeading } from './landing-parts.tsx';
import type { MentorDetail } from '../../lib/mentors/mentors.api.ts';
import { mentorQueries } from '../../lib/mentors/mentors.queries.ts';
import { LANDING_EVENTS_COUNT, LANDING_MENTORS_COUNT, landingQueries, type TopEvent } from './landings.api.ts';
import { MENTEE_LOADER_AFTER_DATA_MS, PageLoader, useLoaderDelay } from './page-loader.tsx';
import { mentorsInDirections } from './platform-counts.ts';
import { platformStatsQueries } from './platform-stats.api.ts';

const categories = [
  { variant: 'fitness', title: 'Фитнес-тренер', text: 'Тренировки под ваши цели и уровень' },
  { variant: 'illustration', title: 'Иллюстратор', text: 'Скетчинг, цифровая графика, акварель' },
  { variant: 'music', title: 'Музыкант', text: 'Гитара, вокал, фортепиано и теория' },
  { variant: 'tattoo', title: 'Тату-мастер', text: 'Эскизы, техника и первые работы' },
] as const;

const about = [
  { icon: Search, title: 'Наставники-практики', text: 'Каждый наставник проходит анкету и видеоинтервью. Выбирайте по отзывам, навыкам и цене.' },
  { icon: MessagesSquare, title: 'Личные консультации', text: 'Занятия один на один в удобное время: разберите свой вопрос, работу или план тренировок.' },
  { icon: CalendarCheck, title: 'Групповые мастер-классы', text: 'Живые встречи с наставником и единомышленниками — чтобы попробовать новое без лишних вложений.' },
  // no recording exists (decision 018): the promise is the room, the chat's files and the reminder, which do
  { icon: Video, title: 'Видео и чат в Форме', text: 'Ничего не нужно устанавливать: встречи и переписка с наставником здесь же, файлы из чатов всегда под рукой. Напомним о встрече за час.' },
  { icon: CreditCard, title: 'Безопасная оплата', text: 'Оплата проходит через платформу, а постоянным ученикам — скидки за долгое сотрудничество.' },
  { icon: HeartHandshake, title: 'Поддержка рядом', text: 'Поможем выбрать наставника и ответим на вопросы на любом этапе.' },
];

const beliefs = [
  { title: 'Начать можно в любом возрасте', text: 'Хобби не требует диплома — только интерес и немного времени.' },
  { title: 'Учиться лучше у практиков', text: 'Наставник покажет короткий путь и убережёт от типичных ошибок.' },
  { title: 'Маленькие шаги важнее рывков', text: 'Регулярные занятия по 30–60 минут дают больше, чем редкие марафоны.' },
  { title: 'Увлечения делают жизнь ярче', text: 'Новое дело — это новые друзья, энергия и, возможно, новая профессия.' },
];

function toEventCard(event: TopEvent, mentor: MentorDetail | undefined): EventCardEvent {
  return {
    id: event.id,
    title: event.event_title,
    date: event.event_date,
    price: event.event_price,
    image_url: event.event_imageUrl,
    mentor_info: mentor
      ? { id: mentor.id, mentor_name: mentor.mentor_name, mentor_surname: mentor.mentor_surname, mentor_avatar_url: mentor.mentor_avatar_url }
      : null,
  };
}

type MenteeLandingProps = {
  /** `useSession().user !== null`, for the mentor cards' like button. */
  isSignedIn?: boolean;
};

/** /LandingMenteePage — the learners' landing (spec 000 §2). */
export function MenteeLanding({ isSignedIn }: MenteeLandingProps) {
  const topEvents = useQuery(landingQueries.topEvents());
  const events = (topEvents.data ?? []).slice(0, LANDING_EVENTS_COUNT);
  const mentors = useQueries({ queries: events.map((event) => mentorQueries.detailViaGetUser(event.event_id_mentor)) });
  const randomMentors = useQuery(landingQueries.randomMentors());
  const stats = useQuery(platformStatsQueries.counts());

  // The loader leaves 500 ms after everything the first screen needs has arrived (or failed).
  const settled = !topEvents.isPending && !randomMentors.isPending && mentors.every((query) => !query.isPending);
  const loading = useLoaderDelay(settled, MENTEE_LOADER_AFTER_DATA_MS);

  return (
    <>
      <PageLoader visible={loading} />
      <div className="overflow-x-clip">
        <Hero />

        <Section aria-labelledby="events-title">
          <SectionHeading
            id="events-title"
            eyebrow="Скоро"
            title="Ближайшие мастер-классы"
            description="Попробуйте новое в группе — с наставником и единомышленниками."
            action={
              <Button asChild variant="outline" className="self-start md:self-auto">
                <Link to="/AllEvents">
                  Показать больше
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            }
          />
          {topEvents.isPending ? (
            <div className="grid gap-5 md:grid-cols-3">
              {Array.from({ length: LANDING_EVENTS_COUNT }, (_, index) => (
                <EventCardSkeleton key={index} />
              ))}
            </div>
          ) : events.length > 0 ? (
            <ul className="grid gap-5 md:grid-cols-3">
              {events.map((event, index) => (
                <li key={event.id} className="grid">
                  <EventCard event={toEventCard(event, mentors[index]?.data)} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-3xl border border-dashed bg-card px-6 py-12 text-center text-muted-foreground">
              {topEvents.isError ? 'Не удалось загрузить мастер-классы. Загляните чуть позже.' : 'Новые мастер-классы появятся совсем скоро.'}
            </p>
          )}
        </Section>

        <div className="bg-gradient-to-b from-secondary/60 to-background">
          <Section aria-labelledby="categories-title">
            <SectionHeading
              id="categories-title"
              eyebrow="Направления"
              title="Чему хотите научиться?"
              description={
                // the count from the database (issue 36); without it, the sentence says nothing it cannot show
                stats.data ? (
                  `Несколько популярных занятий — а всего на Форме ${mentorsInDirections(stats.data)}.`
                ) : stats.isPending ? (
                  // a span: the description is a paragraph
                  <span aria-hidden data-slot="skeleton" className="inline-block h-6 w-72 max-w-full animate-pulse rounded-lg bg-muted align-middle" />
                ) : (
                  'Несколько популярных занятий наших наставников.'
                )
              }
            />
            <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
              {categories.map((category) => (
                <li key={category.variant}>
                  <Link
                    to="/AllMentors"
                    className="group flex h-full flex-col overflow-hidden rounded-3xl border bg-card shadow-sm transition outline-none hover:-translate-y-1 hover:shadow-xl hover:shadow-primary/10 focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    <CategoryArt variant={category.variant} className="aspect-[3/2] w-full transition-transform duration-300 group-hover:scale-[1.03]" />
                    <span className="flex flex-1 flex-col gap-1 p-5">
                      <span className="text-lg font-semibold">{category.title}</span>
                      <span className="text-sm text-muted-foreground">{category.text}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Section>
        </div>

        <Section aria-labelledby="about-title">
          <SectionHeading id="about-title" eyebrow="О сервисе" title="Форма — место, где хобби становится навыком" align="center" />
          <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {about.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col gap-4 rounded-3xl border bg-card p-7 shadow-sm">
                <span className="grid size-12 place-content-center rounded-2xl bg-gradient-to-br from-orange-400 to-rose-500 text-white shadow-md shadow-rose-500/20">
                  <Icon aria-hidden className="size-6" />
                </span>
                <h3 className="text-lg font-semibold">{title}</h3>
                <p className="text-sm leading-relaxed text-muted-foreground">{text}</p>
              </li>
            ))}
          </ul>
        </Section>

        <Section aria-labelledby="beliefs-title">
          <div className="overflow-hidden rounded-[2rem] bg-gradient-to-br from-slate-900 via-indigo-950 to-violet-900 px-6 py-14 text-white sm:px-12">
            <h2 id="beliefs-title" className="max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
              Во что мы верим
            </h2>
            <ol className="mt-10 grid gap-8 sm:grid-cols-2 lg:grid-cols-4">
              {beliefs.map((belief, index) => (
                <li key={belief.title} className="grid content-start gap-3 border-t border-white/15 pt-6">
                  <span className="bg-gradient-to-r from-orange-300 to-pink-300 bg-clip-text text-4xl font-black text-transparent">0{index + 1}</span>
                  <h3 className="text-lg font-semibold">{belief.title}</h3>
                  <p className="text-sm leading-relaxed text-white/70">{belief.text}</p>
                </li>
              ))}
            </ol>
          </div>
        </Section>

        <Section aria-labelledby="mentors-title">
          <SectionHeading
            id="mentors-title"
            eyebrow="Наставники"
            title="Познакомьтесь с наставниками"
            action={
              <Button asChild variant="outline" className="self-start md:self-auto">
                <Link to="/AllMentors">
                  Все наставники
                  <ArrowRight aria-hidden />
                </Link>
              </Button>
            }
          />
          {randomMentors.isPending ? (
            <div className="grid gap-5 md:grid-cols-3">
              {Array.from({ length: LANDING_MENTORS_COUNT }, (_, index) => (
                <Skeleton key={index} className="h-96 rounded-2xl" />
              ))}
            </div>
          ) : (randomMentors.data ?? []).length > 0 ? (
            <ul className="grid gap-5 md:grid-cols-3">
              {(randomMentors.data ?? []).slice(0, LANDING_MENTORS_COUNT).map((mentor) => (
                <li key={mentor.id} className="grid">
                  <MentorCard mentor={mentor} isSignedIn={isSignedIn} maxSkills={3} />
                </li>
              ))}
            </ul>
          ) : (
            <p className="rounded-3xl border border-dashed bg-card px-6 py-12 text-center text-muted-foreground">
              Наставники скоро появятся. А пока загляните в <Link to="/AllMentors" className="font-medium text-primary hover:underline">каталог</Link>.
            </p>
          )}
        </Section>
      </div>
    </>
  );
}

function Hero() {
  return (
    <section aria-labelledby="hero-title" className="relative isolate">
      <HeroGlow tone="sunset" />
      <div className="mx-auto grid w-full max-w-6xl items-center gap-12 px-4 pt-12 pb-16 sm:pt-16 md:px-8 lg:grid-cols-[1.05fr_1fr] lg:pt-20 lg:pb-24">
        <div className="flex flex-col items-start gap-7">
          <AudienceSwitch current="learn" />
          <h1 id="hero-title" className="text-4xl leading-[1.08] font-extrabold tracking-tight text-balance sm:text-5xl lg:text-6xl">
            Ваш новый путь к{' '}
            <span className="bg-gradient-to-r from-orange-500 via-rose-500 to-violet-600 bg-clip-text text-transparent">хобби и увлечениям</span>
          </h1>
          <p className="max-w-xl text-lg leading-relaxed text-pretty text-muted-foreground sm:text-xl">
            Найдите наставника, который поможет начать и не бросить: личные консультации, мастер-классы и поддержка на каждом шаге.
          </p>
          <Button asChild size="lg" className="shadow-lg shadow-primary/25">
            <Link to="/AllMentors">
              Выбрать наставника
              <ArrowRight aria-hidden />
            </Link>
          </Button>
        </div>
        <MenteeHeroIllustration className="mx-auto w-full max-w-[520px]" />
      </div>
    </section>
  );
}
