// The meeting tests' consultation: a free type of the demo mentor with one slot starting in ten minutes (the room
// opens 30 minutes before), made fresh by each run.
import type pg from 'pg';

/** The names the meeting tests give their types: `${prefix} ${stamp}`. */
const PREFIXES = ['Созвон', 'Запись'] as const;
export type MeetingPrefix = (typeof PREFIXES)[number];

export async function consultationSoon(db: pg.Client, mentorId: number, prefix: MeetingPrefix) {
  // the slots an earlier meeting test made (this run's or a former one's) take the same time: out of the way, since a
  // mentor's slots can't overlap; each moved by its own number of days, so two never meet each other either
  await db.query(
    `update consultation_slots s set starts_at = s.starts_at - (3650 + s.id) * interval '1 day', ends_at = s.ends_at - (3650 + s.id) * interval '1 day'
      from consultation_types t where t.id = s.consultation_type_id and t.mentor_id = $1 and t.name like any ($2) and s.ends_at > now()`,
    [mentorId, PREFIXES.map((p) => `${p} %`)],
  );
  const type = await db.query<{ id: number; is_recorded: boolean }>(
    `insert into consultation_types (mentor_id, name, description, duration_minutes, costs) values ($1, $2, '', 45, 0) returning id, is_recorded`,
    [mentorId, `${prefix} ${Date.now().toString(36)}`],
  );
  const slot = await db.query<{ id: number }>(
    `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     values ($1, $2, date_trunc('minute', now()) + interval '10 minutes', date_trunc('minute', now()) + interval '55 minutes') returning id`,
    [mentorId, type.rows[0]!.id],
  );
  return { type: type.rows[0]!, slotId: slot.rows[0]!.id };
}
