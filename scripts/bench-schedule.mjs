// The schedule for `npm run bench`: GET /api/calendars/schedule/ for a person with 500 sessions in the spec's
// window (one month either side of today), written straight into Postgres: as a mentor, 200 consultations given
// and 100 events led; as a buyer, 100 consultations bought (a third of them in escrow, some disputed and rated)
// and 100 event seats. The session is a signed access token (bench-session.mjs), so no sign-in is measured.
import pg from 'pg';
import { sessionCookie } from './bench-session.mjs';

/** Writes the sessions; returns the person's id. */
export async function prepareSchedule(db) {
  const stamp = Date.now().toString(36);
  const { rows: [me] } = await db.query(
    `insert into users (email, role, first_name, last_name, time_zone) values ($1, 'mentor', 'Бенч', 'Расписание', 'Europe/Moscow') returning id`,
    [`bench.schedule.${stamp}@bench.forma`],
  );
  const { rows: [other] } = await db.query(
    `insert into users (email, role, first_name, last_name) values ($1, 'mentor', 'Другой', 'Ментор') returning id`,
    [`bench.schedule.other.${stamp}@bench.forma`],
  );
  const { rows: mentees } = await db.query(
    `insert into users (email) select 'bench.schedule.mentee.' || $1 || '.' || g || '@bench.forma' from generate_series(1, 50) g returning id`,
    [stamp],
  );
  const { rows: [myType] } = await db.query(`insert into consultation_types (mentor_id, name, costs) values ($1, 'Мой тип', 2000) returning id`, [me.id]);
  const { rows: [theirType] } = await db.query(`insert into consultation_types (mentor_id, name, costs) values ($1, 'Их тип', 3000) returning id`, [other.id]);
  // 200 one-hour slots of mine and 100 of the other mentor's, spread over the 60 days around today
  await db.query(
    `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     select $1, $2, now() - interval '30 days' + g * interval '7 hours', now() - interval '30 days' + g * interval '7 hours' + interval '1 hour'
     from generate_series(0, 199) g`,
    [me.id, myType.id],
  );
  await db.query(
    `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     select $1, $2, now() - interval '30 days' + g * interval '14 hours' + interval '3 hours', now() - interval '30 days' + g * interval '14 hours' + interval '4 hours'
     from generate_series(0, 99) g`,
    [other.id, theirType.id],
  );
  const book = (mentorId, typeId, menteeExpr) =>
    db.query(
      `insert into consultation_bookings (slot_id, mentee_id, mentor_id, consultation_type_id, status, price, paid_at, finished_at, created_at)
       select s.id, ${menteeExpr}, $1, $2, case when s.ends_at < now() - interval '2 days' then 'finished' else 'paid' end::booking_status, 2000,
              s.starts_at - interval '3 days', case when s.ends_at < now() - interval '2 days' then s.ends_at end, s.starts_at - interval '3 days'
       from (select *, row_number() over (order by starts_at) n from consultation_slots where mentor_id = $1) s`,
      [mentorId, typeId],
    );
  await book(me.id, myType.id, `(${'$3'}::int[])[1 + s.n % 50]`.replace('$3', `'{${mentees.map((m) => m.id).join(',')}}'`));
  await book(other.id, theirType.id, String(me.id));
  // payments for every booking: held while the dispute window is open, released after
  await db.query(
    `insert into payments (provider, service_type, booking_id, payer_id, payee_id, amount_kopecks, status, return_url, paid_at, provider_deal_id)
     select 'sandbox', 'consultation', b.id, b.mentee_id, b.mentor_id, b.price * 100,
            case when b.status = 'finished' then 'released' else 'succeeded' end::payment_status, '/bench', b.paid_at, 'deal-' || b.id
     from consultation_bookings b where b.mentor_id in ($1, $2)`,
    [me.id, other.id],
  );
  await db.query(
    `insert into disputes (booking_id, opened_by, text)
     select b.id, b.mentee_id, 'Жалоба' from consultation_bookings b join consultation_slots s on s.id = b.slot_id
     where b.mentor_id = $1 and s.starts_at < now() and b.id % 7 = 0`,
    [other.id],
  );
  await db.query(
    `insert into consultation_reviews (booking_id, author_id, mentor_id, rating)
     select b.id, b.mentee_id, b.mentor_id, 5 from consultation_bookings b join consultation_slots s on s.id = b.slot_id
     where b.mentor_id in ($1, $2) and s.starts_at < now() and b.id % 2 = 0`,
    [me.id, other.id],
  );
  // 100 events I lead and 100 I attend, over the same 60 days
  await db.query(
    `insert into events (mentor_id, title, description, starts_at, price, total_spots)
     select $1, 'Моё мероприятие ' || g, '<p>Описание мероприятия</p>', now() - interval '30 days' + g * interval '14 hours' + interval '5 hours', 500, 20
     from generate_series(0, 99) g`,
    [me.id],
  );
  const { rows: theirEvents } = await db.query(
    `insert into events (mentor_id, title, description, starts_at, price, total_spots)
     select $1, 'Чужое мероприятие ' || g, '<p>Описание</p>', now() - interval '30 days' + g * interval '14 hours' + interval '9 hours', 0, 0
     from generate_series(0, 99) g returning id`,
    [other.id],
  );
  await db.query(
    `insert into event_registrations (event_id, user_id, status, confirmed_at) select unnest($1::int[]), $2, 'confirmed', now()`,
    [theirEvents.map((e) => e.id), me.id],
  );
  for (const table of ['consultation_slots', 'consultation_bookings', 'events', 'event_registrations', 'payments', 'disputes', 'consultation_reviews']) {
    await db.query(`vacuum analyze ${table}`);
  }
  return me.id;
}

const isoDay = (offsetDays) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/**
 * Prepares the person and times the calendar page's call (today ± one month), 50 requests one at a time after
 * one warm-up. Returns milliseconds { median, p95 }, the answer's size and its item count.
 */
export async function scheduleBench(appUrl, databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let userId;
  try {
    userId = await prepareSchedule(db);
  } finally {
    await db.end();
  }
  const cookie = await sessionCookie(userId, 'mentor');
  const url = `${appUrl}/api/calendars/schedule/?start_date=${isoDay(-31)}&end_date=${isoDay(31)}`;
  let bytes = 0;
  let items = 0;
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie, origin: appUrl } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${body.slice(0, 200)}`);
    const ms = performance.now() - t;
    bytes = body.length;
    const parsed = JSON.parse(body);
    items = parsed.mentor_events.length + parsed.registered_events.length + parsed.booked_by_user.length + parsed.booked_for_mentor.length;
    return ms;
  };
  await once();
  const times = [];
  for (let i = 0; i < 50; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return { median: round(times[Math.floor(times.length / 2)]), p95: round(times[Math.floor(times.length * 0.95)]), bytes, items };
}
