import type { RegisterOutcome } from './registrations.queries.ts';

type Registered = Extract<RegisterOutcome, { kind: 'registered' }>['row'];

/** A registration as the event page counts them: ids and status only, no personal data. */
type RegistrationRow = { id: number; userId: number; status: string; createdAt: Date; firstName: string | null; lastName: string | null };

/**
 * One live registration as a viewer may see it (decision 012's sibling, docs/decisions/013): everyone sees that it
 * exists (the seats it takes); who it is, only the event's mentor, an admin, or the person themselves. A stranger's
 * `user_id` and `name` are null.
 */
export function toRegistrationItem(row: RegistrationRow, viewer: { id: number; seesEveryone: boolean } | null) {
  const known = viewer !== null && (viewer.seesEveryone || viewer.id === row.userId);
  return {
    id: row.id,
    user_id: known ? row.userId : null,
    name: known ? `${row.firstName ?? ''} ${row.lastName ?? ''}`.trim() : null,
    status: row.status,
    created_at: row.createdAt.toISOString(),
  };
}

export function toRegistered(row: Registered) {
  return { id: row.id, event_id: row.eventId, status: row.status, hold_expires_at: row.holdExpiresAt?.toISOString() ?? null };
}
