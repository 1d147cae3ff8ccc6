// The waitlist release for `npm run bench` (issue 38 §3, decision 023): a full event of 10 seats with 200 people in
// line; its 10 seat holders give their seats up at the same moment through the API, and the database offers each
// freed seat to the next in line (forma_offer_waitlist_seats) while the requests tell them (notification and e-mail).
// Then the mentor adds 10 seats in one UpdateEvent: 10 more offers. Counted afterwards: offers made, seats taken.
import pg from 'pg';
import { racersAgent } from './bench-bookings.mjs';
import { sessionCookie } from './bench-session.mjs';
import http from 'node:http';

const SEATS = 10;
const LINE = 200;

function request(agent, appUrl, method, urlPath, cookie, body) {
  const data = JSON.stringify(body);
  return new Promise((resolve) => {
    const req = http.request(
      `${appUrl}${urlPath}`,
      { method, agent, headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(data), origin: appUrl, cookie } },
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

/** A mentor's paid event of 10 seats, taken by 10 confirmed holders, with 200 people in line behind them. */
async function fullEventWithLine(db, stamp, n) {
  const { rows: [mentor] } = await db.query(
    `insert into users (email, role, first_name, last_name) values ($1, 'mentor', 'Бенч', 'Очередь') returning id`,
    [`bench.line.${stamp}.${n}@bench.forma`],
  );
  const { rows: [event] } = await db.query(
    `insert into events (mentor_id, title, starts_at, price, total_spots) values ($1, 'Бенч: лист ожидания', now() + interval '5 days', 1200, ${SEATS}) returning id`,
    [mentor.id],
  );
  const { rows: people } = await db.query(
    `insert into users (email, first_name) select 'bench.line.' || $1 || '.' || $2 || '.' || g || '@bench.forma', 'Участник'
     from generate_series(1, ${SEATS + LINE}) g returning id`,
    [stamp, n],
  );
  const holders = people.slice(0, SEATS).map((p) => p.id);
  await db.query(`insert into event_registrations (event_id, user_id, status, confirmed_at) select $1, unnest($2::int[]), 'confirmed', now()`, [event.id, holders]);
  await db.query(
    `insert into event_waitlist (event_id, user_id, created_at) select $1, id, now() - make_interval(secs => ${LINE} - n)
     from unnest($2::int[]) with ordinality as t(id, n)`,
    [event.id, people.slice(SEATS).map((p) => p.id)],
  );
  return { eventId: event.id, mentorId: mentor.id, holders };
}

async function counts(db, eventId) {
  const { rows: [row] } = await db.query(
    `select (select count(*) from event_waitlist where event_id = $1 and status = 'offered')::int as offered,
            (select count(*) from event_waitlist where event_id = $1 and status = 'offered' and notified_at is not null)::int as told,
            e.taken_spots as taken, e.total_spots as total
     from events e where e.id = $1`,
    [eventId],
  );
  return row;
}

/**
 * One release: the 10 holders leave at once (until the last answer), then the mentor adds 10 seats (one request).
 * Answers the times and what the database holds after each.
 */
async function release(appUrl, db, agent, stamp, n) {
  const { eventId, mentorId, holders } = await fullEventWithLine(db, stamp, n);
  const cookies = await Promise.all(holders.map((id) => sessionCookie(id, 'mentee')));
  const t = performance.now();
  const statuses = await Promise.all(holders.map((id, i) => request(agent, appUrl, 'POST', '/api/events/unregister/', cookies[i], { event_id: eventId })));
  const leaveMs = Math.round(performance.now() - t);
  const afterLeave = await counts(db, eventId);
  const mentorCookie = await sessionCookie(mentorId, 'mentor');
  const t2 = performance.now();
  const added = await request(agent, appUrl, 'PUT', `/api/events/UpdateEvent/?id=${eventId}`, mentorCookie, { total_spots: SEATS * 2 });
  const addMs = Math.round(performance.now() - t2);
  const afterAdd = await counts(db, eventId);
  return { leaveMs, left: statuses.filter((s) => s === 200).length, afterLeave, addMs, added, afterAdd };
}

/** A warm-up release, then three, each on an event of its own. */
export async function measureWaitlistRelease(appUrl, databaseUrl) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const agent = racersAgent();
  try {
    const stamp = Date.now().toString(36);
    const warmUp = await release(appUrl, db, agent, stamp, 0);
    const runs = [];
    for (let n = 1; n <= 3; n++) runs.push(await release(appUrl, db, agent, stamp, n));
    return { warmUp, runs };
  } finally {
    agent.destroy();
    await db.end();
  }
}
