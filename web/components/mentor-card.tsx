import { Link } from '@tanstack/react-router';
import { ArrowRight, ShieldCheck } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { FavoriteButton } from './favorite-button.tsx';
import { formatPrice } from '../lib/format-price.ts';
import { MENTOR_FIGURES_HOW, mentorCardLine, type MentorReliability } from '../lib/reliability-text.ts';
import { showPlaceholderOnError, PLACEHOLDER_AVATAR } from '../lib/placeholder-image.ts';
import { useFavoriteToggle } from '../lib/use-favorite-toggle.ts';

/**
 * What the card needs; the API's MentorCard (GET /api/users/) satisfies it as is. The favourite fields
 * are optional so that lighter shapes (a landing's random mentors) fit too: they show 0 likes, not saved.
 */
export type MentorCardMentor = {
  id: number;
  mentor_name: string | null;
  mentor_surname: string | null;
  mentor_avatar_url: string | null;
  mentor_tg_title?: string | null;
  mentor_description?: string | null;
  mentor_skills?: string[] | null;
  price?: number | null;
  favorites_count?: number;
  is_favorite?: boolean;
  favorite_id?: number | null;
  /** decision 021: the list's figures; absent on lighter shapes, null before the first count */
  reliability?: MentorReliability | null;
};

export type MentorCardProps = {
  mentor: MentorCardMentor;
  /**
   * Pass `useSession().user !== null`. false sends a visitor's like to /login without a request;
   * left out, the server decides (a 401 also ends on /login).
   */
  isSignedIn?: boolean;
  /** Skill tags shown before '+N'. */
  maxSkills?: number;
  className?: string;
};

export function mentorFullName(mentor: Pick<MentorCardMentor, 'mentor_name' | 'mentor_surname'>): string {
  return [mentor.mentor_name, mentor.mentor_surname].filter(Boolean).join(' ').trim() || 'Ментор';
}

/**
 * The card's price is the mentor's cheapest consultation type not archived (the server derives it, issue 35); null
 * when they offer none yet. Spec 000 §3's default 11 000 ₽ was a price nobody asked.
 */
export function mentorPriceText(price: number | null | undefined): string {
  if (price == null) return 'Консультаций пока нет';
  return price > 0 ? `от ${formatPrice(price)} за сессию` : 'Бесплатная сессия';
}

/**
 * The mentor card of spec 000 §2 "Mentor list": photo, name, tg title, price, description, skills, the
 * like (= favourite, with the real count) and a 'перейти в профиль' link that appears over the photo on
 * hover. Below 768 px it turns into the compact mobile variant (photo beside the name, link always shown).
 */
export function MentorCard({ mentor, isSignedIn, maxSkills = 4, className }: MentorCardProps) {
  const name = mentorFullName(mentor);
  const favorite = useFavoriteToggle({
    mentorId: mentor.id,
    isFavorite: mentor.is_favorite ?? false,
    favoriteId: mentor.favorite_id ?? null,
    favoritesCount: mentor.favorites_count ?? 0,
    isSignedIn,
  });
  const skills = (mentor.mentor_skills ?? []).filter(Boolean);
  const shownSkills = skills.slice(0, maxSkills);
  const hiddenSkills = skills.length - shownSkills.length;
  const profile = { to: '/mentor_info/$mentorId', params: { mentorId: String(mentor.id) } } as const;

  return (
    <article
      data-slot="mentor-card"
      aria-label={name}
      className={cn(
        'group relative flex h-full flex-col rounded-2xl border bg-card p-4 text-card-foreground shadow-sm transition-shadow hover:shadow-md max-md:min-w-80 md:overflow-hidden md:p-0',
        className,
      )}
    >
      <div className="flex gap-3 md:block">
        <div className="relative size-20 shrink-0 overflow-hidden rounded-xl bg-secondary md:aspect-[16/10] md:size-auto md:w-full md:rounded-none">
          <img
            src={mentor.mentor_avatar_url || PLACEHOLDER_AVATAR}
            alt={name}
            loading="lazy"
            onError={showPlaceholderOnError}
            className="size-full object-cover"
          />
        </div>
        <div className="min-w-0 flex-1 md:px-4 md:pt-4">
          <h3 className="truncate text-base font-semibold leading-tight">
            <Link {...profile} className="outline-none hover:text-primary focus-visible:underline">
              {name}
            </Link>
          </h3>
          {mentor.mentor_tg_title ? <p className="mt-0.5 truncate text-sm text-muted-foreground">{mentor.mentor_tg_title}</p> : null}
          <p className="mt-1.5 text-sm font-semibold text-primary">{mentorPriceText(mentor.price)}</p>
          {mentor.reliability ? (
            // compact: one line of the figures that have enough data; the definitions in the tooltip and on the page
            <p data-slot="mentor-reliability" title={MENTOR_FIGURES_HOW.join('\n')} className="mt-1 flex items-start gap-1 text-xs text-muted-foreground">
              <ShieldCheck aria-hidden className="mt-px size-3.5 shrink-0" />
              <span>{mentorCardLine(mentor.reliability)}</span>
            </p>
          ) : null}
        </div>
      </div>

      <div className="mt-3 flex flex-1 flex-col gap-3 md:px-4">
        {mentor.mentor_description ? <p className="line-clamp-2 text-sm text-muted-foreground md:line-clamp-3">{mentor.mentor_description}</p> : null}
        {shownSkills.length > 0 ? (
          <ul aria-label="Навыки" className="flex flex-wrap gap-1.5">
            {shownSkills.map((skill) => (
              <li key={skill} className="max-w-full truncate rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
                {skill}
              </li>
            ))}
            {hiddenSkills > 0 ? <li className="rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">+{hiddenSkills}</li> : null}
          </ul>
        ) : null}
      </div>

      <div className="mt-4 flex items-center justify-between gap-2 md:px-4 md:pb-4">
        <Link
          {...profile}
          className={cn(
            'inline-flex items-center gap-1 text-sm font-medium text-primary outline-none hover:underline focus-visible:underline',
            // Desktop: the same link becomes the overlay over the photo, shown on hover or keyboard focus.
            'md:absolute md:inset-x-0 md:top-0 md:aspect-[16/10] md:items-end md:justify-center md:bg-gradient-to-t md:from-black/60 md:via-black/10 md:to-transparent md:pb-4 md:text-white md:no-underline md:opacity-0 md:transition-opacity md:group-hover:opacity-100 md:focus-visible:opacity-100',
          )}
        >
          перейти в профиль
          <ArrowRight aria-hidden className="size-4" />
        </Link>
        <FavoriteButton favorite={favorite} showCount className="relative z-10 ml-auto" />
      </div>
    </article>
  );
}
