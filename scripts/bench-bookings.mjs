// Booking hot paths for `npm run bench`: slot availability over a year of a weekly schedule with 300
// bookings, and a 200-way race for one slot. Sessions are access tokens signed with the local secret
// from wrangler.toml (the bench stack runs with it), so no sign-in flow is in the measurement.
import http from 'node:http';
import pg from 'pg';
import { sessionCookie } from './bench-session.mjs';

async function api(appUrl, method, urlPath, { cookie, body } = {}) {
  const res = await fetch(`${appUrl}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', origin: appUrl, ...(cookie ? { cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/** A year of one-hour slots of a consultation type on weekdays from `start` (Moscow time), as the bench's mentors open. */
export const weekdaySeries = (typeId, start) => ({
  consultation_type: typeId,
  start_time: start.toISOString(),
  end_time: new Date(start.getTime() + 3_600_000).toISOString(),
  repeat_type: 'custom',
  custom_weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
  repeat_until: day(365),
  time_zone: 'Europe/Moscow',
});

/**
 * A mentor with one 60-minute type and eight weekly series (Monday to Friday, 09:00 to 16:00, a year
 * ahead) created through the API, 300 of its slots booked and paid by 300 mentees, and 200 more mentees
 * for the race. Returns what the scenarios need.
 */
export async function prepareBookings(appUrl, databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const stamp = Date.now().toString(36);
    const { rows: [mentor] } = await db.query(
      `insert into users (email, role, first_name, last_name, time_zone) values ($1, 'mentor', 'Бенч', 'Ментор', 'Europe/Moscow') returning id`,
      [`bench.slots.${stamp}@bench.forma`],
    );
    const { rows: mentees } = await db.query(
      `insert into users (email) select 'bench.mentee.' || $1 || '.' || g || '@bench.forma' from generate_series(1, 500) g returning id`,
      [stamp],
    );
    const mentorCookie = await sessionCookie(mentor.id, 'mentor');
    const type = await api(appUrl, 'POST', '/api/consultation-types/create/', {
      cookie: mentorCookie,
      body: { name: 'Разбор портфолио', duration_minutes: 60, costs: 1500 },
    });
    if (type.status !== 201) throw new Error(`consultation type: ${type.status} ${JSON.stringify(type.json)}`);
    const t = performance.now();
    let created = 0;
    for (let hour = 9; hour < 17; hour++) {
      const start = new Date(`${day(1)}T${String(hour).padStart(2, '0')}:00:00+03:00`);
      const res = await api(appUrl, 'POST', '/api/consultation-type-slots/create_recurrent_slots/', {
        cookie: mentorCookie,
        body: weekdaySeries(type.json.id, start),
      });
      if (res.status !== 201) throw new Error(`series: ${res.status} ${JSON.stringify(res.json)}`);
      created += res.json.created;
    }
    const seriesMs = Math.round(performance.now() - t);
    // 300 paid bookings spread over the year, one per mentee
    await db.query(
      `insert into consultation_bookings (slot_id, mentee_id, mentor_id, consultation_type_id, status, price, paid_at)
       select s.id, m.id, s.mentor_id, s.consultation_type_id, 'paid', 1500, now()
       from (select id, mentor_id, consultation_type_id, row_number() over (order by id) n
             from consultation_slots where consultation_type_id = $1 and id % 7 = 0 order by id limit 300) s
       join (select id, row_number() over (order by id) n from unnest($2::int[]) id) m on m.n = s.n`,
      [type.json.id, mentees.slice(0, 300).map((m) => m.id)],
    );
    await db.query('vacuum analyze consultation_slots');
    await db.query('vacuum analyze consultation_bookings');
    const { rows: free } = await db.query(
      `select id from consultation_slots s where consultation_type_id = $1 and starts_at > now()
         and not exists (select 1 from consultation_bookings b where b.slot_id = s.id) order by starts_at desc limit 10`,
      [type.json.id],
    );
    return {
      typeId: type.json.id,
      slots: created,
      seriesMs,
      availablePath: `/api/consultation-type-slots/available/?consultation_type_id=${type.json.id}&start_date=${day(0)}&end_date=${day(365)}`,
      freeSlots: free.map((r) => r.id),
      racers: mentees.slice(300).map((m) => m.id),
    };
  } finally {
    await db.end();
  }
}

/**
 * The racers' client: node's http over kept-alive sockets. It costs the bench less CPU than fetch on the two cores it
 * shares with the app, and a racer keeps its connection between races as a browser does between the slot's page and
 * its booking.
 */
export const racersAgent = () => new http.Agent({ keepAlive: true, maxSockets: Infinity });

/** A signed-in POST of JSON as the browser sends it (same-origin); resolves to the status, 0 for a connection error. */
export function postJson(agent, appUrl, urlPath, cookie, body) {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${appUrl}${urlPath}`,
      { method: 'POST', agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin: appUrl, cookie } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
        res.on('error', () => resolve(0));
      },
    );
    req.on('error', () => resolve(0));
    req.end(data);
  });
}

/** 200 different mentees book the same slot at once: exactly one may win. */
export async function raceForSlot(appUrl, slotId, menteeIds, agent) {
  const cookies = await Promise.all(menteeIds.map((id) => sessionCookie(id, 'mentee')));
  const t = performance.now();
  const times = [];
  const statuses = await Promise.all(
    menteeIds.map((id, i) =>
      postJson(agent, appUrl, '/api/consultation-bookings/create/', cookies[i], { consultation_type_slot: slotId, user_id: id, questions: '' }).finally(() =>
        times.push(performance.now() - t),
      ),
    ),
  );
  const ms = performance.now() - t;
  times.sort((a, b) => a - b);
  const count = (status) => statuses.filter((s) => s === status).length;
  return {
    ms: Math.round(ms),
    p50: Math.round(times[Math.floor(times.length / 2)]),
    created: count(201),
    refused: count(409),
    other: statuses.length - count(201) - count(409),
  };
}

/** One request at a time (no queueing behind other connections): the latency a single visitor sees. */
export async function sequentialLatency(url, count = 100) {
  const times = [];
  let bytes = 0;
  for (let i = 0; i < count; i++) {
    const t = performance.now();
    const res = await fetch(url);
    bytes = (await res.arrayBuffer()).byteLength;
    if (!res.ok) throw new Error(`${url}: HTTP ${res.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { median: times[Math.floor(count / 2)].toFixed(1), p95: times[Math.floor(count * 0.95)].toFixed(1), bytes };
}
