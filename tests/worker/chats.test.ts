// Chats over REST: rooms, messages, paging, attachments, membership; decision 007.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { createUser } from '../factories.ts';
import { openRoom, say } from './chat-socket.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { call, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

async function pair() {
  const [mentee, mentor] = await Promise.all([createUser(t.db, { firstName: 'Анна', lastName: 'Ученица' }), createUser(t.db, { role: 'mentor', firstName: 'Борис', lastName: 'Ментор' })]);
  const roomId = await openRoom(asUser(mentee), mentor.id);
  return { mentee: asUser(mentee), mentor: asUser(mentor), roomId };
}

function multipart(fields: Record<string, string>, files: Array<{ name: string; bytes: Uint8Array<ArrayBuffer>; type?: string }> = []) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const f of files) form.append('files', new File([f.bytes], f.name, { type: f.type ?? 'application/octet-stream' }));
  return form;
}

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1]);
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>');

describe('rooms', () => {
  it('the same pair always gets the same room, from either side', async () => {
    const { mentee, mentor, roomId } = await pair();
    expect(await openRoom(mentee, mentor.id)).toBe(roomId);
    expect(await openRoom(mentor, mentee.id)).toBe(roomId);
    const [a, b] = await Promise.all([openRoom(mentee, mentor.id), openRoom(mentee, mentor.id)]);
    expect([a, b]).toEqual([roomId, roomId]);
  });

  it('refuses writing to oneself, an unknown user and a visitor', async () => {
    const me = asUser(await createUser(t.db));
    expect(await expectJson(send('POST', '/api/chats/with-user/', { user: me, body: { mentor_profile_id: me.id } }), 400)).toMatchObject({ code: 'validation_error' });
    expect(await expectJson(send('POST', '/api/chats/with-user/', { user: me, body: { mentor_profile_id: 2_147_000_000 } }), 404)).toMatchObject({ code: 'not_found' });
    expect(await expectJson(send('POST', '/api/chats/with-user/', { body: { mentor_profile_id: me.id } }), 401)).toMatchObject({ code: 'not_authenticated' });
  });

  it('lists rooms with the other person, the last message and the unread count', async () => {
    const { mentee, mentor, roomId } = await pair();
    await expectJson(say(mentor, roomId, 'Здравствуйте!'), 201);
    const second = await expectJson(say(mentor, roomId, 'Когда удобно созвониться?'), 201);
    const [room] = (await expectJson<any[]>(send('GET', '/api/chats/', { user: mentee }), 200)).filter((r) => r.roomId === roomId);
    expect(room).toMatchObject({
      roomId,
      roomName: 'Борис Ментор',
      users: [{ id: mentee.id, username: 'Анна Ученица' }, { id: mentor.id, username: 'Борис Ментор' }],
      lastMessage: { id: second.id, content: 'Когда удобно созвониться?', senderId: mentor.id, username: 'Борис Ментор' },
      unreadCount: 2,
    });
    // the sender has read their own messages
    const [mine] = await expectJson<any[]>(send('GET', '/api/chats/', { user: mentor }), 200);
    expect(mine).toMatchObject({ roomId, roomName: 'Анна Ученица', unreadCount: 0 });

    expect(await expectJson(send('POST', `/api/chats/${roomId}/read/`, { user: mentee, body: { message_id: second.id } }), 200)).toEqual({ last_read_message_id: second.id });
    expect(await expectJson(send('GET', `/api/chats/${roomId}/`, { user: mentee }), 200)).toMatchObject({ unreadCount: 0, otherLastReadMessageId: second.id });
    expect(await expectJson(send('GET', `/api/chats/${roomId}/`, { user: mentor }), 200)).toMatchObject({ otherLastReadMessageId: second.id });
  });

  it('deleting a room hides it for me only, until a new message arrives', async () => {
    const { mentee, mentor, roomId } = await pair();
    await expectJson(say(mentee, roomId, 'Привет'), 201);
    expect((await send('DELETE', `/api/chats/${roomId}/`, { user: mentee })).status).toBe(204);
    const ids = async (user: typeof mentee) => (await expectJson<any[]>(send('GET', '/api/chats/', { user }), 200)).map((r) => r.roomId);
    expect(await ids(mentee)).not.toContain(roomId);
    expect(await ids(mentor)).toContain(roomId);
    await expectJson(say(mentor, roomId, 'Вы тут?'), 201);
    expect(await ids(mentee)).toContain(roomId);
  });
});

