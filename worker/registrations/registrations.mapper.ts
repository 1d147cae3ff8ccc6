import type { RegisterOutcome } from './registrations.queries.ts';

type Registered = Extract<RegisterOutcome, { kind: 'registered' }>['row'];

/** A registration as the event page counts them: ids and status only, no personal data. */
export function toRegistrationItem(row: { id: number; userId: number; status: string; createdAt: Date }) {
  return { id: row.id, user_id: row.userId, status: row.status, created_at: row.createdAt.toISOString() };
}
export type RegistrationItem = ReturnType<typeof toRegistrationItem>;

export function toRegistered(row: Registered) {
  return { id: row.id, event_id: row.eventId, status: row.status, hold_expires_at: row.holdExpiresAt?.toISOString() ?? null };
}
