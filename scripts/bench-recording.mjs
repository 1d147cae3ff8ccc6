// `npm run bench -- --only recording` (issue 36, decision 019): what recording a meeting costs its host. A meeting of 2
// (a consultation: the mentor and a mentee) and of 4 (an event: the mentor and three registered mentees), each once
// with recording off and once on, in Debian's chromium with a synthetic camera and microphone. The host has a browser
// of its own, so its whole process tree's CPU (/proc: browser, renderer, GPU and media processes) is the host's, and
// its page's renderer main-thread time comes from CDP Performance.getMetrics (TaskDuration); the guests share another
// browser. Upload is the recording's bytes the server stored, per minute of recording.
import pg from 'pg';
import { chromium } from 'playwright-core';
import { sessionCookie } from './bench-session.mjs';
import { BENCH_CHROMIUM_ARGS as ARGS, treeTicks } from './bench-browser-cpu.mjs';

const HZ = 100; // USER_HZ on Linux
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const JOIN_TIMEOUT_MS = 120_000;

async function person(db, stamp, role, i) {
  const { rows } = await db.query(`insert into users (email, role, first_name, last_name) values ($1, $2, 'Бенч', $3) returning id`, [
    `bench.recording.${role}.${i}.${stamp}@bench.forma`,
    role,
    role === 'mentor' ? 'Ведущий' : `Гость ${i}`,
  ]);
  return rows[0].id;
}

/** A meeting of `size` people starting in 10 minutes: a consultation for 2, an event for more; recorded or not. */
async function meeting(db, size, recorded) {
  const stamp = `${Date.now().toString(36)}${size}${recorded ? 'r' : 'n'}`;
  const mentorId = await person(db, stamp, 'mentor', 0);
  const guests = [];
  for (let i = 1; i < size; i++) guests.push(await person(db, stamp, 'mentee', i));
  if (size === 2) {
    const { rows: [type] } = await db.query(`insert into consultation_types (mentor_id, name, costs, is_recorded) values ($1, 'Бенч-запись', 0, $2) returning id`, [mentorId, recorded]);
    const { rows: [slot] } = await db.query(
      `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at) values ($1, $2, now() + interval '10 minutes', now() + interval '70 minutes') returning id`,
      [mentorId, type.id],
    );
    const { rows: [booking] } = await db.query(
      `insert into consultation_bookings (slot_id, mentee_id, mentor_id, consultation_type_id, status, price, paid_at) values ($1, $2, $3, $4, 'paid', 0, now()) returning id`,
      [slot.id, guests[0], mentorId, type.id],
    );
    return { mentorId, guests, path: `/booking-conference/${booking.id}`, contentType: 'consultationbooking', objectId: booking.id };
  }
  const { rows: [event] } = await db.query(
    `insert into events (mentor_id, title, starts_at, price, total_spots, is_recorded) values ($1, 'Бенч-запись', now() + interval '10 minutes', 0, $2, $3) returning id`,
    [mentorId, size - 1, recorded],
  );
  for (const guest of guests) await db.query(`insert into event_registrations (event_id, user_id, status) values ($1, $2, 'confirmed')`, [event.id, guest]);
  return { mentorId, guests, path: `/event-conference/${event.id}`, contentType: 'events', objectId: event.id };
}

async function join(browser, appUrl, path, id, role) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  const [name, value] = (await sessionCookie(id, role)).split('=');
  await context.addCookies([{ name, value, url: appUrl, httpOnly: true, sameSite: 'Lax' }]);
  const page = await context.newPage();
  // generous: with four chromiums and the server on a shared 2-core box a page load took over 30 s (the default)
  await page.goto(`${appUrl}${path}`, { timeout: JOIN_TIMEOUT_MS });
  await page.getByRole('dialog', { name: 'Проверка оборудования' }).getByRole('button', { name: 'Продолжить' }).click({ timeout: JOIN_TIMEOUT_MS });
  return page;
}

async function one(appUrl, db, size, recorded, seconds) {
  const m = await meeting(db, size, recorded);
  const server = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  const hostBrowser = await chromium.connect(server.wsEndpoint());
  const guestBrowser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const host = await join(hostBrowser, appUrl, m.path, m.mentorId, 'mentor');
    for (const guest of m.guests) await join(guestBrowser, appUrl, m.path, guest, 'mentee');
    await host.waitForFunction((n) => document.querySelectorAll('[data-testid="remote-video"]').length >= n, size - 1, { timeout: JOIN_TIMEOUT_MS });
    if (recorded) await host.getByTestId('recording-badge').waitFor({ timeout: JOIN_TIMEOUT_MS });
    await sleep(3000);
    const cdp = await host.context().newCDPSession(host);
    await cdp.send('Performance.enable');
    const task = async () => (await cdp.send('Performance.getMetrics')).metrics.find((x) => x.name === 'TaskDuration').value;
    const sizeOf = async () =>
      Number((await db.query(`select coalesce(sum(size_bytes), 0) as s from meeting_recordings where content_type = $1 and object_id = $2`, [m.contentType, m.objectId])).rows[0].s);
    const pid = server.process().pid;
    const [ticks0, task0, bytes0, t0] = [treeTicks(pid), await task(), await sizeOf(), performance.now()];
    await sleep(seconds * 1000);
    const [ticks1, task1, bytes1, t1] = [treeTicks(pid), await task(), await sizeOf(), performance.now()];
    const wall = (t1 - t0) / 1000;
    // still in the room: the room's own «Покинуть встречу» is on screen (a host whose room ended has none). Read at once,
    // not by clicking with a deadline: on a loaded machine a click on a busy page can miss 5 s and read as «left».
    const leave = host.getByRole('button', { name: 'Покинуть встречу' });
    const left = await leave.isVisible().catch(() => false);
    // leaving is cleanup, not the measurement
    if (left) await leave.click({ timeout: 30_000 }).catch(() => {});
    return {
      participants: size,
      recording: recorded ? 'on' : 'off',
      'host browser, cores': ((ticks1 - ticks0) / HZ / wall).toFixed(2),
      'host page main thread, s/s': ((task1 - task0) / wall).toFixed(3),
      'upload, KB/min': Math.round(((bytes1 - bytes0) / 1024 / wall) * 60),
      'host still in the room': left,
    };
  } finally {
    await guestBrowser.close();
    await hostBrowser.close();
    await server.close();
  }
}

/** `onRow` hears each meeting's figures as soon as they are measured, so a later meeting that fails loses no earlier one. */
export async function recordingBench(appUrl, databaseUrl, { sizes = [2, 4], seconds = 60, onRow = () => {} } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const rows = [];
    for (const size of sizes) {
      for (const recorded of [false, true]) {
        rows.push(await one(appUrl, db, size, recorded, seconds));
        onRow(rows.at(-1));
        await sleep(1000);
      }
    }
    return rows;
  } finally {
    await db.end();
  }
}