describe('messages', () => {
  it('are stored and listed ascending; older pages with before, missed ones with after', async () => {
    const { mentee, mentor, roomId } = await pair();
    const sent = [];
    for (let i = 1; i <= 7; i++) sent.push(await expectJson(say(i % 2 ? mentee : mentor, roomId, `сообщение ${i}`), 201));
    const latest = await expectJson(send('GET', `/api/chats/${roomId}/messages/?limit=3`, { user: mentee }), 200);
    expect(latest.results.map((m: any) => m.content)).toEqual(['сообщение 5', 'сообщение 6', 'сообщение 7']);
    expect(latest.has_more).toBe(true);
    const older = await expectJson(send('GET', `/api/chats/${roomId}/messages/?limit=3&before=${sent[4].id}`, { user: mentee }), 200);
    expect(older.results.map((m: any) => m.content)).toEqual(['сообщение 2', 'сообщение 3', 'сообщение 4']);
    const oldest = await expectJson(send('GET', `/api/chats/${roomId}/messages/?limit=3&before=${sent[1].id}`, { user: mentee }), 200);
    expect(oldest).toMatchObject({ results: [{ content: 'сообщение 1' }], has_more: false });
    const missed = await expectJson(send('GET', `/api/chats/${roomId}/messages/?after=${sent[2].id}&limit=2`, { user: mentor }), 200);
    expect(missed.results.map((m: any) => m.id)).toEqual([sent[3].id, sent[4].id]);
    expect(missed.has_more).toBe(true);
    expect(sent[0]).toMatchObject({ chat_room: roomId, sender_id: mentee.id, sender_username: 'Анна Ученица', files: [], reply_to: null, edited_at: null, is_deleted: false });
  });

  it('refuse an empty message, an overlong one, a reply from another room and a wrong chat_room', async () => {
    const { mentee, roomId } = await pair();
    const other = await pair();
    const foreign = await expectJson(say(other.mentee, other.roomId, 'чужое'), 201);
    expect(await expectJson(say(mentee, roomId, '   '), 400)).toMatchObject({ detail: 'Сообщение не может быть пустым', fields: { content: 'Сообщение не может быть пустым' } });
    expect(await expectJson(say(mentee, roomId, 'я'.repeat(4001)), 400)).toMatchObject({ fields: { content: 'Сообщение не должно превышать 4000 символов' } });
    expect(await expectJson(say(mentee, roomId, 'ответ', { reply_to: foreign.id }), 400)).toMatchObject({ fields: { reply_to: 'Сообщение для ответа не найдено' } });
    expect(await expectJson(say(mentee, roomId, 'текст', { chat_room: other.roomId }), 400)).toMatchObject({ fields: { chat_room: expect.any(String) } });
  });

  it('reply, edit and delete: only the sender edits or deletes; a deleted message keeps its place', async () => {
    const { mentee, mentor, roomId } = await pair();
    const question = await expectJson(say(mentee, roomId, 'Сколько стоит?'), 201);
    const answer = await expectJson(say(mentor, roomId, '3000 ₽', { reply_to: question.id }), 201);
    expect(answer.reply_to).toEqual({ id: question.id, content: 'Сколько стоит?', sender_id: mentee.id, sender_username: 'Анна Ученица' });

    expect((await send('PATCH', `/api/chats/${roomId}/messages/${question.id}/`, { user: mentor, body: { content: 'подмена' } })).status).toBe(404);
    const edited = await expectJson(send('PATCH', `/api/chats/${roomId}/messages/${question.id}/`, { user: mentee, body: { content: 'Сколько стоит час?' } }), 200);
    expect(edited).toMatchObject({ content: 'Сколько стоит час?', edited_at: expect.any(String) });

    expect((await send('DELETE', `/api/chats/${roomId}/messages/${question.id}/`, { user: mentor })).status).toBe(404);
    expect(await expectJson(send('DELETE', `/api/chats/${roomId}/messages/${question.id}/`, { user: mentee }), 200)).toMatchObject({ is_deleted: true, content: '' });
    const { results } = await expectJson(send('GET', `/api/chats/${roomId}/messages/`, { user: mentor }), 200);
    expect(results.map((m: any) => [m.id, m.is_deleted])).toEqual([[question.id, true], [answer.id, false]]);
    expect(results[1].reply_to).toMatchObject({ id: question.id, content: null });
    expect((await send('PATCH', `/api/chats/${roomId}/messages/${question.id}/`, { user: mentee, body: { content: 'воскрес' } })).status).toBe(404);
  });

  it('refuse a sender over 60 messages a minute with 429, storing nothing; an outsider over it still gets 404', async () => {
    const { mentee, roomId } = await pair();
    const stranger = asUser(await createUser(t.db));
    await expectJson(send('POST', `/api/chats/${roomId}/messages/`, { user: mentee, body: { content: 'первое' } }), 201);
    const spa = await call(`/api/chats/${roomId}/messages/`, { method: 'POST', body: multipart({ content: 'второе', chat_room: roomId }), user: mentee });
    expect(spa.status).toBe(201);
    // the minute's counters as if both had sent 60 already (the window the limit counts in: the current minute)
    for (const user of [mentee, stranger]) {
      await t.db.execute(sql`
        insert into rate_limit_counters (key, window_start, count)
        values (${`chat-messages:user:${user.id}`}, to_timestamp(floor(extract(epoch from now()) / 60) * 60), 60)
        on conflict (key, window_start) do update set count = 60`);
    }
    const refused = await send('POST', `/api/chats/${roomId}/messages/`, { user: mentee, body: { content: 'шестьдесят первое' } });
    expect(refused.status).toBe(429);
    const body = (await refused.json()) as { code: string; detail: string };
    expect(body.code).toBe('rate_limited');
    // it says how long to wait (issue 35): the rest of the minute the limit counts in
    expect(body.detail).toMatch(/^Слишком много запросов\. Попробуйте через \d+ (сек|мин)\.$/);
    // the same as the SPA sends it (multipart without files), and an empty one: 429 before judging the body
    const form = await call(`/api/chats/${roomId}/messages/`, { method: 'POST', body: multipart({ content: 'шестьдесят второе', chat_room: roomId }), user: mentee });
    expect(form.status).toBe(429);
    expect((await send('POST', `/api/chats/${roomId}/messages/`, { user: mentee, body: { content: '' } })).status).toBe(429);
    expect((await send('POST', `/api/chats/${roomId}/messages/`, { user: stranger, body: { content: 'влезу' } })).status).toBe(404);
    const stored = await expectJson<{ results: { content: string }[] }>(send('GET', `/api/chats/${roomId}/messages/`, { user: mentee }), 200);
    expect(stored.results.map((m) => m.content)).toEqual(['первое', 'второе']);
  });

  it('outsiders get 404 for every call on a room, exactly like a missing room', async () => {
    const { roomId } = await pair();
    const stranger = asUser(await createUser(t.db));
    for (const [method, path, body] of [
      ['GET', `/api/chats/${roomId}/`],
      ['GET', `/api/chats/${roomId}/messages/`],
      ['POST', `/api/chats/${roomId}/messages/`, { content: 'влезу' }],
      // a body is judged only after the sender is known to be a member
      ['POST', `/api/chats/${roomId}/messages/`, { content: '   ' }],
      ['POST', `/api/chats/${roomId}/messages/`, { content: 'я'.repeat(4001) }],
      ['POST', `/api/chats/${roomId}/messages/`, { content: 'влезу', chat_room: 'другой' }],
      ['POST', `/api/chats/${roomId}/read/`, { message_id: 1 }],
      ['DELETE', `/api/chats/${roomId}/`],
    ] as const) {
      expect((await send(method, path, { user: stranger, body })).status, `${method} ${path}`).toBe(404);
    }
    expect((await send('GET', '/api/chats/not-a-room/messages/', { user: stranger })).status).toBe(404);
  });

  it('tells a member who is away: one bell notice per unread stretch, read with the room', async () => {
    const { mentee, mentor, roomId } = await pair();
    await expectJson(say(mentor, roomId, 'раз'), 201);
    const last = await expectJson(say(mentor, roomId, 'два'), 201);
    const notices = () => t.db.select().from(notifications).where(eq(notifications.userId, mentee.id));
    const stored = await notices();
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({ kind: 'chat_message', message: 'Борис Ментор: новое сообщение в чате.', isRead: false, payload: { roomId, url: `/ChatsPage?roomId=${roomId}` } });
    await expectJson(send('POST', `/api/chats/${roomId}/read/`, { user: mentee, body: { message_id: last.id } }), 200);
    expect((await notices())[0].isRead).toBe(true);
    await expectJson(say(mentor, roomId, 'три'), 201);
    expect(await notices()).toHaveLength(2);
  });
});

