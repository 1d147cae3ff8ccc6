// The support chat: one room per person, opened idempotently; admins take rooms up from the inbox and answer
// through the ordinary chat calls; nobody else reads a support room.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatRooms } from '../../drizzle/schema/chats.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { createUser } from '../factories.ts';
import { joinRoom, openRoom, say } from './chat-socket.ts';
import { call, useTestDb } from './helpers.ts';
import type { InferResponseType } from 'hono/client';
import { asUser, expectJson } from './json-api.ts';
import { api, apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();

/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: SessionUser) => apiAs(user, { trailingSlash: true });
const openSupport = async (user: SessionUser) => (await expectOk(as(user).support.chat.$post(), 200)).roomId;
const rooms = (user: SessionUser) => expectOk(as(user).chats.$get(), 200);
const room = (user: SessionUser) => as(user).chats[':roomId'];
const inbox = (user: SessionUser | undefined, query: { limit?: string } = {}) => as(user).support.rooms.$get({ query });
const join = (user: SessionUser, roomId: string) => as(user).support.rooms[':roomId'].join.$post({ param: { roomId } });
type Message = InferResponseType<(typeof api.chats)[':roomId']['messages']['$post'], 201>;
/** say() posts JSON or multipart, which the route reads itself (no validator types its body), so it is sent as it is; its answer is typed here */
const said = (res: Promise<Response>) => expectJson<Message>(res, 201);

async function people() {
  const [person, admin, otherAdmin, stranger] = await Promise.all([
    createUser(t.db, { firstName: 'Анна', lastName: 'Клиентова' }),
    createUser(t.db, { role: 'admin', firstName: 'Ирина', lastName: 'Админова' }),
    createUser(t.db, { role: 'admin', firstName: 'Олег', lastName: 'Дежурный' }),
    createUser(t.db, { role: 'mentor', firstName: 'Пётр', lastName: 'Чужой' }),
  ]);
  return { person: asUser(person), admin: asUser(admin), otherAdmin: asUser(otherAdmin), stranger: asUser(stranger) };
}

describe('opening the support chat', () => {
  it('gives each person one room, the same on every call, also when the calls race', async () => {
    const { person } = await people();
    const ids = await Promise.all(Array.from({ length: 8 }, () => openSupport(person)));
    expect(new Set(ids).size).toBe(1);
    expect(await openSupport(person)).toBe(ids[0]);
    const stored = await t.db.select().from(chatRooms).where(eq(chatRooms.supportUserId, person.id));
    expect(stored).toMatchObject([{ id: ids[0], kind: 'support', directKey: null }]);
  });

  it('is for signed-in people only', async () => {
    expect(await expectError(as().support.chat.$post(), 401)).toMatchObject({ code: 'not_authenticated' });
  });

  it('shows in the person\'s chat list as «Поддержка Формы», with no second user to link to', async () => {
    const { person, stranger } = await people();
    const roomId = await openSupport(person);
    // beside an ordinary direct room, which keeps its shape
    const directId = await openRoom(person, stranger.id);
    const list = await rooms(person);
    expectMatch(list.find((r) => r.roomId === roomId), {
      roomName: 'Поддержка Формы',
      avatar: null,
      users: [{ id: person.id, username: 'Анна Клиентова' }],
      lastMessage: null,
      unreadCount: 0,
    });
    expect(list.find((r) => r.roomId === roomId)!.users).toHaveLength(1);
    expectMatch(list.find((r) => r.roomId === directId), { roomName: 'Пётр Чужой', users: [{ id: person.id }, { id: stranger.id }] });
    expectMatch(await expectOk(room(person).$get({ param: { roomId } }), 200), { roomName: 'Поддержка Формы' });
  });

  it('brings a room the person deleted from their list back', async () => {
    const { person } = await people();
    const roomId = await openSupport(person);
    expect((await room(person).$delete({ param: { roomId } })).status).toBe(204);
    expect((await rooms(person)).map((r) => r.roomId)).not.toContain(roomId);
    expect(await openSupport(person)).toBe(roomId);
    expect((await rooms(person)).map((r) => r.roomId)).toContain(roomId);
  });
});

