import { mentorApplicationSubmitSchema, MENTOR_DESCRIPTION_MAX, MENTOR_DESCRIPTION_MIN } from '../../../worker/mentor-applications/mentor-applications.schemas.ts';
import { fieldErrors } from '../../lib/field-errors.ts';
import type { ApplicationPayload } from './mentor-application.api.ts';

/*
 * The submit rule of spec 001 §2 and §5, from the server's own schema: POST …/{id}/submit/ checks the
 * same thing and answers 400 with the same field names and messages.
 */
export const ABOUT_MIN = MENTOR_DESCRIPTION_MIN;
export const ABOUT_MAX = MENTOR_DESCRIPTION_MAX;

export type SubmitField = 'mentor_name' | 'mentor_surname' | 'mentor_description' | 'mentor_skills';

export function submitErrors(payload: Pick<ApplicationPayload, SubmitField>): Partial<Record<SubmitField, string>> {
  const result = mentorApplicationSubmitSchema.safeParse(payload);
  return result.success ? {} : (fieldErrors(result.error) as Partial<Record<SubmitField, string>>);
}

/** Submit is possible only for a draft that passes the rule. */
export function canSubmit(status: string, payload: Pick<ApplicationPayload, SubmitField>): boolean {
  return status === 'draft' && Object.keys(submitErrors(payload)).length === 0;
}