describe('a repeated send (Idempotency-Key)', () => {
  const post = (user: SessionUser, roomId: string, body: BodyInit, key?: string, json = false) =>
    call(`/api/chats/${roomId}/messages/`, {
      method: 'POST',
      user,
      body,
      headers: { ...(key ? { 'idempotency-key': key } : {}), ...(json ? { 'content-type': 'application/json' } : {}) },
    });
  const contents = async (user: SessionUser, roomId: string) =>
    (await expectJson<{ results: { id: number; content: string; files: unknown[] }[] }>(send('GET', `/api/chats/${roomId}/messages/`, { user }), 200)).results;

  it('answers the message stored the first time and stores nothing again, also when both arrive at once', async () => {
    const { mentee, mentor, roomId } = await pair();
    const key = crypto.randomUUID();
    const first = await expectJson(post(mentee, roomId, JSON.stringify({ content: 'один раз' }), key, true), 201);
    const again = await expectJson(post(mentee, roomId, JSON.stringify({ content: 'один раз' }), key, true), 201);
    expect(again).toEqual(first);
    // the same key at once, as the SPA sends it (multipart)
    const both = crypto.randomUUID();
    const [a, b] = await Promise.all([1, 2].map(() => post(mentee, roomId, multipart({ content: 'дважды?', chat_room: roomId }), both)));
    const [ma, mb] = await Promise.all([expectJson(a, 201), expectJson(b, 201)]);
    expect(ma.id).toBe(mb.id);
    // without a key, or with another, the same text is a new message; another sender's key is theirs
    await expectJson(post(mentee, roomId, JSON.stringify({ content: 'один раз' }), undefined, true), 201);
    await expectJson(post(mentor, roomId, JSON.stringify({ content: 'один раз' }), key, true), 201);
    expect((await contents(mentee, roomId)).map((m) => m.content)).toEqual(['один раз', 'дважды?', 'один раз', 'один раз']);
  });

  it('with files: the repeat\'s files are not kept', async () => {
    const { mentee, roomId } = await pair();
    const key = crypto.randomUUID();
    const form = () => multipart({ content: 'с файлом', chat_room: roomId }, [{ name: 'фото.png', bytes: PNG, type: 'image/png' }]);
    const first = await expectJson(post(mentee, roomId, form(), key), 201);
    const files = async () => (await t.db.execute(sql`select count(*)::int as n from uploaded_files where owner_id = ${mentee.id}`)).rows[0].n;
    expect(await files()).toBe(1);
    expect(await expectJson(post(mentee, roomId, form(), key), 201)).toEqual(first);
    expect(await files()).toBe(1);
    expect((await contents(mentee, roomId)).map((m) => m.content)).toEqual(['с файлом']);
  });

  it('refuses a key that is not a UUID, storing nothing', async () => {
    const { mentee, roomId } = await pair();
    const res = await post(mentee, roomId, JSON.stringify({ content: 'текст' }), 'repeat-1', true);
    expect(await expectJson(res, 400)).toMatchObject({ code: 'validation_error', detail: 'Некорректный ключ повторной отправки' });
    expect(await contents(mentee, roomId)).toEqual([]);
  });
});

