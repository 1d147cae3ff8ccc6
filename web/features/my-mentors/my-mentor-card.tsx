import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { FavoriteButton } from '../../components/favorite-button.tsx';
import { Button } from '../../components/ui/button.tsx';
import type { MentorItem } from '../../lib/mentor-favorites.ts';
import { showPlaceholderOnError, PLACEHOLDER_AVATAR } from '../../lib/placeholder-image.ts';
import { useFavoriteToggle } from '../../lib/use-favorite-toggle.ts';
import { mentorName } from './my-mentors-list.ts';

type MyMentorCardProps = {
  mentor: MentorItem;
  favoriteId: number | null;
  maxSkills: number;
  /** A line under the skills: sessions and last contact, or the date it was saved. */
  meta?: ReactNode;
};

/** The card of "Мои менторы" (spec 001 §2). */
export function MyMentorCard({ mentor, favoriteId, maxSkills, meta }: MyMentorCardProps) {
  const name = mentorName(mentor) || 'Ментор';
  const favorite = useFavoriteToggle({ mentorId: mentor.id, isFavorite: favoriteId != null, favoriteId, isSignedIn: true });
  const skills = mentor.mentor_skills.filter(Boolean);
  const shown = skills.slice(0, maxSkills);

  return (
    <article aria-label={name} className="flex h-full flex-col gap-4 rounded-2xl border bg-card p-5 shadow-sm">
      <div className="flex items-start gap-3">
        <img
          src={mentor.mentor_avatar_url || PLACEHOLDER_AVATAR}
          alt={name}
          loading="lazy"
          onError={showPlaceholderOnError}
          className="size-14 shrink-0 rounded-full bg-secondary object-cover"
        />
        <div className="min-w-0 flex-1">
          <h3 className="truncate font-semibold leading-tight">{name}</h3>
          {mentor.mentor_tg_title ? <p className="truncate text-sm text-muted-foreground">{mentor.mentor_tg_title}</p> : null}
          {mentor.mentor_specialization ? <p className="mt-0.5 truncate text-sm font-medium text-primary">{mentor.mentor_specialization}</p> : null}
        </div>
        <FavoriteButton favorite={favorite} />
      </div>
      {shown.length > 0 ? (
        <ul aria-label="Навыки" className="flex flex-wrap gap-1.5">
          {shown.map((skill) => (
            <li key={skill} className="max-w-full truncate rounded-full bg-secondary px-2.5 py-0.5 text-xs font-medium text-secondary-foreground">
              {skill}
            </li>
          ))}
          {skills.length > shown.length ? <li className="rounded-full border px-2.5 py-0.5 text-xs text-muted-foreground">+{skills.length - shown.length}</li> : null}
        </ul>
      ) : null}
      {meta ? <p className="text-xs text-muted-foreground">{meta}</p> : null}
      <Button asChild variant="outline" className="mt-auto w-full">
        {/* Spec 001 says /users/{id}; the mentor page of this app is /mentor_info/{id}. */}
        <Link to="/mentor_info/$mentorId" params={{ mentorId: String(mentor.id) }}>
          Профиль ментора
        </Link>
      </Button>
    </article>
  );
}
