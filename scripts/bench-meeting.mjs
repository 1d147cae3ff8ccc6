// The meeting for `npm run bench -- --only meeting`: a free consultation starting in ten minutes between two
// fresh people, both in Debian's chromium with a synthetic camera and microphone, signed in with access tokens
// (bench-session.mjs). The mentor opens the room once; the mentee then joins `runs` times: from the click on
// «Продолжить» in the equipment check to the first remote video frame decoded (getStats framesDecoded > 0),
// leaving between runs. The figure is what a person waits after saying they're ready.
import pg from 'pg';
import { chromium } from 'playwright-core';
import { ACCESS_COOKIE, signAccessToken } from '../worker/auth/access-token.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './local-env.mjs';

const secret = /^JWT_SECRET\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))[1];
const ARGS = [
  '--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync',
  '--no-first-run', '--disable-quic', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', '--allow-loopback-in-peer-connection',
];

/** Records every RTCPeerConnection of the page so the bench can read its stats. */
function recordPeerConnections() {
  const Original = window.RTCPeerConnection;
  const made = [];
  window.__pcs = made;
  window.RTCPeerConnection = class extends Original {
    constructor(config) {
      super(config);
      made.push(this);
    }
  };
}

const framesDecoded = () =>
  Promise.all(window.__pcs.filter((pc) => pc.connectionState !== 'closed').map((pc) => pc.getStats())).then((reports) => {
    let frames = 0;
    for (const report of reports) report.forEach((s) => s.type === 'inbound-rtp' && s.kind === 'video' && (frames += s.framesDecoded ?? 0));
    return frames;
  });

async function person(db, stamp, role) {
  const { rows } = await db.query(`insert into users (email, role, first_name, last_name) values ($1, $2, 'Бенч', $3) returning id`, [
    `bench.meeting.${role}.${stamp}@bench.forma`,
    role,
    role === 'mentor' ? 'Ментор' : 'Ученик',
  ]);
  return rows[0].id;
}

async function signedInPage(browser, url, id, role) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'ru-RU' });
  await context.addCookies([{ name: ACCESS_COOKIE, value: await signAccessToken({ id, role }, secret), url, httpOnly: true, sameSite: 'Lax' }]);
  await context.addInitScript(recordPeerConnections);
  return context.newPage();
}

const continueButton = (page) => page.getByRole('dialog', { name: 'Проверка оборудования' }).getByRole('button', { name: 'Продолжить' });

export async function meetingBench(appUrl, databaseUrl, { runs = 10 } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ARGS });
  try {
    const stamp = Date.now().toString(36);
    const [mentorId, menteeId] = [await person(db, stamp, 'mentor'), await person(db, stamp, 'mentee')];
    const { rows: [type] } = await db.query(`insert into consultation_types (mentor_id, name, costs) values ($1, 'Бенч-созвон', 0) returning id`, [mentorId]);
    const { rows: [slot] } = await db.query(
      `insert into consultation_slots (mentor_id, consultation_type_id, starts_at, ends_at)
       values ($1, $2, now() + interval '10 minutes', now() + interval '70 minutes') returning id`,
      [mentorId, type.id],
    );
    const { rows: [booking] } = await db.query(
      `insert into consultation_bookings (slot_id, mentee_id, mentor_id, consultation_type_id, status, price, paid_at)
       values ($1, $2, $3, $4, 'paid', 0, now()) returning id`,
      [slot.id, menteeId, mentorId, type.id],
    );
    const meetingUrl = `${appUrl}/booking-conference/${booking.id}`;
    const mentor = await signedInPage(browser, appUrl, mentorId, 'mentor');
    await mentor.goto(meetingUrl);
    await continueButton(mentor).click({ timeout: 30_000 });
    await mentor.getByTestId('waiting-for-peers').waitFor({ timeout: 30_000 });

    const times = [];
    for (let i = 0; i < runs; i++) {
      const mentee = await signedInPage(browser, appUrl, menteeId, 'mentee');
      await mentee.goto(meetingUrl);
      const ready = continueButton(mentee);
      await ready.waitFor({ timeout: 30_000 });
      await mentee.waitForFunction(() => !document.querySelector('[role="dialog"] button:disabled'), null, { timeout: 30_000 });
      const clicked = performance.now();
      await ready.click();
      await mentee.waitForFunction(framesDecoded, null, { timeout: 60_000, polling: 20 });
      times.push(performance.now() - clicked);
      await mentee.getByRole('button', { name: 'Покинуть встречу' }).click();
      await mentee.context().close();
      // the mentor's side forgets the link before the next join
      await mentor.getByTestId('waiting-for-peers').waitFor({ timeout: 30_000 });
    }
    times.sort((a, b) => a - b);
    const mid = times.length / 2;
    const median = times.length % 2 ? times[Math.floor(mid)] : (times[mid - 1] + times[mid]) / 2;
    return { runs, median: Math.round(median), min: Math.round(times[0]), max: Math.round(times[times.length - 1]) };
  } finally {
    await browser.close();
    await db.end();
  }
}
