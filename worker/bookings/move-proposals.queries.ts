// A mentor's proposal to move a booking (issue 38 §1, decision 024): made, accepted or declined each in one
// non-interactive transaction over HTTP (decision 015). A pending proposal holds its slot (trigger of migration 0061)
// until it is answered or runs out; every read checks the time, so nothing has to mark the ones that ran out.
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { expireSlotHoldsStatement } from '../escrow/holds.queries.ts';

/** how long a proposal holds the slot, at most: a day to answer (never past the booking's own start) */
export const PROPOSAL_HOURS = 24;

const live = sql`p.status = 'pending' and p.expires_at > now()`;

export type ProposeFacts = {
  mentor_id: number;
  status: string;
  slot_id: number;
  type_id: number;
  started: boolean;
  disputed: boolean;
  target_found: boolean;
  target_mentor_id: number | null;
  target_type_id: number | null;
  target_past: boolean;
  target_taken: boolean;
  rule: string | null;
};

/**
 * The mentor proposes `slotId` for the booking: the slot locked FOR UPDATE (a booking of it, which locks it FOR SHARE
 * first, waits, and then finds it held), a hold on it that ran out expired, the booking's earlier proposal withdrawn,
 * then the insert, only for the booking's mentor, a paid booking ahead with no dispute, a live slot of the same type
 * ahead, free (no live booking, no other live proposal) and within the type's rules for this booking. Then the facts.
 */
export async function proposeMoveAtOnce(db: Db, { bookingId, mentorId, slotId }: { bookingId: number; mentorId: number; slotId: number }) {
  const { http } = db;
  const slotFree = sql`not exists (select 1 from consultation_bookings o where o.slot_id = ${slotId} and o.id <> b.id
      and o.status in ('pending_payment', 'paid', 'finished') and (o.status <> 'pending_payment' or o.hold_expires_at is null or o.hold_expires_at > now()))
    and not exists (select 1 from booking_move_proposals p join consultation_bookings pb on pb.id = p.booking_id
      where p.slot_id = ${slotId} and ${live} and p.booking_id <> b.id and pb.status = 'paid')`;
  const [, , , inserted, facts] = await http.batch([
    http.execute(sql`select 1 from consultation_slots where id = ${slotId} and deleted_at is null for update`),
    http.execute(expireSlotHoldsStatement(slotId)),
    http.execute(sql`update booking_move_proposals set status = 'withdrawn', answered_at = now()
      where booking_id = ${bookingId} and status = 'pending'
        and exists (select 1 from consultation_bookings b where b.id = ${bookingId} and b.mentor_id = ${mentorId})`),
    http.execute<{ id: number; expires_at: string }>(sql`
      insert into booking_move_proposals (booking_id, slot_id, proposed_by, expires_at)
      select b.id, tgt.id, ${mentorId}, least(now() + make_interval(hours => ${PROPOSAL_HOURS}), cur.starts_at)
      from consultation_bookings b
      join consultation_slots cur on cur.id = b.slot_id
      join consultation_slots tgt on tgt.id = ${slotId}
      where b.id = ${bookingId} and b.mentor_id = ${mentorId} and b.status = 'paid' and cur.starts_at > now()
        and not exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open')
        and tgt.id <> b.slot_id and tgt.deleted_at is null and tgt.starts_at > now()
        and tgt.mentor_id = b.mentor_id and tgt.consultation_type_id = b.consultation_type_id
        and ${slotFree}
        and forma_booking_rule_broken(tgt.id, now(), b.id) is null
      returning id, to_json(expires_at)#>>'{}' as expires_at`),
    http.execute<ProposeFacts>(sql`
      select b.mentor_id, b.status, b.slot_id, b.consultation_type_id as type_id, cur.starts_at <= now() as started,
             exists (select 1 from disputes d where d.booking_id = b.id and d.status = 'open') as disputed,
             tgt.id is not null and tgt.deleted_at is null as target_found,
             tgt.mentor_id as target_mentor_id, tgt.consultation_type_id as target_type_id,
             coalesce(tgt.starts_at <= now(), false) as target_past,
             not (${slotFree}) as target_taken,
             case when tgt.id is not null then forma_booking_rule_broken(tgt.id, now(), b.id) end as rule
      from consultation_bookings b
      join consultation_slots cur on cur.id = b.slot_id
      left join consultation_slots tgt on tgt.id = ${slotId}
      where b.id = ${bookingId} and (b.mentee_id = ${mentorId} or b.mentor_id = ${mentorId})`),
  ]);
  const row = inserted.rows[0];
  return { proposal: row ? { id: Number(row.id), expiresAt: new Date(row.expires_at) } : null, facts: facts.rows[0] ?? null };
}

