import type { users } from '../../drizzle/schema/users.ts';
import { toPackageOffers } from '../lib/package-price.ts';
import type { MentorCardRow, findMentorDetail } from './mentors.queries.ts';

/** MentorCard: the mentor list, random mentors, the head of the mentor page. */
export function toMentorCard(row: MentorCardRow) {
  return {
    id: row.id,
    mentor_name: row.firstName,
    mentor_surname: row.lastName,
    mentor_avatar_url: row.avatarUrl,
    mentor_title: row.telegramLink,
    mentor_tg_title: row.tgTitle,
    mentor_description: row.description,
    mentor_specialization: row.specialization,
    mentor_skills: row.skills,
    category: row.category,
    price: row.price,
    is_verified: row.isVerified,
    rating: String(row.rating),
    reviews_count: row.reviewsCount,
    events_count: row.eventsCount,
    favorites_count: row.favoritesCount,
    is_favorite: row.favoriteId != null,
    favorite_id: row.favoriteId == null ? null : Number(row.favoriteId),
    // decision 021: each figure with the number it is computed from; the screens apply the thresholds
    reliability: row.reliability,
  };
}
export type MentorCard = ReturnType<typeof toMentorCard>;

type DetailRow = NonNullable<Awaited<ReturnType<typeof findMentorDetail>>>;

/** MentorDetail: the card plus the page's lists (already in the API's shape from the query). */
export function toMentorDetail(row: DetailRow) {
  return {
    ...toMentorCard(row),
    work_experiences: row.workExperiences,
    educations: row.educations,
    // the spec's User.mentor_education: the education tags of the approved mentor application (decision 004)
    mentor_education: row.mentorEducation,
    case_images: row.caseImages,
    // package offers priced by the server (decision 006, «Packages»)
    consultation_types: row.consultationTypes.map((t) => ({ ...t, packages: toPackageOffers(t.costs, t.packages ?? []) })),
    // the page's reliability counts (decision 012, «Attendance and money»); not on cards or lists
    no_show_count: row.noShowCount,
    cancellation_count: row.cancellationCount,
    // the interview behind «Профиль подтверждён» (decision 004); null for a mentor who is not verified
    verification:
      row.isVerified && row.verification ? { ...row.verification, interviewed_at: new Date(row.verification.interviewed_at).toISOString() } : null,
  };
}
export type MentorDetail = ReturnType<typeof toMentorDetail>;

/** the columns of mentorItemColumns */
type ItemRow = Pick<typeof users.$inferSelect, 'id' | 'firstName' | 'lastName' | 'avatarUrl' | 'tgTitle' | 'specialization' | 'skills'>;

/** MentorItem (spec 001 section 3): favourites and "my mentors" history. */
export function toMentorItem(row: ItemRow) {
  return {
    id: row.id,
    mentor_name: row.firstName,
    mentor_surname: row.lastName,
    mentor_avatar_url: row.avatarUrl,
    mentor_tg_title: row.tgTitle,
    mentor_specialization: row.specialization,
    mentor_skills: row.skills,
  };
}
export type MentorItem = ReturnType<typeof toMentorItem>;

export function toHistoryItem(row: ItemRow & { lastContactAt: string; nextContactAt: string | null; sessionsCount: number }) {
  return { ...toMentorItem(row), last_contact_at: row.lastContactAt, next_contact_at: row.nextContactAt, sessions_count: row.sessionsCount };
}
