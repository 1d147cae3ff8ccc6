import type { mentorInterviews } from '../../drizzle/schema/mentor-interviews.ts';
import { interviewStatusLabels } from './interviews.schemas.ts';

type InterviewRow = typeof mentorInterviews.$inferSelect;

/** The room of an interview: the meetings' join page (decision 012), the admin hosting. */
export const interviewRoomUrl = (id: number) => `/interview-conference/${id}`;

/** An interview as the applicant sees it: the time and its state, not the admins' note. */
export function toApplicantInterview(row: InterviewRow) {
  return {
    id: row.id,
    application_id: row.applicationId,
    starts_at: row.startsAt.toISOString(),
    ends_at: row.endsAt.toISOString(),
    status: row.status,
    status_display: interviewStatusLabels[row.status],
    room_url: row.status === 'booked' ? interviewRoomUrl(row.id) : null,
  };
}

/** An interview as admins see it: with the host, the outcome and what was checked. */
export function toAdminInterview(row: InterviewRow) {
  return {
    ...toApplicantInterview(row),
    admin_id: row.adminId,
    booked_at: row.bookedAt?.toISOString() ?? null,
    outcome_note: row.outcomeNote,
    outcome_at: row.outcomeAt?.toISOString() ?? null,
    checked_identity: row.checkedIdentity,
    checked_experience: row.checkedExperience,
    checked_sample_session: row.checkedSampleSession,
  };
}
export type AdminInterview = ReturnType<typeof toAdminInterview>;