export type ProposalRow = {
  id: number;
  booking_id: number;
  slot_id: number;
  mentee_id: number;
  mentor_id: number;
  status: string;
  live: boolean;
  starts_at: string;
  ends_at: string;
  expires_at: string;
  booking_starts_at: string;
  type_name: string;
};

const proposalColumns = sql`p.id, p.booking_id, p.slot_id, b.mentee_id, b.mentor_id, p.status, (${live}) as live,
  to_json(s.starts_at)#>>'{}' as starts_at, to_json(s.ends_at)#>>'{}' as ends_at, to_json(p.expires_at)#>>'{}' as expires_at,
  to_json(cur.starts_at)#>>'{}' as booking_starts_at, b.type_name`;

const proposalFrom = sql`from booking_move_proposals p
  join consultation_bookings b on b.id = p.booking_id
  join consultation_slots s on s.id = p.slot_id
  join consultation_slots cur on cur.id = b.slot_id`;

/** The caller's live proposals, as the booking's mentee (to answer) and as its mentor (waiting), soonest first. */
export async function listLiveProposals(db: Db, userId: number) {
  const result = await db.execute<ProposalRow>(sql`select ${proposalColumns} ${proposalFrom}
    where (b.mentee_id = ${userId} or b.mentor_id = ${userId}) and ${live} and b.status = 'paid'
    order by p.expires_at, p.id limit 50`);
  return result.rows;
}

/** One proposal as its booking's mentee or mentor sees it; null for anyone else. */
export async function findProposalFor(db: Db, proposalId: number, userId: number) {
  const result = await db.execute<ProposalRow>(sql`select ${proposalColumns} ${proposalFrom}
    where p.id = ${proposalId} and (b.mentee_id = ${userId} or b.mentor_id = ${userId})`);
  return result.rows[0] ?? null;
}

/**
 * The mentee accepts: the booking moves onto the proposed slot (no cut-off: the mentor asked) and the proposal is
 * accepted, in one transaction. The slot's own hold lets its booking through; the live-slot index and the type's
 * rules (without this booking) still decide. Answers the move's old slot and start, or null when nothing moved.
 */
export async function acceptProposalAtOnce(db: Db, { proposalId, menteeId }: { proposalId: number; menteeId: number }) {
  const { http } = db;
  const [, , , , moved] = await http.batch([
    http.execute(sql`select set_config('forma.moved_booking', coalesce((select booking_id::text from booking_move_proposals where id = ${proposalId}), ''), true)`),
    http.execute(sql`select 1 from consultation_slots where id = (select slot_id from booking_move_proposals where id = ${proposalId}) for share`),
    http.execute(sql`select 1 from consultation_bookings where id = (select booking_id from booking_move_proposals where id = ${proposalId}) for no key update`),
    http.execute(sql`update booking_move_proposals p set status = 'accepted', answered_at = now()
      from consultation_bookings b join consultation_slots cur on cur.id = b.slot_id
      where p.id = ${proposalId} and ${live} and b.id = p.booking_id and b.mentee_id = ${menteeId} and b.status = 'paid' and cur.starts_at > now()`),
    http.execute<{ id: number; old_slot_id: number; old_starts_at: string; revision: number }>(sql`
      update consultation_bookings b
      set slot_id = p.slot_id, revision = b.revision + 1, updated_at = now()
      from booking_move_proposals p, consultation_slots cur
      where p.id = ${proposalId} and p.status = 'accepted' and p.answered_at = now() and b.id = p.booking_id and cur.id = b.slot_id
      returning b.id, cur.id as old_slot_id, to_json(cur.starts_at)#>>'{}' as old_starts_at, b.revision`),
  ]);
  const row = moved.rows[0];
  return row ? { bookingId: Number(row.id), oldStartsAt: new Date(row.old_starts_at), revision: Number(row.revision) } : null;
}

/** The mentee declines a live proposal of their booking: it ends and the slot is free; whether it was theirs to decline. */
export async function declineProposal(db: Executor, { proposalId, menteeId }: { proposalId: number; menteeId: number }) {
  const result = await db.execute<{ booking_id: number }>(sql`
    update booking_move_proposals p set status = 'declined', answered_at = now()
    from consultation_bookings b
    where p.id = ${proposalId} and ${live} and b.id = p.booking_id and b.mentee_id = ${menteeId}
    returning p.booking_id`);
  return result.rows[0] ? Number(result.rows[0].booking_id) : null;
}
