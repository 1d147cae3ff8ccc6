// PATCH /api/users/me/: only the fields sent change; an avatar is checked by its bytes, stored in R2, and the file it
// replaces is deleted once the user row points at the new one. A new phone waits for its code (decision 013).
import type { Db } from '../../drizzle/db.ts';
import type { users } from '../../drizzle/schema/users.ts';
import type { Bindings } from '../env.ts';
import { deleteFile, storeImage } from '../files/files.ts';
import type { ProfileChanges } from '../profile/profile.schemas.ts';
import type { PhoneCodes } from './phone-confirmation.ts';
import { toUserPatch } from './users.mapper.ts';
import { updateUserProfile } from './users.queries.ts';

type UserRow = typeof users.$inferSelect;

export type ProfileUpdateOutcome = { kind: 'updated'; user: UserRow } | { kind: 'no_user' };

/**
 * Writes the change. The phone's code is allowed (rate limits) before anything is written, so a refused code leaves
 * the whole change unwritten, and sent once the row holds the number.
 */
export async function updateProfile(
  { env, db }: { env: Bindings; db: Db },
  current: Pick<UserRow, 'id' | 'avatarFileId' | 'phone' | 'pendingPhone'>,
  { changes: p, avatar }: { changes: ProfileChanges; avatar: File | null },
  phoneCodes: PhoneCodes,
): Promise<ProfileUpdateOutcome> {
  const { id: userId, avatarFileId: previousAvatarId } = current;
  // a new number waits for its code: the proven one stays until then; the proven one again cancels the wait
  const newPhone = p.phone !== undefined && p.phone !== current.phone && p.phone !== current.pendingPhone ? p.phone : null;
  if (newPhone) await phoneCodes.allow(newPhone);
  const patch = toUserPatch(p);
  if (p.phone !== undefined) patch.pendingPhone = p.phone === current.phone ? null : p.phone;

  const stored = avatar ? await storeImage(env, db, { file: avatar, ownerId: userId, purpose: 'avatar', field: 'mentor_avatar' }) : null;
  if (stored) Object.assign(patch, { avatarUrl: stored.url, avatarFileId: stored.id });
  else if (p.remove_avatar === 'true') Object.assign(patch, { avatarUrl: null, avatarFileId: null });

  let row;
  try {
    row = await updateUserProfile(db, userId, patch);
  } catch (e) {
    if (stored) await deleteFile(env, db, stored.id);
    throw e;
  }
  if (!row) return { kind: 'no_user' };
  if (newPhone) await phoneCodes.send(newPhone);
  if (previousAvatarId && (stored || p.remove_avatar === 'true')) await deleteFile(env, db, previousAvatarId);
  return { kind: 'updated', user: row };
}