describe('the admins\' inbox', () => {
  it('is for admins only: 401 for a visitor, 403 for anyone else, in the envelope', async () => {
    const { person, stranger } = await people();
    expect(await expectError(inbox(undefined), 401)).toMatchObject({ code: 'not_authenticated' });
    expect(await expectError(inbox(person), 403)).toMatchObject({ code: 'forbidden', detail: expect.any(String) });
    expect(await expectError(inbox(stranger), 403)).toMatchObject({ code: 'forbidden' });
    const roomId = await openSupport(person);
    expect(await expectError(join(stranger, roomId), 403)).toMatchObject({ code: 'forbidden' });
  });

  it('lists rooms with a message, newest first, with the person, the last message and the team\'s unread count', async () => {
    const { person, admin } = await people();
    const other = asUser(await createUser(t.db, { firstName: 'Борис', lastName: 'Второй' }));
    const silent = asUser(await createUser(t.db));
    const roomId = await openSupport(person);
    const otherRoom = await openSupport(other);
    const silentRoom = await openSupport(silent);
    await said(say(person, roomId, 'Не могу оплатить'));
    await said(say(person, roomId, 'Карта не проходит'));
    await said(say(other, otherRoom, 'Вопрос'));
    const { results, has_more } = await expectOk(inbox(admin, { limit: '100' }), 200);
    const ids = results.map((r) => r.roomId);
    expect(ids).not.toContain(silentRoom);
    expect(ids.indexOf(otherRoom)).toBeLessThan(ids.indexOf(roomId));
    expect(has_more).toBe(false);
    expectMatch(results.find((r) => r.roomId === roomId), {
      user: { id: person.id, name: 'Анна Клиентова' },
      lastMessage: { content: 'Карта не проходит', senderId: person.id, from_user: true },
      unreadCount: 2,
      joined: false,
    });
    const page = await expectOk(inbox(admin, { limit: '1' }), 200);
    expect(page.results).toHaveLength(1);
    expect(page.has_more).toBe(true);
    expect(await expectError(inbox(admin, { limit: 'abc' }), 400)).toMatchObject({ code: 'validation_error', fields: { limit: expect.any(String) } });
  });

  it('any admin takes a room up, reads and answers it; the reply reaches the person as «Поддержка Формы»', async () => {
    const { person, admin, otherAdmin } = await people();
    const roomId = await openSupport(person);
    const question = await said(say(person, roomId, 'Как вернуть деньги?'));
    const messages = (user: SessionUser) => room(user).messages.$get({ param: { roomId }, query: {} });
    // not a member yet: the chat calls answer like for a missing room
    expect((await messages(admin)).status).toBe(404);
    expect(await expectOk(join(admin, roomId), 200)).toEqual<{ roomId: string }>({ roomId });
    // twice is fine
    expect(await expectOk(join(admin, roomId), 200)).toEqual<{ roomId: string }>({ roomId });
    const history = await expectOk(messages(admin), 200);
    expect(history.results.map((m) => m.id)).toEqual([question.id]);
    // the admin's own chat list names the room after the person
    expectMatch((await rooms(admin)).find((r) => r.roomId === roomId), { roomName: 'Анна Клиентова', users: [{ id: admin.id }, { id: person.id }], unreadCount: 1 });

    const answer = await said(say(admin, roomId, 'Отмените запись в расписании'));
    expectMatch((await expectOk(inbox(admin, { limit: '100' }), 200)).results.find((r) => r.roomId === roomId), {
      unreadCount: 0,
      joined: true,
      lastMessage: { id: answer.id, from_user: false },
    });
    // a second admin sees the room answered, and may join and answer too
    expectMatch((await expectOk(inbox(otherAdmin, { limit: '100' }), 200)).results.find((r) => r.roomId === roomId), { unreadCount: 0, joined: false });
    await expectOk(join(otherAdmin, roomId), 200);
    await said(say(otherAdmin, roomId, 'Если не получится — напишите'));

    const mine = (await rooms(person)).find((r) => r.roomId === roomId)!;
    expectMatch(mine, { roomName: 'Поддержка Формы', unreadCount: 2, users: [{ id: person.id }] });
    expect(mine.users).toHaveLength(1);
    const notices = await t.db.select().from(notifications).where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'chat_message')));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ message: 'Поддержка Формы: новое сообщение в чате.', payload: { roomId, url: `/ChatsPage?roomId=${roomId}` } });
    // the person reads: the team sees it as read (how far the person read)
    await expectOk(room(person).read.$post({ param: { roomId }, json: { message_id: answer.id + 1000 } }), 200);
    expect((await rooms(admin)).find((r) => r.roomId === roomId)!.otherLastReadMessageId).toBeGreaterThan(answer.id);
    // the person's «seen» marks follow whoever of the team read furthest
    expect(mine.otherLastReadMessageId).toBeGreaterThanOrEqual(answer.id);
  });

  it('nobody else reads or writes a support room, and join refuses rooms that are not support rooms', async () => {
    const { person, admin, stranger } = await people();
    const roomId = await openSupport(person);
    await said(say(person, roomId, 'Секрет'));
    const theirs = room(stranger);
    for (const res of [theirs.$get({ param: { roomId } }), theirs.messages.$get({ param: { roomId }, query: {} }), theirs.read.$post({ param: { roomId }, json: { message_id: 1 } })]) {
      expect(await expectError(res, 404)).toMatchObject({ code: 'not_found' });
    }
    expect(await expectJson(say(stranger, roomId, 'Я тоже тут'), 404)).toMatchObject({ code: 'not_found' });
    expect((await rooms(stranger)).map((r) => r.roomId)).not.toContain(roomId);
    const directId = await openRoom(person, stranger.id);
    expect(await expectError(join(admin, directId), 404)).toMatchObject({ code: 'not_found' });
    expect((await join(admin, 'not-a-room')).status).toBe(404);
    expect((await join(admin, crypto.randomUUID())).status).toBe(404);
  });
});

