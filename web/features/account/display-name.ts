import type { Me } from '../../lib/session/session.api.ts';

/** "Имя Фамилия" for menus and avatars; a fresh account without a name shows its e-mail instead. */
export function displayName(user: Pick<Me, 'mentor_name' | 'mentor_surname' | 'email'>): string {
  const name = [user.mentor_name, user.mentor_surname].filter(Boolean).join(' ').trim();
  return name || user.email || 'Пользователь';
}

export const roleLabels: Record<Me['user_role'], string> = {
  mentee: 'Ученик',
  mentor: 'Наставник',
  admin: 'Администратор',
};
