// Postgres restarting in the middle of a burst of bookings (issue 14 point 9, decision 013 «The database away»):
// the Worker (real workerd, bundled from source) talks to a Postgres of its own through the WebSocket proxy, as in
// every local stack; while six callers book free slots back to back, Postgres is stopped (fast shutdown: open
// sessions terminated) and started again. Every answer is a 201 or a 503 with Retry-After in the envelope, every
// booking in the database is whole (the mentor's notice written in the same transaction), and every request that
// starts once Postgres is back succeeds.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../free-port.ts';
// @ts-expect-error plain ESM script without types
import { serve } from '../../scripts/run-app.mjs';
// @ts-expect-error plain ESM script without types
import { spawnServices } from '../../scripts/spawn-services.mjs';
// @ts-expect-error plain ESM script without types
import { sessionCookie } from '../../scripts/bench-session.mjs';

const MENTEES = 50; // bookings are limited to 30 an hour a person: 50 × 30 covers every slot
const SLOTS = 1500;
const CALLERS = 6;
/** How long the burst goes on once Postgres is back. */
const AFTER_RESTART_MS = 2000;

type Answer = { slot: number; startedAt: number; status: number; retryAfter: string | null; body: { id?: number; code?: string } };

let services: { ready: Promise<{ databaseUrl: string; wsProxy: string }>; stop: () => Promise<void>; restartPostgres: () => Promise<{ ms: number }> };
let app: { url: string; stop: () => Promise<void> };
let databaseUrl: string;

/** Runs `work` on a connection of its own (one held across the restart would be terminated by it). */
async function withDb<T>(work: (db: pg.Client) => Promise<T>): Promise<T> {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    return await work(db);
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  services = spawnServices({ stack: 'faults', fresh: true });
  const ready = await services.ready;
  const port = await freePort();
  app = await serve({ mode: 'source', stack: 'faults', port, inspectorPort: await freePort(), services: ready, environment: 'test', stdio: ['ignore', 'ignore', 'ignore'] });
  databaseUrl = ready.databaseUrl;
}, 180_000);

afterAll(async () => {
  await app?.stop();
  await services?.stop();
}, 60_000);

/**
 * SLOTS free one-hour slots from tomorrow, each of its own mentor (a mentee holds one free consultation with a mentor
 * at a time, decision 010), and MENTEES mentees; their ids.
 */
async function arrange(db: pg.Client) {
  const stamp = Date.now().toString(36);
  const mentors = await db.query<{ id: number }>(
    `insert into users (email, first_name, last_name, role)
     select 'mentor.' || $1 || '.' || i || '@test.forma', 'Наставник', 'Тестовый', 'mentor' from generate_series(1, $2) as i
     returning id`,
    [stamp, SLOTS],
  );
  const mentorIds = mentors.rows.map((r) => r.id);
  const slots = await db.query<{ id: number }>(
    `with types as (
       insert into consultation_types (mentor_id, name, costs)
       select m, 'Бесплатная встреча', 0 from unnest($1::int[]) as m
       returning id, mentor_id)
     insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
     select t.mentor_id, t.id, date_trunc('hour', now()) + interval '24 hours', date_trunc('hour', now()) + interval '25 hours'
     from types t order by t.mentor_id
     returning id`,
    [mentorIds],
  );
  const mentees = await db.query<{ id: number }>(
    `insert into users (email, first_name, last_name)
     select 'mentee.' || $1 || '.' || i || '@test.forma', 'Ученик', 'Тестовый' from generate_series(1, $2) as i
     returning id`,
    [stamp, MENTEES],
  );
  const cookies: string[] = await Promise.all(mentees.rows.map(({ id }) => sessionCookie(id, 'mentee')));
  return { mentorIds, slotIds: slots.rows.map((r) => r.id), cookies };
}

describe('Postgres restarting during a burst of bookings', () => {
  it('answers 201 or 503 with Retry-After, leaves every booking whole, and works again once it is back', { timeout: 180_000 }, async () => {
    const { mentorIds, slotIds, cookies } = await withDb(arrange);
    const answers: Answer[] = [];
    let next = 0;
    let stopAt = Infinity;
    const book = async (slot: number): Promise<Answer> => {
      const startedAt = performance.now();
      const res = await fetch(`${app.url}/api/consultation-bookings/create/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url, cookie: cookies[slot % MENTEES] },
        body: JSON.stringify({ consultation_type_slot: slotIds[slot], questions: '' }),
      });
      return { slot, startedAt, status: res.status, retryAfter: res.headers.get('retry-after'), body: await res.json() };
    };
    const caller = async () => {
      while (performance.now() < stopAt && next < SLOTS) answers.push(await book(next++));
    };
    const callers = Array.from({ length: CALLERS }, caller);

    // let the burst run, then restart Postgres under it
    while (answers.length < 40 && next < SLOTS) await new Promise((r) => setTimeout(r, 20));
    const restartStartedAt = performance.now();
    const { ms: restartMs } = await services.restartPostgres();
    const backAt = performance.now();
    stopAt = backAt + AFTER_RESTART_MS;
    await Promise.all(callers);

    const created = answers.filter((a) => a.status === 201);
    const unavailable = answers.filter((a) => a.status === 503);
    console.log(`[restart] ${answers.length} bookings sent, Postgres down for ${restartMs} ms: ${created.length} × 201, ${unavailable.length} × 503`);
    expect(next, 'the burst ran out of slots before Postgres was back').toBeLessThan(SLOTS);

    // each answer is a booking or the clear 503
    for (const a of answers) {
      if (a.status === 201) continue;
      expect(a.status, JSON.stringify(a)).toBe(503);
      expect(a.retryAfter).toBe('5');
      expect(a.body.code).toBe('database_unavailable');
    }
    expect(created.some((a) => a.startedAt < restartStartedAt), 'bookings went through before the restart').toBe(true);
    expect(unavailable.length, 'the restart hit requests in flight').toBeGreaterThan(0);
    // the next requests work: everything that started once Postgres was back went through
    const afterBack = answers.filter((a) => a.startedAt >= backAt);
    expect(afterBack.length).toBeGreaterThan(0);
    expect(afterBack.filter((a) => a.status !== 201)).toEqual([]);

    // nothing half-written: every booking stored has the mentor's notice of its own transaction, and every 201 is stored
    const stored = await withDb((db) => db.query<{ id: number; slot_id: number; notified: boolean }>(
      `select b.id, b.slot_id, exists (
         select 1 from notifications n where n.user_id = b.mentor_id and n.dedupe_key = 'booking_paid:' || b.id
       ) as notified
       from consultation_bookings b where b.mentor_id = any($1::int[])`,
      [mentorIds],
    ));
    expect(stored.rows.filter((b) => !b.notified)).toEqual([]);
    const storedIds = new Set(stored.rows.map((b) => b.id));
    expect(created.filter((a) => !storedIds.has(a.body.id!))).toEqual([]);
    // a 503 may come after a commit whose answer was lost, never the other way round
    expect(stored.rows.length).toBeGreaterThanOrEqual(created.length);
    expect(stored.rows.length).toBeLessThanOrEqual(answers.length);
    expect(new Set(stored.rows.map((b) => b.slot_id)).size).toBe(stored.rows.length);

    const health = await fetch(`${app.url}/api/health/`);
    expect(health.status).toBe(200);
  });
});
