// An event's meeting through the SFU in real browsers: the e2e app is configured with an SFU whose API is the local
// relay of sfu-relay.ts (the fake's protocol, with a chromium page forwarding the media). The mentor opens the room
// and two registered participants join; each browser has one RTCPeerConnection, to the SFU, whatever the number of
// people, and decodes the video and receives the audio of both others through it; someone leaving has their tracks
// closed at the SFU by those who stay.
import { describe, expect, inject, it } from 'vitest';
import { signInWithSession, useBrowserAndDb } from './browser.ts';
import { relayPort, startSfuRelay } from './sfu-relay.ts';
import { connectionStates, peerConnectionCount, recordPeerConnections } from './webrtc.ts';
import { uniqueEmail } from '../factories.ts';

const appUrl = inject('appUrl');
const { db, openPage, browser } = useBrowserAndDb();

/** Inbound video streams with decoded frames, and audio packets, over the page's live connections. */
const received = (page: Awaited<ReturnType<typeof openPage>>) =>
  page.evaluate(async () => {
    let videos = 0;
    let packets = 0;
    for (const pc of (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number; packetsReceived?: number }) => {
        if (s.type !== 'inbound-rtp') return;
        if (s.kind === 'video' && (s.framesDecoded ?? 0) > 0) videos += 1;
        if (s.kind === 'audio') packets += s.packetsReceived ?? 0;
      });
    }
    return { videos, packets };
  });

describe('an event meeting through the SFU', () => {
  it('three people, one connection each to the SFU, everyone sees and hears the two others; a leaver’s tracks are closed', { timeout: 240_000 }, async () => {
    const relay = await startSfuRelay(browser(), relayPort(Number(new URL(appUrl).port)));
    try {
      const { rows: mentorRows } = await db.query<{ id: number }>(`select id from users where lower(email) = 'mentor@forma.test'`);
      const event = await db.query<{ id: number }>(
        `insert into events (mentor_id, title, starts_at, duration_minutes, price) values ($1, $2, now() + interval '10 minutes', 90, 0) returning id`,
        [mentorRows[0]!.id, `Большой семинар ${Date.now().toString(36)}`],
      );
      const eventId = event.rows[0]!.id;
      const emails = [uniqueEmail('sfu-a'), uniqueEmail('sfu-b')];
      for (const [i, email] of emails.entries()) {
        await db.query(`insert into users (email, first_name, last_name, role) values ($1, $2, 'Слушатель', 'mentee')`, [email, i === 0 ? 'Анна' : 'Борис']);
      }

      const [mentor, first, second] = await Promise.all([openPage(1280), openPage(390, 844), openPage(1280)]);
      const errors: string[] = [];
      for (const page of [mentor, first, second]) page.on('pageerror', (e) => errors.push(e.message));
      await Promise.all([mentor, first, second].map(recordPeerConnections));
      await signInWithSession(mentor, db, 'mentor@forma.test');
      for (const [i, page] of [first, second].entries()) {
        await signInWithSession(page, db, emails[i]!);
        const registered = await page.request.post(`${appUrl}/api/events/register_for_event/`, { data: { event_id: eventId }, headers: { origin: appUrl } });
        expect(registered.status(), await registered.text()).toBe(201);
      }

      const meetingUrl = `${appUrl}/event-conference/${eventId}`;
      for (const page of [mentor, first, second]) {
        await page.goto(meetingUrl);
        await page.getByRole('dialog', { name: 'Проверка оборудования' }).getByRole('button', { name: 'Продолжить' }).click({ timeout: 30_000 });
      }

      try {
        for (const page of [mentor, first, second]) {
          await expect.poll(() => received(page), { timeout: 60_000, interval: 500 }).toMatchObject({ videos: 2, packets: expect.toSatisfy((n: number) => n > 0) });
        }
      } catch (failure) {
        for (const page of [mentor, first, second]) console.log(JSON.stringify(await connectionStates(page)));
        console.log(JSON.stringify(await relay.connections()), JSON.stringify(relay.fake.requests.map((r) => `${r.method} ${r.path}`)));
        throw failure;
      }
      // one connection per browser, to the SFU: no mesh between them
      for (const page of [mentor, first, second]) expect(await peerConnectionCount(page)).toBe(1);
      const sessions = await relay.connections();
      expect(sessions).toHaveLength(3);
      expect(sessions.every((s) => s.state === 'connected')).toBe(true);
      // each session sends the four tracks of the two others
      expect(sessions.map((s) => s.senders)).toEqual([4, 4, 4]);

      // the second participant leaves: those who stay close the tracks they pulled from them
      const before = relay.fake.requests.filter((r) => r.path.endsWith('/tracks/close')).length;
      await second.getByRole('button', { name: 'Покинуть встречу' }).click();
      await expect.poll(() => relay.fake.requests.filter((r) => r.path.endsWith('/tracks/close')).length - before, { timeout: 10_000 }).toBe(2);
      await expect.poll(async () => (await relay.connections()).filter((s) => s.state === 'connected').map((s) => s.senders).sort(), { timeout: 10_000 }).toContain(2);
      await expect.poll(() => received(mentor), { timeout: 10_000 }).toMatchObject({ videos: 1 });

      expect(errors).toEqual([]);
      for (const page of [mentor, first, second]) await page.context().close();
    } finally {
      await relay.stop();
    }
  });
});
