import type { InferResponseType } from 'hono/client';
import { api, unwrap } from '../../lib/api-client.ts';
import type { ProfileDraft } from './wizard-state.ts';

export type WizardUser = InferResponseType<typeof api.users.me.$get, 200>;

/** What the wizard saves: the e-mail is the account's sign-in address and the role is decided by the server. */
export type SavedFields = Pick<ProfileDraft, 'mentor_name' | 'mentor_surname' | 'phone' | 'user_city_residence' | 'mentor_description' | 'mentor_skills'>;

/** The multipart body of PATCH /api/users/me/: only non-empty trimmed fields, skills as one JSON field. */
export function toProfileForm(fields: Partial<SavedFields>): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) {
      const skills = value.map((skill) => skill.trim()).filter(Boolean);
      if (skills.length > 0) form.append(key, JSON.stringify(skills));
    } else if (typeof value === 'string' && value.trim()) {
      form.append(key, value.trim());
    }
  }
  return form;
}

/** PATCH /api/users/me/; the route reads multipart itself (no validator), so the form goes as the body. */
export async function saveWizardProfile(fields: Partial<SavedFields>): Promise<WizardUser> {
  return unwrap(await api.users.me.$patch(undefined, { init: { body: toProfileForm(fields) } }));
}
