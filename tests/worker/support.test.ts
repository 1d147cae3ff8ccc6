// The support chat: one room per person, opened idempotently; admins take rooms up from the inbox and answer
// through the ordinary chat calls; nobody else reads a support room.
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { chatRooms } from '../../drizzle/schema/chats.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { createUser } from '../factories.ts';
import { openRoom, say } from './chat-socket.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

const openSupport = async (user: SessionUser) => (await expectJson<{ roomId: string }>(send('POST', '/api/support/chat/', { user }), 200)).roomId;
const rooms = (user: SessionUser) => expectJson<any[]>(send('GET', '/api/chats/', { user }), 200);
const inbox = (user: SessionUser, query = '') => send('GET', `/api/support/rooms/${query}`, { user });

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
    expect(await expectJson(send('POST', '/api/support/chat/'), 401)).toMatchObject({ code: 'not_authenticated' });
  });

  it('shows in the person\'s chat list as «Поддержка Формы», with no second user to link to', async () => {
    const { person, stranger } = await people();
    const roomId = await openSupport(person);
    // beside an ordinary direct room, which keeps its shape
    const directId = await openRoom(person, stranger.id);
    const list = await rooms(person);
    expect(list.find((r) => r.roomId === roomId)).toMatchObject({
      roomName: 'Поддержка Формы',
      avatar: null,
      users: [{ id: person.id, username: 'Анна Клиентова' }],
      lastMessage: null,
      unreadCount: 0,
    });
    expect(list.find((r) => r.roomId === roomId).users).toHaveLength(1);
    expect(list.find((r) => r.roomId === directId)).toMatchObject({ roomName: 'Пётр Чужой', users: [{ id: person.id }, { id: stranger.id }] });
    expect(await expectJson(send('GET', `/api/chats/${roomId}/`, { user: person }), 200)).toMatchObject({ roomName: 'Поддержка Формы' });
  });

  it('brings a room the person deleted from their list back', async () => {
    const { person } = await people();
    const roomId = await openSupport(person);
    expect((await send('DELETE', `/api/chats/${roomId}/`, { user: person })).status).toBe(204);
    expect((await rooms(person)).map((r) => r.roomId)).not.toContain(roomId);
    expect(await openSupport(person)).toBe(roomId);
    expect((await rooms(person)).map((r) => r.roomId)).toContain(roomId);
  });
});