describe('who the person sees answering (issue 34: the support chat revealed which accounts are admins)', () => {
  it('never shows the person an admin\'s id or name: not in messages, replies, the room list, files, read marks or typing', async () => {
    const { person, admin, otherAdmin } = await people();
    const roomId = await openSupport(person);
    const question = await said(say(person, roomId, 'Здравствуйте'));
    await expectOk(join(admin, roomId), 200);
    await expectOk(join(otherAdmin, roomId), 200);
    const personLive = await joinRoom(roomId, person);
    const adminLive = await joinRoom(roomId, otherAdmin);

    // an admin answers, quoting the person; a second one quotes the first
    const answer = await said(say(admin, roomId, 'Добрый день', { reply_to: question.id }));
    const second = await said(say(otherAdmin, roomId, 'Дополню', { reply_to: answer.id }));
    const adminIds = [admin.id, otherAdmin.id];
    const leaks = (value: unknown) => {
      const text = JSON.stringify(value);
      return adminIds.some((id) => new RegExp(`"(sender_id|senderId|user_id)":${id}\\b`).test(text)) || /Ирина|Админова|Олег|Дежурный/.test(text);
    };

    // REST: the history as the person reads it
    const history = await expectOk(room(person).messages.$get({ param: { roomId }, query: {} }), 200);
    expect(leaks(history)).toBe(false);
    expectMatch(history.results.find((m) => m.id === second.id), { sender_id: null, sender_username: 'Поддержка Формы', reply_to: { id: answer.id, sender_id: null, sender_username: 'Поддержка Формы' } });
    // the person's own message keeps their name; a reply quoting them keeps it too
    expectMatch(history.results.find((m) => m.id === question.id), { sender_id: person.id, sender_username: 'Анна Клиентова' });
    expectMatch(history.results.find((m) => m.id === answer.id), { sender_id: null, reply_to: { sender_id: person.id } });
    // the admins still see each other as they are
    const theirs = await expectOk(room(admin).messages.$get({ param: { roomId }, query: {} }), 200);
    expectMatch(theirs.results.find((m) => m.id === second.id), { sender_id: otherAdmin.id, sender_username: 'Олег Дежурный' });

    // the room list and the single room
    const listed = (await rooms(person)).find((r) => r.roomId === roomId)!;
    expect(leaks(listed)).toBe(false);
    expectMatch(listed.lastMessage, { id: second.id, senderId: null, username: 'Поддержка Формы' });
    expect(leaks(await expectOk(room(person).$get({ param: { roomId } }), 200))).toBe(false);

    // a file from the team, as «Загрузки» lists it
    const form = new FormData();
    form.set('content', 'Инструкция');
    form.append('files', new File([new TextEncoder().encode('%PDF-1.4\n%\n')], 'guide.pdf', { type: 'application/pdf' }));
    expect((await call(`/api/chats/${roomId}/messages/`, { method: 'POST', body: form, user: admin })).status).toBe(201);
    const files = await expectJson<{ results: { sender: unknown }[] }>(call('/api/downloads/chat-files/', { user: person }), 200);
    expect(files.results[0]!.sender).toEqual({ id: null, name: 'Поддержка Формы' });
    expect(leaks(files)).toBe(false);

    // live: the messages, an edit, the team's read mark and typing reach the person without a name or an id
    await expectOk(room(admin).read.$post({ param: { roomId }, json: { message_id: question.id } }), 200);
    await expectOk(room(otherAdmin).messages[':messageId'].$patch({ param: { roomId, messageId: String(second.id) }, json: { content: 'Дополню ещё' } }), 200);
    adminLive.ws.send(JSON.stringify({ type: 'typing' }));
    await personLive.waitFor((m) => m.type === 'typing');
    await personLive.waitFor((m) => m.type === 'read');
    await personLive.waitFor((m) => m.type === 'message_updated');
    await personLive.waitFor((m) => m.type === 'message', 3);
    expect(leaks(personLive.received)).toBe(false);
    expect(personLive.received.find((m) => m.type === 'typing')).toEqual({ type: 'typing', user_id: null });
    // the admins' own sockets get the real ids
    await adminLive.waitFor((m) => m.type === 'message' && m.message.sender_id === admin.id);
    // and the person's own doing stays theirs, for the team too
    personLive.ws.send(JSON.stringify({ type: 'typing' }));
    await adminLive.waitFor((m) => m.type === 'typing' && m.user_id === person.id);
    personLive.ws.close();
    adminLive.ws.close();
  });

  it('a client cannot claim the person\'s view for itself: the header is the Worker\'s', async () => {
    const { person, admin } = await people();
    const roomId = await openSupport(person);
    await said(say(person, roomId, 'Вопрос'));
    await expectOk(join(admin, roomId), 200);
    const res = await call(`/ws/chats/${roomId}/`, { headers: { upgrade: 'websocket', 'x-forma-support-person': '1' }, user: admin });
    expect(res.status).toBe(101);
    const ws = res.webSocket!;
    const got: string[] = [];
    ws.addEventListener('message', (e: MessageEvent) => {
      got.push(e.data as string);
    });
    ws.accept();
    const answer = await said(say(admin, roomId, 'Ответ'));
    const deadline = Date.now() + 5000;
    while (!got.some((m) => m.includes(`"id":${answer.id}`)) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
    expect(got.find((m) => m.includes(`"id":${answer.id}`))).toContain(`"sender_id":${admin.id}`);
    ws.close();
  });
});
