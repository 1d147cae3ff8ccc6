// The reschedule race for `npm run bench` (issue 38 §1, decision 024): 200 mentees, each with a paid booking of one
// mentor's type on a slot of their own, move onto the same free slot at once; exactly one may win, the others get 409.
// Sessions are access tokens signed with the local secret (bench-session.mjs), so no sign-in is in the measurement.
import pg from 'pg';
import { sessionCookie } from './bench-session.mjs';
import { postJson, racersAgent } from './bench-bookings.mjs';

const HOUR = 3_600_000;

/** A mentor, one type, 200 paid bookings on 200 slots of it (an hour apart from tomorrow), and `targets` free slots. */
async function prepare(databaseUrl, targets) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const stamp = Date.now().toString(36);
    const { rows: [mentor] } = await db.query(
      `insert into users (email, role, first_name, last_name, time_zone) values ($1, 'mentor', 'Бенч', 'Перенос', 'Europe/Moscow') returning id`,
      [`bench.move.${stamp}@bench.forma`],
    );
    const { rows: [type] } = await db.query(
      `insert into consultation_types (mentor_id, name, duration_minutes, costs) values ($1, 'Разбор портфолио', 60, 1500) returning id`,
      [mentor.id],
    );
    const base = Math.ceil((Date.now() + 24 * HOUR) / HOUR) * HOUR;
    const { rows: slots } = await db.query(
      `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
       select $1, $2, to_timestamp(($3::bigint + g * 2 * ${HOUR}) / 1000.0), to_timestamp(($3::bigint + g * 2 * ${HOUR} + ${HOUR}) / 1000.0)
       from generate_series(0, ${200 + targets - 1}) g order by g returning id`,
      [mentor.id, type.id, base],
    );
    const { rows: mentees } = await db.query(
      `insert into users (email) select 'bench.mover.' || $1 || '.' || g || '@bench.forma' from generate_series(1, 200) g returning id`,
      [stamp],
    );
    const { rows: bookings } = await db.query(
      `insert into consultation_bookings (slot_id, mentee_id, mentor_id, consultation_type_id, status, price, paid_at)
       select s.id, m.id, $1, $2, 'paid', 1500, now()
       from unnest($3::int[], $4::int[]) as x(slot, mentee) join consultation_slots s on s.id = x.slot join users m on m.id = x.mentee
       returning id, mentee_id`,
      [mentor.id, type.id, slots.slice(0, 200).map((s) => s.id), mentees.map((m) => m.id)],
    );
    await db.query('vacuum analyze consultation_bookings');
    return { movers: bookings.map((b) => ({ bookingId: b.id, menteeId: b.mentee_id })), targets: slots.slice(200).map((s) => s.id) };
  } finally {
    await db.end();
  }
}


/** All 200 move their own booking onto `slotId` at once. */
async function race(appUrl, agent, movers, cookies, slotId) {
  const t = performance.now();
  const times = [];
  const statuses = await Promise.all(
    movers.map((m, i) =>
      postJson(agent, appUrl, `/api/consultation-bookings/${m.bookingId}/reschedule/`, cookies[i], { slot_id: slotId }).finally(() => times.push(performance.now() - t)),
    ),
  );
  const ms = performance.now() - t;
  times.sort((a, b) => a - b);
  const count = (status) => statuses.filter((s) => s === status).length;
  return { ms: Math.round(ms), p50: Math.round(times[Math.floor(times.length / 2)]), moved: count(200), refused: count(409), other: statuses.length - count(200) - count(409) };
}

/** A warm-up race, then three: each onto a fresh free slot; answers the races' figures. */
export async function measureRescheduleRaces(appUrl, databaseUrl) {
  const { movers, targets } = await prepare(databaseUrl, 4);
  const cookies = await Promise.all(movers.map((m) => sessionCookie(m.menteeId, 'mentee')));
  const agent = racersAgent();
  try {
    const warmUp = await race(appUrl, agent, movers, cookies, targets[3]);
    const races = [];
    for (let i = 0; i < 3; i++) races.push(await race(appUrl, agent, movers, cookies, targets[i]));
    return { warmUp, races };
  } finally {
    agent.destroy();
  }
}
