// SQL of the event editor: the mentor's own event, the conditional update that can't undercut the seats
// already taken, and the delete that keeps payment records intact.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { payments } from '../../drizzle/schema/payments.ts';
import { users } from '../../drizzle/schema/users.ts';
import { transact } from '../lib/transact.ts';
import { pgError } from '../lib/db-errors.ts';
import { eventItemColumns } from './events.queries.ts';

export type EventInsert = typeof events.$inferInsert;
export type EventPatch = Partial<Omit<EventInsert, 'id' | 'mentorId' | 'takenSpots'>>;

/** The event as the editor answers it: the item columns plus the editor's own flags. */
export async function findEditorEvent(db: Executor, id: number) {
  const [row] = await db
    .select({ ...eventItemColumns, isPublic: events.isPublic, isWhitelisted: events.isWhitelisted, updatedAt: events.updatedAt })
    .from(events)
    .innerJoin(users, eq(users.id, events.mentorId))
    .where(eq(events.id, id))
    .limit(1);
  return row ?? null;
}
export type EditorEventRow = NonNullable<Awaited<ReturnType<typeof findEditorEvent>>>;

/** The caller's own event, or null (someone else's event looks exactly like a missing one). */
export async function findOwnEvent(db: Executor, id: number, mentorId: number) {
  const [row] = await db
    .select({
      id: events.id,
      title: events.title,
      startsAt: events.startsAt,
      imageFileId: events.imageFileId,
      isCanceled: events.isCanceled,
      takenSpots: events.takenSpots,
    })
    .from(events)
    .where(and(eq(events.id, id), eq(events.mentorId, mentorId)))
    .limit(1);
  return row ?? null;
}

export async function mentorTimeZone(db: Executor, userId: number) {
  const [row] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, userId));
  return row?.timeZone ?? 'Europe/Moscow';
}

export async function insertEvent(db: Executor, values: EventInsert) {
  const [row] = await db.insert(events).values(values).returning({ id: events.id });
  return row.id;
}

/**
 * One conditional statement: the row changes only while it is the caller's, not canceled, and (when the
 * seats change) the new limit still holds everyone registered. taken_spots is read under the row lock
 * the UPDATE takes, so a registration committing at the same time is either counted or waits; the
 * events_spots CHECK stays the last word. null when nothing matched.
 */
export async function updateOwnEvent(db: Executor, id: number, mentorId: number, patch: EventPatch) {
  const total = patch.totalSpots;
  const [row] = await db
    .update(events)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(
      and(
        eq(events.id, id),
        eq(events.mentorId, mentorId),
        eq(events.isCanceled, false),
        total === undefined || total === 0 ? undefined : sql`${events.takenSpots} <= ${total}`,
      ),
    )
    .returning({ id: events.id, updatedAt: events.updatedAt });
  return row ?? null;
}

/** Who holds a confirmed seat: they are told when the event changes. */
export async function confirmedParticipants(db: Executor, eventId: number) {
  const rows = await db
    .select({ userId: eventRegistrations.userId })
    .from(eventRegistrations)
    .where(and(eq(eventRegistrations.eventId, eventId), eq(eventRegistrations.status, 'confirmed')));
  return rows.map((r) => r.userId);
}

export type DeleteEventOutcome =
  | { kind: 'deleted'; title: string; imageFileId: string | null; participants: number[] }
  | { kind: 'not_found' | 'paid_participants' | 'payment_history' };

/**
 * Deletes the caller's event unless money is involved. Registrations are locked before the event, the
 * order every other path (registration trigger, cancel_event) takes, then the event row; under those
 * locks no registration can become live or paid, so the checks below stay true until the DELETE.
 * Refused: a live paid seat (pending payment, or confirmed with a succeeded payment): cancel_event
 * refunds it; and any payment record at all, since payments keep their registration (FK restrict) for
 * the books.
 */
export async function deleteOwnEvent(db: Db, id: number, mentorId: number): Promise<DeleteEventOutcome> {
  try {
    return await deleteUnlessPaid(db, id, mentorId);
  } catch (e) {
    // a payment the checks could not see (the FK restricts): the books stay intact
    if (pgError(e)?.code === '23503') return { kind: 'payment_history' };
    throw e;
  }
}

function deleteUnlessPaid(db: Db, id: number, mentorId: number): Promise<DeleteEventOutcome> {
  return transact(db, async (tx) => {
    const lockRegistrations = () =>
      tx
        .select({ id: eventRegistrations.id, userId: eventRegistrations.userId, status: eventRegistrations.status })
        .from(eventRegistrations)
        .where(eq(eventRegistrations.eventId, id))
        .orderBy(asc(eventRegistrations.id))
        .for('update');
    await lockRegistrations();
    const [event] = await tx
      .select({ title: events.title, imageFileId: events.imageFileId })
      .from(events)
      .where(and(eq(events.id, id), eq(events.mentorId, mentorId)))
      .for('update');
    if (!event) return { kind: 'not_found' };
    // again, now that the event is ours: a registration that committed while we waited for the event row
    // is seen (and locked) too, and a newer one has to wait for the event row until we are done
    const registrations = await lockRegistrations();
    const ids = registrations.map((r) => r.id);
    if (ids.length) {
      const paid = await tx
        .select({ registrationId: payments.registrationId, status: payments.status })
        .from(payments)
        .where(inArray(payments.registrationId, ids));
      const succeeded = new Set(paid.filter((p) => p.status === 'succeeded').map((p) => p.registrationId));
      const livePaid = registrations.some((r) => r.status === 'pending_payment' || (r.status === 'confirmed' && succeeded.has(r.id)));
      if (livePaid) return { kind: 'paid_participants' };
      if (paid.length) return { kind: 'payment_history' };
    }
    await tx.delete(events).where(eq(events.id, id));
    const participants = registrations.filter((r) => r.status === 'confirmed').map((r) => r.userId);
    return { kind: 'deleted', title: event.title, imageFileId: event.imageFileId, participants };
  });
}