describe('the admins\' inbox', () => {
  it('is for admins only: 401 for a visitor, 403 for anyone else, in the envelope', async () => {
    const { person, stranger } = await people();
    expect(await expectJson(send('GET', '/api/support/rooms/'), 401)).toMatchObject({ code: 'not_authenticated' });
    expect(await expectJson(inbox(person), 403)).toMatchObject({ code: 'forbidden', detail: expect.any(String) });
    expect(await expectJson(inbox(stranger), 403)).toMatchObject({ code: 'forbidden' });
    const roomId = await openSupport(person);
    expect(await expectJson(send('POST', `/api/support/rooms/${roomId}/join/`, { user: stranger }), 403)).toMatchObject({ code: 'forbidden' });
  });

  it('lists rooms with a message, newest first, with the person, the last message and the team\'s unread count', async () => {
    const { person, admin } = await people();
    const other = asUser(await createUser(t.db, { firstName: 'Борис', lastName: 'Второй' }));
    const silent = asUser(await createUser(t.db));
    const roomId = await openSupport(person);
    const otherRoom = await openSupport(other);
    const silentRoom = await openSupport(silent);
    await expectJson(say(person, roomId, 'Не могу оплатить'), 201);
    await expectJson(say(person, roomId, 'Карта не проходит'), 201);
    await expectJson(say(other, otherRoom, 'Вопрос'), 201);
    const { results, has_more } = await expectJson(inbox(admin, '?limit=100'), 200);
    const ids = results.map((r: any) => r.roomId);
    expect(ids).not.toContain(silentRoom);
    expect(ids.indexOf(otherRoom)).toBeLessThan(ids.indexOf(roomId));
    expect(has_more).toBe(false);
    expect(results.find((r: any) => r.roomId === roomId)).toMatchObject({
      user: { id: person.id, name: 'Анна Клиентова' },
      lastMessage: { content: 'Карта не проходит', senderId: person.id, from_user: true },
      unreadCount: 2,
      joined: false,
    });
    const page = await expectJson(inbox(admin, '?limit=1'), 200);
    expect(page.results).toHaveLength(1);
    expect(page.has_more).toBe(true);
    expect(await expectJson(inbox(admin, '?limit=abc'), 400)).toMatchObject({ code: 'validation_error', fields: { limit: expect.any(String) } });
  });

  it('any admin takes a room up, reads and answers it; the reply reaches the person as «Поддержка Формы»', async () => {
    const { person, admin, otherAdmin } = await people();
    const roomId = await openSupport(person);
    const question = await expectJson(say(person, roomId, 'Как вернуть деньги?'), 201);
    // not a member yet: the chat calls answer like for a missing room
    expect((await send('GET', `/api/chats/${roomId}/messages/`, { user: admin })).status).toBe(404);
    expect(await expectJson(send('POST', `/api/support/rooms/${roomId}/join/`, { user: admin }), 200)).toEqual({ roomId });
    // twice is fine
    expect(await expectJson(send('POST', `/api/support/rooms/${roomId}/join/`, { user: admin }), 200)).toEqual({ roomId });
    const history = await expectJson(send('GET', `/api/chats/${roomId}/messages/`, { user: admin }), 200);
    expect(history.results.map((m: any) => m.id)).toEqual([question.id]);
    // the admin's own chat list names the room after the person
    expect((await rooms(admin)).find((r) => r.roomId === roomId)).toMatchObject({ roomName: 'Анна Клиентова', users: [{ id: admin.id }, { id: person.id }], unreadCount: 1 });

    const answer = await expectJson(say(admin, roomId, 'Отмените запись в расписании'), 201);
    expect((await expectJson(inbox(admin, '?limit=100'), 200)).results.find((r: any) => r.roomId === roomId)).toMatchObject({
      unreadCount: 0,
      joined: true,
      lastMessage: { id: answer.id, from_user: false },
    });
    // a second admin sees the room answered, and may join and answer too
    expect((await expectJson(inbox(otherAdmin, '?limit=100'), 200)).results.find((r: any) => r.roomId === roomId)).toMatchObject({ unreadCount: 0, joined: false });
    await expectJson(send('POST', `/api/support/rooms/${roomId}/join/`, { user: otherAdmin }), 200);
    await expectJson(say(otherAdmin, roomId, 'Если не получится — напишите'), 201);

    const mine = (await rooms(person)).find((r) => r.roomId === roomId);
    expect(mine).toMatchObject({ roomName: 'Поддержка Формы', unreadCount: 2, users: [{ id: person.id }] });
    expect(mine.users).toHaveLength(1);
    const notices = await t.db.select().from(notifications).where(and(eq(notifications.userId, person.id), eq(notifications.kind, 'chat_message')));
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({ message: 'Поддержка Формы: новое сообщение в чате.', payload: { roomId, url: `/ChatsPage?roomId=${roomId}` } });
    // the person reads: the team sees it as read (how far the person read)
    await expectJson(send('POST', `/api/chats/${roomId}/read/`, { user: person, body: { message_id: answer.id + 1000 } }), 200);
    expect((await rooms(admin)).find((r) => r.roomId === roomId).otherLastReadMessageId).toBeGreaterThan(answer.id);
    // the person's «seen» marks follow whoever of the team read furthest
    expect(mine.otherLastReadMessageId).toBeGreaterThanOrEqual(answer.id);
  });

  it('nobody else reads or writes a support room, and join refuses rooms that are not support rooms', async () => {
    const { person, admin, stranger } = await people();
    const roomId = await openSupport(person);
    await expectJson(say(person, roomId, 'Секрет'), 201);
    for (const res of [
      send('GET', `/api/chats/${roomId}/`, { user: stranger }),
      send('GET', `/api/chats/${roomId}/messages/`, { user: stranger }),
      say(stranger, roomId, 'Я тоже тут'),
      send('POST', `/api/chats/${roomId}/read/`, { user: stranger, body: { message_id: 1 } }),
    ]) {
      expect(await expectJson(res, 404)).toMatchObject({ code: 'not_found' });
    }
    expect((await rooms(stranger)).map((r) => r.roomId)).not.toContain(roomId);
    const directId = await openRoom(person, stranger.id);
    expect(await expectJson(send('POST', `/api/support/rooms/${directId}/join/`, { user: admin }), 404)).toMatchObject({ code: 'not_found' });
    expect((await send('POST', '/api/support/rooms/not-a-room/join/', { user: admin })).status).toBe(404);
    expect((await send('POST', `/api/support/rooms/${crypto.randomUUID()}/join/`, { user: admin })).status).toBe(404);
  });
});
