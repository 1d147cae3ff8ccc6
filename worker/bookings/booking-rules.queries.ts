// The booking rules of a slot's type (issue 38 §2, decision 022), read only to word a refusal the database made.
import { sql } from 'drizzle-orm';
import type { Db } from '../../drizzle/db.ts';
import { pgError } from '../lib/db-errors.ts';
import type { BookingRule } from './booking-rules.ts';

const RULE_CONSTRAINTS: Record<string, BookingRule> = {
  consultation_bookings_notice: 'notice',
  consultation_bookings_horizon: 'horizon',
  consultation_bookings_buffer: 'buffer',
  consultation_bookings_daily_limit: 'daily_limit',
};

/** The rule the trigger forma_booking_rules (migration 0057) refused a booking by, or null for any other error. */
export function ruleOfError(e: unknown): BookingRule | null {
  const err = pgError(e);
  return err?.code === '23514' && err.constraint ? (RULE_CONSTRAINTS[err.constraint] ?? null) : null;
}

/** The type's value of the rule for the slot (hours of notice, days of horizon, the daily limit; 0 for buffers). */
export async function ruleLimitOfSlot(db: Db, slotId: number, rule: BookingRule): Promise<number> {
  const result = await db.execute<{ notice: number; horizon: number | null; daily: number | null }>(sql`
    select t.min_notice_hours as notice, t.horizon_days as horizon, t.daily_limit as daily
    from consultation_slots s join consultation_types t on t.id = s.consultation_type_id where s.id = ${slotId}`);
  const row = result.rows[0];
  if (!row) return 0;
  return Number(rule === 'notice' ? row.notice : rule === 'horizon' ? row.horizon : rule === 'daily_limit' ? row.daily : 0) || 0;
}
