import { queryOptions } from '@tanstack/react-query';
import { api, ApiError, unwrap } from '../../lib/api-client.ts';
import type { EducationValues, WorkExperienceValues } from '../../components/work-education/work-education.types.ts';

/* Mentor application calls (spec 001 §7) through the typed client. */

const route = api['mentor-applications'];

export type ApplicationStatus = 'draft' | 'submitted' | 'approved' | 'rejected';

export type ApplicationPayload = {
  mentor_name: string;
  mentor_surname: string;
  mentor_title: string;
  mentor_description: string;
  mentor_skills: string[];
  mentor_specialization: string;
  mentor_tg_title: string;
  mentor_avatar_url: string | null;
  work_experiences: WorkExperienceValues[];
  educations: EducationValues[];
};

export type MentorApplication = {
  id: number;
  status: ApplicationStatus;
  status_display: string;
  payload: Partial<ApplicationPayload>;
  rejection_reason: string | null;
  created_at: string;
  updated_at: string;
  submitted_at: string | null;
  reviewed_at: string | null;
};

/** The current user's application, or null when there is none yet (404). */
export async function fetchMyApplication(): Promise<MentorApplication | null> {
  try {
    return (await unwrap(await route.me.$get())) as MentorApplication;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

// The server keeps the payload as stored jsonb (typed `unknown` there); the form reads it through completePayload.
export const mentorApplicationApi = {
  create: async (payload: ApplicationPayload) => (await unwrap(await route.$post({ json: { payload } }))) as MentorApplication,
  update: async (id: number, payload: ApplicationPayload) =>
    (await unwrap(await route[':id'].$patch({ param: { id: String(id) }, json: { payload } }))) as MentorApplication,
  submit: async (id: number) => (await unwrap(await route[':id'].submit.$post({ param: { id: String(id) } }))) as MentorApplication,
};

export const mentorApplicationQueries = {
  all: () => ['mentor-application'] as const,
  mine: () => queryOptions({ queryKey: [...mentorApplicationQueries.all(), 'me'] as const, queryFn: fetchMyApplication }),
};

/** Fills the gaps of a stored payload so the form always has every field. */
export function completePayload(payload: Partial<ApplicationPayload> | null | undefined): ApplicationPayload {
  return {
    mentor_name: payload?.mentor_name ?? '',
    mentor_surname: payload?.mentor_surname ?? '',
    mentor_title: payload?.mentor_title ?? '',
    mentor_description: payload?.mentor_description ?? '',
    mentor_skills: payload?.mentor_skills ?? [],
    mentor_specialization: payload?.mentor_specialization ?? '',
    mentor_tg_title: payload?.mentor_tg_title ?? '',
    mentor_avatar_url: payload?.mentor_avatar_url ?? null,
    work_experiences: payload?.work_experiences ?? [],
    educations: payload?.educations ?? [],
  };
}
