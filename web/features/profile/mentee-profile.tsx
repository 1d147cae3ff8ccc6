import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowRight, CalendarCheck, GraduationCap, MapPin, MessagesSquare, Send } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { showPlaceholderOnError, PLACEHOLDER_AVATAR } from '../../lib/placeholder-image.ts';
import { pluralRu } from '../../lib/plural.ts';
import { ProfileOwnerBar } from './profile-owner-bar.tsx';
import { PROFILE_LIST_CAP, profileQueries, type ProfileUser } from './profile.api.ts';

export function profileName(user: Pick<ProfileUser, 'mentor_name' | 'mentor_surname'>): string {
  return [user.mentor_name, user.mentor_surname].filter(Boolean).join(' ').trim() || 'Без имени';
}

/** The Telegram link as stored ('t.me/handle', spec 001 §5) made clickable; anything else is not linked. */
function telegramHref(link: string | null): string | null {
  if (!link) return null;
  if (/^https:\/\/(t\.me|telegram\.me)\/\w+$/.test(link)) return link;
  if (/^(t\.me|telegram\.me)\/\w+$/.test(link)) return `https://${link}`;
  return null;
}

const ROLE_LABELS: Record<ProfileUser['user_role'], string> = { mentee: 'Ученик', mentor: 'Наставник', admin: 'Администратор' };

/** /Profile for someone who is not a mentor: the card others see (in chats, on the mentor's list of mentees). */
export function MenteeProfile({ user }: { user: ProfileUser }) {
  const name = profileName(user);
  const skills = (user.mentor_skills ?? []).filter(Boolean);
  const about = user.mentor_description?.trim();
  const telegram = telegramHref(user.mentor_title);

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 py-6 sm:py-8">
      <ProfileOwnerBar description="Эту карточку видят наставники, с которыми вы занимаетесь и переписываетесь." />

      <article aria-label={name} className="overflow-hidden rounded-2xl border bg-card shadow-sm">
        <div aria-hidden className="h-24 bg-gradient-to-r from-primary/20 via-violet-300/30 to-rose-200/40 sm:h-28" />
        <div className="flex flex-col gap-6 px-5 pb-6 sm:px-8 sm:pb-8">
          <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end sm:gap-5">
            <img
              src={user.mentor_avatar_url || PLACEHOLDER_AVATAR}
              alt={name}
              onError={showPlaceholderOnError}
              className="size-24 shrink-0 rounded-full border-4 border-card bg-secondary object-cover"
            />
            <div className="flex min-w-0 flex-col gap-1 sm:pb-1">
              <h1 className="text-2xl font-semibold tracking-tight break-words">{name}</h1>
              <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                <span>{ROLE_LABELS[user.user_role] ?? 'Пользователь'}</span>
                {user.user_city_residence ? (
                  <span className="inline-flex items-center gap-1">
                    <MapPin aria-hidden className="size-4" />
                    {user.user_city_residence}
                  </span>
                ) : null}
                {user.mentor_tg_title ? (
                  <span className="inline-flex items-center gap-1">
                    <Send aria-hidden className="size-4" />
                    {telegram ? (
                      <a href={telegram} target="_blank" rel="noreferrer" className="text-primary hover:underline">
                        {user.mentor_tg_title}
                      </a>
                    ) : (
                      user.mentor_tg_title
                    )}
                  </span>
                ) : null}
              </p>
            </div>
          </div>

          <ProfileCounts userId={user.id} />

          <ProfileSection title="О себе">
            {about ? (
              <p className="text-sm leading-relaxed whitespace-pre-line break-words">{about}</p>
            ) : (
              <p className="text-sm text-muted-foreground">
                Вы пока ничего о себе не рассказали.{' '}
                <Link to="/ProfileSettings" className="font-medium text-primary hover:underline">
                  Добавить описание
                </Link>
              </p>
            )}
          </ProfileSection>

          <ProfileSection title="Навыки и интересы">
            {skills.length > 0 ? (
              <ul aria-label="Навыки" className="flex flex-wrap gap-2">
                {skills.map((skill) => (
                  <li key={skill} className="rounded-full bg-secondary px-3 py-1 text-sm font-medium text-secondary-foreground">
                    {skill}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-muted-foreground">Навыки не указаны.</p>
            )}
          </ProfileSection>
        </div>
      </article>

      {user.user_role === 'mentee' ? <BecomeMentor /> : null}
    </div>
  );
}

function ProfileSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-2">
      <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">{title}</h2>
      {children}
    </section>
  );
}

/** How many consultations and events the person has had: two existing calls, shown quietly as «—» if they fail. */
function ProfileCounts({ userId }: { userId: number }) {
  const query = useQuery(profileQueries.counts(userId));
  const items = [
    { icon: MessagesSquare, value: query.data?.consultations, forms: ['консультация', 'консультации', 'консультаций'] as const },
    { icon: CalendarCheck, value: query.data?.events, forms: ['мероприятие', 'мероприятия', 'мероприятий'] as const },
  ];
  return (
    <ul aria-label="Активность" aria-busy={query.isPending} className="grid grid-cols-2 gap-3">
      {items.map(({ icon: Icon, value, forms }) => (
        <li key={forms[2]} className="flex items-center gap-3 rounded-xl border bg-background/60 p-3 sm:p-4">
          <span className="hidden size-10 shrink-0 place-content-center rounded-xl bg-primary/10 text-primary sm:grid">
            <Icon aria-hidden className="size-5" />
          </span>
          <div className="flex min-w-0 flex-col">
            {query.isPending ? (
              <Skeleton className="h-7 w-8" />
            ) : (
              <span className="text-xl font-semibold tabular-nums">{value === undefined ? '—' : value >= PROFILE_LIST_CAP ? `${PROFILE_LIST_CAP}+` : value}</span>
            )}
            <span className="text-sm break-words text-muted-foreground"> {value === undefined ? forms[2] : pluralRu(value, forms)}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

function BecomeMentor() {
  return (
    <section aria-labelledby="become-mentor-title" className="flex flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm sm:flex-row sm:items-center sm:justify-between sm:p-6">
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-content-center rounded-xl bg-gradient-to-br from-orange-400 to-rose-500 text-white">
          <GraduationCap aria-hidden className="size-5" />
        </span>
        <div className="flex flex-col gap-1">
          <h2 id="become-mentor-title" className="font-semibold">
            Хотите делиться опытом?
          </h2>
          <p className="text-sm text-muted-foreground">Заполните анкету наставника — после проверки вы сможете проводить консультации и мероприятия.</p>
        </div>
      </div>
      <Button asChild className="w-full sm:w-auto">
        <Link to="/become-mentor">
          Стать наставником
          <ArrowRight aria-hidden />
        </Link>
      </Button>
    </section>
  );
}
