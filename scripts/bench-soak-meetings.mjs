// Meeting rooms for the soak (bench-soak.mjs): rooms of 4 (an event's host and three people) over the signalling
// socket, without a browser, as bench-conference.mjs's relay does: each person sends a candidate to another every
// second, someone changes their media every 5 s, and every 30 s one of the three leaves and comes back. Timed: the
// join (socket opened to «welcome»), a signal's send to receipt, a media change until all others heard it.
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { signJoinToken } from '../worker/conferences/join-token.ts';
import { root } from './local-env.mjs';
import { sessionCookie } from './bench-session.mjs';

const WebSocket = createRequire(import.meta.url)('ws');
const secret = /^JWT_SECRET\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))[1];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** `rooms` events with a started room each and their four people (the first the host), written straight to Postgres. */
export async function meetingRooms(db, stamp, rooms = 5, people = 4) {
  const list = [];
  for (let r = 0; r < rooms; r++) {
    const { rows } = await db.query(
      `insert into users (email, role, first_name, last_name)
       select 'soak.room.' || $1 || '.' || $2 || '.' || g || '@bench.forma', case when g = 0 then 'mentor'::user_role else 'mentee'::user_role end, 'Участник', g::text
       from generate_series(0, $3 - 1) g returning id`,
      [stamp, r, people],
    );
    const ids = rows.map((x) => x.id);
    const { rows: [event] } = await db.query(
      `insert into events (mentor_id, title, starts_at, price, total_spots) values ($1, 'Комната нагрузки', now() + interval '3 minutes', 0, 10) returning id`,
      [ids[0]],
    );
    await db.query(`insert into event_registrations (event_id, user_id, status) select $1, unnest($2::int[]), 'confirmed'`, [event.id, ids.slice(1)]);
    await db.query(`insert into conferences (content_type, object_id, login, password, created_by, status, topology) values ('events', $1, $2, 'x', $3, 'started', 'mesh')`, [
      event.id,
      `soak-${event.id}`,
      ids[0],
    ]);
    list.push({ eventId: event.id, ids });
  }
  return list;
}

/** Runs the rooms until `stopAt` (benchClock-free: performance.now()); `rec` records timings and refusals. */
export async function runMeetings(appUrl, rooms, stopAt, rec) {
  const join = async (room, index) => {
    const id = room.ids[index];
    const token = await signJoinToken(secret, { userId: id, contentType: 'events', objectId: room.eventId, role: index === 0 ? 'host' : 'participant' });
    const url = `${appUrl.replace(/^http/, 'ws')}/ws/conferences/events/${room.eventId}/?token=${encodeURIComponent(token)}`;
    const t = performance.now();
    const ws = new WebSocket(url, { headers: { cookie: await sessionCookie(id, index === 0 ? 'mentor' : 'mentee'), origin: appUrl } });
    const person = { ws, self: null, handlers: new Set(), leaving: false };
    ws.on('message', (raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'welcome') {
        person.self = m.self.id;
        rec.timing('meeting: join (socket to welcome)', performance.now() - t);
      }
      for (const h of person.handlers) h(m);
    });
    ws.on('unexpected-response', (_req, res) => {
      rec.refused('meeting socket');
      res.resume();
    });
    ws.on('close', () => {
      if (!person.leaving && performance.now() < stopAt) rec.refused('meeting socket (dropped)');
    });
    ws.on('error', () => {});
    for (let i = 0; i < 100 && !person.self && ws.readyState <= 1; i++) await sleep(50);
    if (!person.self) rec.refused('meeting socket (no welcome)');
    return person;
  };
  const send = (p, message) => p.ws.readyState === 1 && p.ws.send(JSON.stringify(message));

  const runRoom = async (room) => {
    const people = [];
    for (let i = 0; i < room.ids.length; i++) people.push(await join(room, i));
    // every received signal with its send time in it is one timing
    const listen = (p) =>
      p.handlers.add((m) => {
        if (m.type !== 'signal') return;
        const t = /soak-t=([\d.]+)/.exec(m.data.candidate?.candidate ?? '');
        if (t) rec.timing('meeting: signal to a peer', performance.now() - Number(t[1]));
      });
    people.forEach(listen);
    let tick = 0;
    while (performance.now() < stopAt) {
      await sleep(1000);
      tick += 1;
      const live = people.filter((p) => p.self && p.ws.readyState === 1);
      for (const [i, p] of live.entries()) {
        const to = live[(i + 1 + Math.floor(Math.random() * (live.length - 1))) % live.length];
        if (to === p) continue;
        const candidate = `candidate:1 1 udp 2122260223 192.0.2.1 50000 typ host soak-t=${performance.now()}`;
        send(p, { type: 'signal', to: to.self, data: { kind: 'candidate', candidate: { candidate, sdpMid: '0', sdpMLineIndex: 0 } } });
        rec.count('meeting: signals sent');
      }
      if (tick % 5 === 0 && live.length > 1) {
        const [speaker, ...others] = live;
        const audio = tick % 10 === 0;
        const start = performance.now();
        let heard = 0;
        for (const o of others) {
          const h = (m) => {
            if (m.type === 'peer_updated' && m.peer.id === speaker.self && m.peer.audio === audio) {
              o.handlers.delete(h);
              if (++heard === others.length) rec.timing('meeting: media change heard by all', performance.now() - start);
            }
          };
          o.handlers.add(h);
        }
        send(speaker, { type: 'media', audio, video: true, screen: false });
      }
      if (tick % 30 === 0) {
        const index = 1 + Math.floor(Math.random() * (people.length - 1));
        const leaving = people[index];
        leaving.leaving = true;
        send(leaving, { type: 'leave' });
        leaving.ws.close();
        await sleep(2000);
        people[index] = await join(room, index);
        listen(people[index]);
      }
    }
    for (const p of people) {
      p.leaving = true;
      p.ws.close();
    }
  };
  await Promise.all(rooms.map(runRoom));
}
