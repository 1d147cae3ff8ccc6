// The soak's people and things (bench-soak.mjs), made before the clock starts: mentors with a paid consultation type
// and a year of weekly slots (through the API, as a mentor makes them), mentees, free and paid events, a chat of 100
// and small chats of two, and the ids visitors browse among.
import pg from 'pg';
import { weekdaySeries } from './bench-bookings.mjs';
import { sessionCookie } from './bench-session.mjs';

const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

async function api(appUrl, method, urlPath, cookie, body) {
  const res = await fetch(`${appUrl}${urlPath}`, {
    method,
    headers: { 'content-type': 'application/json', origin: appUrl, cookie },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${method} ${urlPath}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

export async function soakSetup(appUrl, databaseUrl, { mentees: menteeCount = 120, mentors: mentorCount = 6, smallChats = 5, ttlSeconds } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const stamp = Date.now().toString(36);
    const { rows: mentors } = await db.query(
      `insert into users (email, role, first_name, last_name, time_zone, phone)
       select 'soak.mentor.' || $1 || '.' || g || '@bench.forma', 'mentor', 'Ментор', g::text, 'Europe/Moscow', '+7900' || lpad(g::text, 7, '0')
       from generate_series(1, $2::int) g returning id`,
      [stamp, mentorCount],
    );
    const { rows: mentees } = await db.query(
      `insert into users (email, first_name, last_name) select 'soak.mentee.' || $1 || '.' || g || '@bench.forma', 'Ученик', g::text
       from generate_series(1, $2::int) g returning id`,
      [stamp, menteeCount],
    );
    // a mentor's consultation type and two weekly series a year ahead, from day 9 (a cancellation then is refunded in full)
    for (const m of mentors) {
      m.cookie = await sessionCookie(m.id, 'mentor', ttlSeconds);
      const type = await api(appUrl, 'POST', '/api/consultation-types/create/', m.cookie, { name: 'Разбор проекта', duration_minutes: 60, costs: 1500 });
      m.typeId = type.id;
      for (const hour of ['10', '14']) {
        const start = new Date(`${day(9)}T${hour}:00:00+03:00`);
        await api(appUrl, 'POST', '/api/consultation-type-slots/create_recurrent_slots/', m.cookie, weekdaySeries(type.id, start));
      }
    }
    const { rows: slots } = await db.query(
      `select id, mentor_id, consultation_type_id from consultation_slots where consultation_type_id = any($1::int[]) and starts_at > now() + interval '8 days' order by random()`,
      [mentors.map((m) => m.typeId)],
    );
    // events of the soak's mentors, two weeks ahead, without a seat limit: half free, half paid
    const { rows: events } = await db.query(
      `insert into events (mentor_id, title, description, category, starts_at, duration_minutes, price, total_spots)
       select ($1::int[])[1 + g % array_length($1::int[], 1)], 'Встреча нагрузки № ' || g, '<p>Разбор вопросов</p>', 'Хобби',
              now() + interval '14 days' + g * interval '1 hour', 60, case when g % 2 = 0 then 0 else 900 end, 0
       from generate_series(1, 20) g returning id, price`,
      [mentors.map((m) => m.id)],
    );
    // a chat of 100 people and chats of two (a mentee and a mentor)
    const { rows: members } = await db.query(
      `insert into users (email, first_name, last_name) select 'soak.chat.' || $1 || '.' || g || '@bench.forma', 'Участник', g::text
       from generate_series(1, 100) g returning id`,
      [stamp],
    );
    // a room of 100 as the chat bench makes it (bench-chat.mjs): the product's rooms are of two, the room takes any number
    const bigRoom = (await db.query('insert into chat_rooms default values returning id')).rows[0].id;
    await db.query('insert into chat_members (room_id, user_id) select $1, unnest($2::int[])', [bigRoom, members.map((r) => r.id)]);
    const small = [];
    for (let i = 0; i < smallChats; i++) {
      const pair = [mentees[i].id, mentors[i % mentors.length].id];
      const room = (await db.query('insert into chat_rooms default values returning id')).rows[0].id;
      await db.query('insert into chat_members (room_id, user_id) select $1, unnest($2::int[])', [room, pair]);
      small.push({ roomId: room, members: pair });
    }
    // what visitors open: any mentor's page, any event's page
    const { rows: [range] } = await db.query(`select min(id) lo, max(id) hi from events where is_public and not is_canceled`);
    const { rows: mentorIds } = await db.query(`select id from users where role = 'mentor' order by id`);
    for (const m of mentees) m.cookie = await sessionCookie(m.id, 'mentee', ttlSeconds);
    const memberCookies = await Promise.all(members.map((r) => sessionCookie(r.id, 'mentee', ttlSeconds)));
    return {
      stamp,
      mentors,
      mentees,
      slots,
      events: events.map((e) => ({ id: e.id, paid: e.price > 0 })),
      bigRoom: { roomId: bigRoom, members: members.map((r, i) => ({ id: r.id, cookie: memberCookies[i] })) },
      small,
      eventIds: { lo: Number(range.lo), hi: Number(range.hi) },
      mentorIds: mentorIds.map((r) => r.id),
    };
  } finally {
    await db.end();
  }
}
