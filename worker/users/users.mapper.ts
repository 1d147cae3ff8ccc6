import type { users } from '../../drizzle/schema/users.ts';
import type { ProfileChanges } from '../profile/profile.schemas.ts';

type UserRow = typeof users.$inferSelect;
export type UserPatch = Partial<typeof users.$inferInsert>;

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

/** PATCH /api/users/me/'s sent fields as columns; a cleared optional text is null (the phone and the avatar are the lifecycle's). */
export function toUserPatch(p: ProfileChanges): UserPatch {
  const patch: UserPatch = {};
  if (p.mentor_name !== undefined) patch.firstName = p.mentor_name;
  if (p.mentor_surname !== undefined) patch.lastName = p.mentor_surname;
  if (p.user_city_residence !== undefined) patch.city = p.user_city_residence || null;
  if (p.mentor_title !== undefined) patch.telegramLink = p.mentor_title || null;
  if (p.mentor_tg_title !== undefined) patch.tgTitle = p.mentor_tg_title || null;
  if (p.mentor_description !== undefined) patch.description = p.mentor_description;
  if (p.mentor_specialization !== undefined) patch.specialization = p.mentor_specialization || null;
  if (p.mentor_skills !== undefined) patch.skills = p.mentor_skills;
  return patch;
}