describe('attachments', () => {
  it('are stored by content type, served to members only, inline only for images', async () => {
    const { mentee, mentor, roomId } = await pair();
    const res = await call(`/api/chats/${roomId}/messages/`, {
      method: 'POST',
      user: mentee,
      body: multipart({ content: 'файлы', chat_room: roomId }, [
        { name: 'фото.png', bytes: PNG, type: 'text/html' },
        { name: 'page.png', bytes: HTML, type: 'image/png' },
      ]),
    });
    const message = await expectJson(res, 201);
    expect(message.files).toMatchObject([
      { name: 'фото.png', size: PNG.length, type: 'image/png' },
      { name: 'page.png', size: HTML.length, type: 'text/plain' },
    ]);
    const image = await call(message.files[0].url, { user: mentor });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('content-disposition')).toMatch(/^inline/);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
    const page = await call(message.files[1].url, { user: mentor });
    expect(page.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(page.headers.get('content-disposition')).toMatch(/^attachment/);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    await page.arrayBuffer();

    const stranger = asUser(await createUser(t.db));
    expect((await call(message.files[0].url, { user: stranger })).status).toBe(404);
    expect((await call(message.files[0].url)).status).toBe(401);

    await expectJson(send('DELETE', `/api/chats/${roomId}/messages/${message.id}/`, { user: mentee }), 200);
    expect((await call(message.files[0].url, { user: mentor })).status).toBe(404);
  });

  it('refuses more than 5 files, a file over 10 MB and over 25 MB in all, storing nothing', async () => {
    const { mentee, roomId } = await pair();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.png`, bytes: PNG }));
    expect(await expectJson(call(`/api/chats/${roomId}/messages/`, { method: 'POST', user: mentee, body: multipart({ content: 'x' }, six) }), 400)).toMatchObject({ code: 'too_many_files' });
    const big = { name: 'big.bin', bytes: new Uint8Array(10 * 1024 * 1024 + 1) };
    expect(await expectJson(call(`/api/chats/${roomId}/messages/`, { method: 'POST', user: mentee, body: multipart({ content: 'x' }, [big]) }), 413)).toMatchObject({ code: 'file_too_large' });
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.bin`, bytes: new Uint8Array(9 * 1024 * 1024) }));
    expect(await expectJson(call(`/api/chats/${roomId}/messages/`, { method: 'POST', user: mentee, body: multipart({ content: 'x' }, three) }), 413)).toMatchObject({ code: 'files_too_large' });
    const { results } = await expectJson(send('GET', `/api/chats/${roomId}/messages/`, { user: mentee }), 200);
    expect(results).toEqual([]);
  });
});
