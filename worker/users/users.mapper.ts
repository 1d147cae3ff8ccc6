import type { users } from '../../drizzle/schema/users.ts';

type UserRow = typeof users.$inferSelect;

/** The current user as the spec's clients read it (GET /api/users/me/). */
export function toMe(row: UserRow) {
  return {
    id: row.id,
    email: row.email,
    /** the number last entered: the proven one, or one waiting for its code */
    phone: row.pendingPhone ?? row.phone,
    /** false while `phone` waits for its code (decision 013): such a number signs nobody in */
    phone_confirmed: row.pendingPhone === null && row.phone !== null,
    user_role: row.role,
    mentor_name: row.firstName,
    mentor_surname: row.lastName,
    mentor_description: row.description,
    mentor_skills: row.skills,
    mentor_avatar_url: row.avatarUrl,
    mentor_title: row.telegramLink,
    mentor_tg_title: row.tgTitle,
    mentor_specialization: row.specialization,
    user_city_residence: row.city,
    price: row.price,
    time_zone: row.timeZone,
  };
}
export type Me = ReturnType<typeof toMe>;
