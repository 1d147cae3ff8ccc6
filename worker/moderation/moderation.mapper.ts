import type { mentorApplications, users } from '../../drizzle/schema/users.ts';
import { toEducationValues } from '../educations/educations.mapper.ts';
import { toMentorApplication } from '../mentor-applications/mentor-applications.mapper.ts';
import type { MentorApplicationPayload } from '../mentor-applications/mentor-applications.schemas.ts';
import { toWorkExperienceValues } from '../work-experiences/work-experiences.mapper.ts';

type ApplicationRow = typeof mentorApplications.$inferSelect;
type UserRow = typeof users.$inferSelect;
export type Applicant = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName' | 'avatarUrl'>;

/** An application in the moderation queue, with who sent it. */
export function toModerationItem(row: ApplicationRow, applicant: Applicant) {
  const { id, status, status_display, payload, rejection_reason, submitted_at, reviewed_at } = toMentorApplication(row);
  return {
    id,
    status,
    status_display,
    payload,
    rejection_reason,
    submitted_at,
    reviewed_at,
    user: {
      id: applicant.id,
      email: applicant.email,
      mentor_name: applicant.firstName,
      mentor_surname: applicant.lastName,
      mentor_avatar_url: applicant.avatarUrl,
    },
  };
}

/** The profile fields an approved application sets on the user; empty ones leave the profile as it is. */
export function toProfileValues(p: MentorApplicationPayload): Partial<UserRow> {
  const values: Partial<UserRow> = {};
  if (p.mentor_name) values.firstName = p.mentor_name;
  if (p.mentor_surname) values.lastName = p.mentor_surname;
  if (p.mentor_description) values.description = p.mentor_description;
  if (p.mentor_skills?.length) values.skills = p.mentor_skills;
  if (p.mentor_specialization) values.specialization = p.mentor_specialization;
  if (p.mentor_title) values.telegramLink = p.mentor_title;
  if (p.mentor_tg_title) values.tgTitle = p.mentor_tg_title;
  if (p.mentor_avatar_url) values.avatarUrl = p.mentor_avatar_url;
  return values;
}

export function toWorkRows(userId: number, p: MentorApplicationPayload) {
  return (p.work_experiences ?? []).map((w) => ({ userId, ...toWorkExperienceValues(w) }));
}

export function toEducationRows(userId: number, p: MentorApplicationPayload) {
  return (p.educations ?? []).map((e) => ({ userId, ...toEducationValues(e) }));
}
