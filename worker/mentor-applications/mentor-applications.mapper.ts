import type { mentorApplications } from '../../drizzle/schema/users.ts';
import { mentorApplicationStatusLabels } from './mentor-applications.schemas.ts';

type ApplicationRow = typeof mentorApplications.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** An application as its author sees it (GET /api/mentor-applications/me/). */
export function toMentorApplication(row: ApplicationRow) {
  return {
    id: row.id,
    status: row.status,
    status_display: mentorApplicationStatusLabels[row.status],
    payload: row.payload,
    rejection_reason: row.rejectionReason,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    submitted_at: iso(row.submittedAt),
    reviewed_at: iso(row.reviewedAt),
  };
}
export type MentorApplication = ReturnType<typeof toMentorApplication>;
