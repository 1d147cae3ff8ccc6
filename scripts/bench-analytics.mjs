// Mentor analytics for `npm run bench`: GET /api/analytics/summary/?period=year over a year of one mentor's
// data, written straight into Postgres (the API would take minutes to make it): 1 000 consultations on five
// types, 100 events with 1 000 registrations, their payments and ledger entries, reviews of all three kinds
// and 20 000 page views. The session is an access token signed with the local secret from wrangler.toml, as
// in bench-bookings.mjs, so no sign-in is measured.
import pg from 'pg';
import { sessionCookie } from './bench-session.mjs';


/** Writes the year of data; returns the mentor's id. */
export async function prepareAnalytics(db) {
  const stamp = Date.now().toString(36);
  const { rows: [mentor] } = await db.query(
    `insert into users (email, role, first_name, last_name, time_zone) values ($1, 'mentor', 'Бенч', 'Аналитика', 'Europe/Moscow') returning id`,
    [`bench.analytics.${stamp}@bench.forma`],
  );
  const { rows: mentees } = await db.query(
    `insert into users (email) select 'bench.analytics.mentee.' || $1 || '.' || g || '@bench.forma' from generate_series(1, 300) g returning id`,
    [stamp],
  );
  const menteeIds = mentees.map((m) => m.id);
  const { rows: types } = await db.query(
    `insert into consultation_types (mentor_id, name, costs) select $1, 'Тип ' || g, 1000 + g * 500 from generate_series(1, 5) g returning id`,
    [mentor.id],
  );
  // 1 000 one-hour slots every 9 hours from a year ago: the last ten days' worth are still ahead
  await db.query(
    `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     select $1, ($2::int[])[1 + g % 5], now() - interval '365 days' + g * interval '9 hours',
            now() - interval '365 days' + g * interval '9 hours' + interval '1 hour'
     from generate_series(0, 999) g`,
    [mentor.id, types.map((t) => t.id)],
  );
  // every 20th booking cancelled, the past ones finished, the future ones paid; booked 3 days ahead
  await db.query(
    `insert into consultation_bookings (slot_id, mentee_id, mentor_id, consultation_type_id, status, price, paid_at, finished_at, canceled_at, created_at)
     select s.id, ($2::int[])[1 + s.n % 300], $1, s.consultation_type_id, x.status::booking_status, ct.costs,
            s.starts_at - interval '3 days', case when x.status = 'finished' then s.ends_at end,
            case when x.status = 'canceled' then s.starts_at - interval '2 days' end, s.starts_at - interval '3 days 5 minutes'
     from (select *, row_number() over (order by starts_at) n from consultation_slots where mentor_id = $1) s
     join consultation_types ct on ct.id = s.consultation_type_id
     cross join lateral (select case when s.n % 20 = 0 then 'canceled' when s.ends_at < now() then 'finished' else 'paid' end as status) x`,
    [mentor.id, menteeIds],
  );
  // 100 events every 3.7 days from 360 days ago, a third of them free; 10 confirmed registrations each
  const { rows: events } = await db.query(
    `insert into events (mentor_id, title, starts_at, price, total_spots)
     select $1, 'Мероприятие ' || g, now() - interval '360 days' + g * interval '3.7 days', case when g % 3 = 0 then 0 else 1000 end, 20
     from generate_series(0, 99) g returning id`,
    [mentor.id],
  );
  await db.query(
    `insert into event_registrations (event_id, user_id, status, created_at, confirmed_at)
     select e.id, ($2::int[])[1 + (e.n * 7 + k) % 300], 'confirmed', e.starts_at - interval '5 days', e.starts_at - interval '5 days'
     from (select *, row_number() over (order by id) n from events where mentor_id = $1) e, generate_series(0, 9) k`,
    [mentor.id, menteeIds],
  );
  // payments: held while the service is ahead, released when it is over
  await db.query(
    `insert into payments (provider, service_type, booking_id, payer_id, payee_id, amount_kopecks, status, return_url, paid_at, released_at)
     select 'sandbox', 'consultation', b.id, b.mentee_id, b.mentor_id, b.price * 100,
            case when b.status = 'finished' then 'released' else 'succeeded' end::payment_status, '/bench', b.paid_at, b.finished_at
     from consultation_bookings b where b.mentor_id = $1 and b.status in ('paid', 'finished')`,
    [mentor.id],
  );
  await db.query(
    `insert into payments (provider, service_type, registration_id, payer_id, payee_id, amount_kopecks, status, return_url, paid_at, released_at)
     select 'sandbox', 'event', r.id, r.user_id, e.mentor_id, e.price * 100,
            case when e.starts_at + interval '1 hour' < now() then 'released' else 'succeeded' end::payment_status, '/bench', r.confirmed_at,
            case when e.starts_at + interval '1 hour' < now() then e.starts_at + interval '1 day' end
     from event_registrations r join events e on e.id = r.event_id where e.mentor_id = $1 and e.price > 0`,
    [mentor.id],
  );
  await db.query(
    `insert into ledger_entries (payment_id, kind, debit, credit, mentor_id, amount_kopecks, created_at)
     select p.id, k.kind::ledger_kind, k.debit::ledger_account, k.credit::ledger_account,
            case when k.kind = 'mentor_payout' then p.payee_id end,
            case k.kind when 'payment_received' then p.amount_kopecks
                        when 'platform_fee' then round(p.amount_kopecks * 0.05)
                        else p.amount_kopecks - round(p.amount_kopecks * 0.05) end,
            case when k.kind = 'payment_received' then p.paid_at else p.released_at end
     from payments p
     cross join (values ('payment_received', 'payer', 'escrow'), ('platform_fee', 'escrow', 'platform'), ('mentor_payout', 'escrow', 'mentor')) k(kind, debit, credit)
     where p.payee_id = $1 and (k.kind = 'payment_received' or p.status = 'released')`,
    [mentor.id],
  );
  // ratings: half the finished consultations, three attendees of each past event, 50 reviews on the page
  await db.query(
    `insert into consultation_reviews (booking_id, author_id, mentor_id, rating, created_at)
     select id, mentee_id, mentor_id, 3 + id % 3, finished_at + interval '1 hour'
     from consultation_bookings where mentor_id = $1 and status = 'finished' and id % 2 = 0`,
    [mentor.id],
  );
  await db.query(
    `insert into event_reviews (event_id, author_id, text, stars, created_at)
     select r.event_id, r.user_id, 'Хорошо', 4 + r.id % 2, e.starts_at + interval '2 hours'
     from event_registrations r join events e on e.id = r.event_id
     where e.mentor_id = $1 and e.starts_at < now() - interval '1 day' and r.id % 10 < 3`,
    [mentor.id],
  );
  await db.query(
    `insert into user_reviews (to_user_id, author_id, text, stars, created_at)
     select $1, a, 'Спасибо', 4 + a % 2, now() - (a % 365) * interval '1 day' from unnest(($2::int[])[1:50]) a`,
    [mentor.id, menteeIds],
  );
  // 20 000 views over the year, every fourth one of an event's page
  await db.query(
    `insert into page_views (mentor_id, event_id, viewed_at)
     select $1, case when g % 4 = 0 then ($2::int[])[1 + g % 100] end, now() - random() * interval '365 days'
     from generate_series(1, 20000) g`,
    [mentor.id, events.map((e) => e.id)],
  );
  for (const table of ['consultation_slots', 'consultation_bookings', 'events', 'event_registrations', 'payments', 'ledger_entries', 'consultation_reviews', 'event_reviews', 'user_reviews', 'page_views']) {
    await db.query(`vacuum analyze ${table}`);
  }
  return mentor.id;
}

/**
 * Prepares the mentor's year and times GET /api/analytics/summary/?period=year, 20 requests one at a time
 * after one warm-up. Returns milliseconds: { median, p95 }.
 */
export async function analyticsBench(appUrl, databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let mentorId;
  try {
    mentorId = await prepareAnalytics(db);
  } finally {
    await db.end();
  }
  const cookie = await sessionCookie(mentorId, 'mentor');
  const url = `${appUrl}/api/analytics/summary/?period=year`;
  const once = async () => {
    const t = performance.now();
    const res = await fetch(url, { headers: { cookie, origin: appUrl } });
    const body = await res.text();
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status} ${body.slice(0, 200)}`);
    return performance.now() - t;
  };
  await once();
  const times = [];
  for (let i = 0; i < 20; i++) times.push(await once());
  times.sort((a, b) => a - b);
  const round = (ms) => Math.round(ms * 10) / 10;
  return { median: round(times[Math.floor(times.length / 2)]), p95: round(times[Math.floor(times.length * 0.95)]) };
}
