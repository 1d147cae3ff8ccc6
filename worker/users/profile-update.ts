// PATCH /api/users/me/: only the fields sent change; an avatar is checked by its bytes, stored in R2, and
// the file it replaces is deleted once the user row points at the new one.
import { users } from '../../drizzle/schema/users.ts';
import { profilePatchSchema } from '../profile/profile.schemas.ts';
import type { SignedInContext } from '../env.ts';
import { deleteFile, storeImage } from '../files/files.ts';
import { errors } from '../lib/errors.ts';
import { parseOrThrow } from '../lib/validate.ts';
import { allowPhoneCode, sendPhoneCode } from './phone-confirmation.ts';
import { readJsonOrForm } from '../lib/form-body.ts';
import { updateUserProfile } from './users.queries.ts';

type UserPatch = Partial<typeof users.$inferInsert>;

/** The request's fields (multipart, as the spec's client sends, or JSON) and the avatar file. */
async function readBody(c: SignedInContext) {
  const { fields, files } = await readJsonOrForm(c);
  // in a form, skills travel as one JSON array field
  if (typeof fields.mentor_skills === 'string') fields.mentor_skills = safeJson(fields.mentor_skills);
  delete fields.mentor_avatar;
  return { fields, avatar: files('mentor_avatar')[0] ?? null };
}

function safeJson(value: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return value;
  }
}

export async function updateProfile(c: SignedInContext, current: Pick<typeof users.$inferSelect, 'id' | 'avatarFileId' | 'phone' | 'pendingPhone'>) {
  const { id: userId, avatarFileId: previousAvatarId } = current;
  const { fields, avatar } = await readBody(c);
  const p = parseOrThrow(profilePatchSchema, fields);
  // a new number waits for its code (decision 013): the proven one stays until then; the proven one again cancels the wait
  const newPhone = p.phone !== undefined && p.phone !== current.phone && p.phone !== current.pendingPhone ? p.phone : null;
  if (newPhone) await allowPhoneCode(c, userId, newPhone);
  const patch: UserPatch = {};
  if (p.mentor_name !== undefined) patch.firstName = p.mentor_name;
  if (p.mentor_surname !== undefined) patch.lastName = p.mentor_surname;
  if (p.user_city_residence !== undefined) patch.city = p.user_city_residence || null;
  if (p.mentor_title !== undefined) patch.telegramLink = p.mentor_title || null;
  if (p.mentor_tg_title !== undefined) patch.tgTitle = p.mentor_tg_title || null;
  if (p.mentor_description !== undefined) patch.description = p.mentor_description;
  if (p.mentor_specialization !== undefined) patch.specialization = p.mentor_specialization || null;
  if (p.mentor_skills !== undefined) patch.skills = p.mentor_skills;
  if (p.phone !== undefined) patch.pendingPhone = p.phone === current.phone ? null : p.phone;

  const stored = avatar ? await storeImage(c.env, c.var.db, { file: avatar, ownerId: userId, purpose: 'avatar', field: 'mentor_avatar' }) : null;
  if (stored) Object.assign(patch, { avatarUrl: stored.url, avatarFileId: stored.id });
  else if (p.remove_avatar === 'true') Object.assign(patch, { avatarUrl: null, avatarFileId: null });

  let row;
  try {
    row = await updateUserProfile(c.var.db, userId, patch);
  } catch (e) {
    if (stored) await deleteFile(c.env, c.var.db, stored.id);
    throw e;
  }
  if (!row) throw errors.unauthorized();
  if (newPhone) await sendPhoneCode(c, userId, newPhone);
  if (previousAvatarId && (stored || p.remove_avatar === 'true')) await deleteFile(c.env, c.var.db, previousAvatarId);
  return row;
}
