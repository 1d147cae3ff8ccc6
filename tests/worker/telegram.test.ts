// Notifications in Telegram (decision 026), against the local fake of the Bot API: linking through the deep link's
// token, the webhook's secret and once-only updates, each topic's delivery and its switch, once-only delivery under
// repeated and concurrent runs, 429's retry_after, a blocked bot (403) unlinking and falling back to e-mail, and a
// reply typed in Telegram reaching the Форма chat as the person's message.
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { notificationDeliveries } from '../../drizzle/schema/deliveries.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { chatMessages } from '../../drizzle/schema/chats.ts';
import { devTelegramChats, telegramLinks, telegramLinkTokens, telegramReplyPrompts } from '../../drizzle/schema/telegram.ts';
import { backoffSeconds, MAX_ATTEMPTS, sendDueDeliveries } from '../../worker/notifications/deliveries.ts';
import { notifyNow } from '../../worker/notifications/notify.ts';
import { LINKED_TEXT, BAD_TOKEN_TEXT, HELLO_TEXT, REPLY_PROMPT_TEXT, REPLY_REFUSED_TEXT } from '../../worker/telegram/telegram-messages.ts';
import { createUser } from '../factories.ts';
import { openRoom, say } from './chat-socket.ts';
import { readDeliveries, runEverySenderAtOnce } from './delivery-helpers.ts';
import { bindings, call, useTestDb } from './helpers.ts';
import { asUser, countMail, expectJson, send, waitForMail } from './json-api.ts';
import { botMessages, fakeChat, freshId, linkedChat, linkToken, postUpdate, textUpdate } from './telegram-helpers.ts';

const t = useTestDb();

const notice = (userId: number, kind = 'booking_paid', extra: Record<string, unknown> = {}) => ({
  userId,
  kind,
  message: `Новая запись: Мария, «Разбор резюме» (${kind})`,
  url: '/CalendarPage',
  dedupeKey: `test:${kind}:${freshId()}`,
  extra,
});

const deliveriesOf = (userId: number) => readDeliveries(t.db, userId);

describe('linking', () => {
  it('a valid token links the chat, the bot says so, and GET tells the settings', async () => {
    const user = asUser(await createUser(t.db));
    expect(await expectJson(send('GET', '/api/telegram/link/', { user }), 200)).toMatchObject({ available: true, linked: false });
    const { url } = await expectJson(send('POST', '/api/telegram/link/', { user }), 200);
    expect(url).toMatch(/\?start=[A-Za-z0-9_-]{43}$/);
    const chatId = await fakeChat(t.db);
    await expectJson(postUpdate(textUpdate(chatId, `/start ${new URL(url, 'http://x').searchParams.get('start')}`)), 200);
    expect((await botMessages(t.db, chatId)).map((m) => m.text)).toEqual([LINKED_TEXT]);
    const state = await expectJson(send('GET', '/api/telegram/link/', { user }), 200);
    expect(state).toMatchObject({ linked: true, username: `anna${chatId}` });
    expect(Date.parse(state.linked_at)).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a used token and an expired one are refused and link nothing', async () => {
    const user = asUser(await createUser(t.db));
    const token = await linkToken(user);
    const first = await fakeChat(t.db);
    await expectJson(postUpdate(textUpdate(first, `/start ${token}`)), 200);
    const second = await fakeChat(t.db);
    await expectJson(postUpdate(textUpdate(second, `/start ${token}`)), 200);
    expect((await botMessages(t.db, second)).map((m) => m.text)).toEqual([BAD_TOKEN_TEXT]);
    expect(await t.db.select().from(telegramLinks).where(eq(telegramLinks.userId, user.id))).toMatchObject([{ chatId: first }]);

    const other = asUser(await createUser(t.db));
    const stale = await linkToken(other);
    await t.db.update(telegramLinkTokens).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(telegramLinkTokens.userId, other.id));
    const third = await fakeChat(t.db);
    await expectJson(postUpdate(textUpdate(third, `/start ${stale}`)), 200);
    expect((await botMessages(t.db, third)).map((m) => m.text)).toEqual([BAD_TOKEN_TEXT]);
    expect(await t.db.select().from(telegramLinks).where(eq(telegramLinks.userId, other.id))).toEqual([]);
  });

  it('unlinks by DELETE, by /stop and by a my_chat_member update saying the bot was blocked', async () => {
    const user = asUser(await createUser(t.db));
    await linkedChat(t.db, user);
    expect((await send('DELETE', '/api/telegram/link/', { user })).status).toBe(204);
    expect(await expectJson(send('GET', '/api/telegram/link/', { user }), 200)).toMatchObject({ linked: false });

    const chatId = await linkedChat(t.db, user);
    await expectJson(postUpdate(textUpdate(chatId, '/stop')), 200);
    expect(await expectJson(send('GET', '/api/telegram/link/', { user }), 200)).toMatchObject({ linked: false });

    const again = await linkedChat(t.db, user);
    await expectJson(postUpdate({ update_id: freshId(), my_chat_member: { chat: { id: again, type: 'private' }, from: { id: again }, date: 0, new_chat_member: { status: 'kicked' } } }), 200);
    expect(await expectJson(send('GET', '/api/telegram/link/', { user }), 200)).toMatchObject({ linked: false });
  });

  it('one chat per account and one account per chat', async () => {
    const [a, b] = [asUser(await createUser(t.db)), asUser(await createUser(t.db))];
    const chatId = await linkedChat(t.db, a);
    await expectJson(postUpdate(textUpdate(chatId, `/start ${await linkToken(b)}`)), 200);
    expect(await t.db.select({ userId: telegramLinks.userId }).from(telegramLinks).where(eq(telegramLinks.chatId, chatId))).toEqual([{ userId: b.id }]);
    expect(await expectJson(send('GET', '/api/telegram/link/', { user: a }), 200)).toMatchObject({ linked: false });
  });
});

describe('webhook', () => {
  it('refuses a wrong or missing secret token and does nothing', async () => {
    const user = asUser(await createUser(t.db));
    const token = await linkToken(user);
    const chatId = await fakeChat(t.db);
    expect(await expectJson(postUpdate(textUpdate(chatId, `/start ${token}`), 'wrong-secret'), 401)).toMatchObject({ code: 'not_authenticated' });
    expect(await expectJson(postUpdate(textUpdate(chatId, `/start ${token}`), null), 401)).toMatchObject({ code: 'not_authenticated' });
    expect(await botMessages(t.db, chatId)).toEqual([]);
    // the token was not spent by the refused updates
    await expectJson(postUpdate(textUpdate(chatId, `/start ${token}`)), 200);
    expect((await botMessages(t.db, chatId)).map((m) => m.text)).toEqual([LINKED_TEXT]);
  });

  it('takes an update once however often Telegram repeats it', async () => {
    const chatId = await fakeChat(t.db);
    const update = textUpdate(chatId, '/start');
    await Promise.all([postUpdate(update), postUpdate(update)]);
    await expectJson(postUpdate(update), 200);
    expect((await botMessages(t.db, chatId)).map((m) => m.text)).toEqual([HELLO_TEXT]);
  });
});

/** The bot's first message in the chat containing `text`, waited for (a request delivers after its answer). */
async function botMessageWith(chatId: number, text: string) {
  for (let i = 0; i < 100; i++) {
    const found = (await botMessages(t.db, chatId)).find((m) => m.text.includes(text));
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no bot message with «${text}» in chat ${chatId}`);
}

describe('delivery', () => {
  it.each([
    ['booking_paid', 'bookings'],
    ['booking_moved', 'bookings'],
    ['booking_canceled', 'bookings'],
    ['chat_message', 'chat'],
    ['reminder', 'reminders'],
    ['room_open', 'room_open'],
    ['waitlist_offer', 'waitlist'],
    ['review_request', 'reviews'],
  ])('%s goes to Telegram, and not once the topic %s is switched off there', async (kind, topic) => {
    const user = asUser(await createUser(t.db));
    const chatId = await linkedChat(t.db, user);
    await notifyNow(bindings, t.db, [notice(user.id, kind, kind === 'chat_message' ? { roomId: crypto.randomUUID() } : {})]);
    const sent = (await botMessages(t.db, chatId)).slice(1);
    expect(sent.map((m) => m.text)).toEqual([`Новая запись: Мария, «Разбор резюме» (${kind})`]);
    expect(JSON.stringify(sent[0].replyMarkup)).toContain(`${bindings.APP_ORIGIN}/CalendarPage`);
    expect((await deliveriesOf(user.id)).map((d) => d.status)).toEqual(['sent']);

    const settings = await expectJson(call('/api/notification-settings/', { method: 'PUT', user, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ telegram: { [topic]: false } }) }), 200);
    expect(settings.channels.telegram).toMatchObject({ available: true, linked: true, topics: { [topic]: false } });
    await notifyNow(bindings, t.db, [notice(user.id, kind)]);
    expect(await botMessages(t.db, chatId)).toHaveLength(2);
    expect(await deliveriesOf(user.id)).toHaveLength(1);
  });

  it('a kind of no topic, and a person without Telegram, get no delivery', async () => {
    const linked = asUser(await createUser(t.db));
    const chatId = await linkedChat(t.db, linked);
    await notifyNow(bindings, t.db, [notice(linked.id, 'dispute_opened')]);
    expect(await botMessages(t.db, chatId)).toHaveLength(1);
    const plain = asUser(await createUser(t.db));
    await notifyNow(bindings, t.db, [notice(plain.id)]);
    expect(await deliveriesOf(plain.id)).toEqual([]);
  });

  it('sends each notification once under repeated and concurrent job runs', async () => {
    const user = asUser(await createUser(t.db));
    const chatId = await linkedChat(t.db, user);
    // stored without the immediate attempt, as if the request died after its commit
    await t.db.insert(notifications).values({ userId: user.id, kind: 'booking_paid', message: 'Оплата прошла', payload: {}, dedupeKey: `test:${freshId()}` });
    await runEverySenderAtOnce(t.db);
    expect((await botMessages(t.db, chatId)).map((m) => m.text)).toEqual([LINKED_TEXT, 'Оплата прошла']);
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
  });

  it("honours a 429's retry_after, then sends", async () => {
    const user = asUser(await createUser(t.db));
    const chatId = await linkedChat(t.db, user);
    await t.db.update(devTelegramChats).set({ retryAfterOnce: 7 }).where(eq(devTelegramChats.chatId, chatId));
    await notifyNow(bindings, t.db, [notice(user.id)]);
    const [waiting] = await deliveriesOf(user.id);
    expect(waiting).toMatchObject({ status: 'pending', attempts: 0 });
    const wait = waiting.nextAttemptAt.getTime() - Date.now();
    expect(wait).toBeGreaterThan(4_000);
    expect(wait).toBeLessThan(8_000);
    // not due yet: the job leaves it
    expect(await sendDueDeliveries(bindings, t.db)).toBe(0);
    await t.db.update(notificationDeliveries).set({ nextAttemptAt: sql`now() - interval '1 second'` }).where(eq(notificationDeliveries.status, 'pending'));
    await sendDueDeliveries(bindings, t.db);
    expect(await deliveriesOf(user.id)).toMatchObject([{ status: 'sent', attempts: 1 }]);
    expect(await botMessages(t.db, chatId)).toHaveLength(2);
  });

  it('a chat Telegram does not know (400) gives up at once and falls back to e-mail, once', async () => {
    const user = await createUser(t.db);
    await linkedChat(t.db, asUser(user));
    // the fake answers 400 «chat not found» for a chat it does not know: hopeless at once
    await t.db.update(telegramLinks).set({ chatId: freshId() }).where(eq(telegramLinks.userId, user.id));
    await notifyNow(bindings, t.db, [notice(user.id)]);
    expect(await deliveriesOf(user.id)).toMatchObject([
      { channel: 'telegram', status: 'gave_up' },
      { channel: 'email', status: 'sent', fallbackOf: 'telegram' },
    ]);
    await sendDueDeliveries(bindings, t.db);
    expect(await countMail(t.db, user.email!, 'Уведомление Формы')).toBe(1);
  });

  it('a blocked bot (403) unlinks the chat and the notification falls back to e-mail, once', async () => {
    const user = await createUser(t.db);
    const chatId = await linkedChat(t.db, asUser(user));
    await t.db.update(devTelegramChats).set({ blocked: true }).where(eq(devTelegramChats.chatId, chatId));
    await notifyNow(bindings, t.db, [notice(user.id)]);
    expect(await t.db.select().from(telegramLinks).where(eq(telegramLinks.userId, user.id))).toEqual([]);
    expect(await deliveriesOf(user.id)).toMatchObject([
      { channel: 'telegram', status: 'gave_up' },
      { channel: 'email', status: 'sent', fallbackOf: 'telegram' },
    ]);
    const [mail] = await waitForMail(t.db, user.email!, 'Уведомление Формы');
    expect(mail.text).toContain('Новая запись: Мария');
    await sendDueDeliveries(bindings, t.db);
    expect(await countMail(t.db, user.email!, 'Уведомление Формы')).toBe(1);
  });
});

it('backs other failures off exponentially up to the last attempt', () => {
  expect(Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => backoffSeconds(i + 1))).toEqual([30, 60, 120, 240]);
});

describe('replies from Telegram', () => {
  it('«Ответить» asks for the reply, and the reply reaches the chat room as the person’s message', async () => {
    const [mentee, mentor] = [asUser(await createUser(t.db, { firstName: 'Анна' })), asUser(await createUser(t.db, { role: 'mentor', firstName: 'Борис' }))];
    const roomId = await openRoom(mentee, mentor.id);
    const chatId = await linkedChat(t.db, mentee);
    await expectJson(say(mentor, roomId, 'Когда удобно созвониться?'), 201);
    // a request's delivery goes out after its answer (after-response.ts): wait for it
    const notified = await botMessageWith(chatId, 'Борис');
    const markup = notified.replyMarkup as { inline_keyboard: { text: string; callback_data?: string }[][] };
    const reply = markup.inline_keyboard[0].find((b) => b.text === 'Ответить')!;
    expect(reply.callback_data).toBe(`reply:${roomId}`);

    await expectJson(postUpdate({ update_id: freshId(), callback_query: { id: `cb${freshId()}`, from: { id: chatId }, data: reply.callback_data, message: { message_id: notified.id, chat: { id: chatId, type: 'private' } } } }), 200);
    const prompt = (await botMessages(t.db, chatId)).at(-1)!;
    expect(prompt).toMatchObject({ text: REPLY_PROMPT_TEXT, replyMarkup: { force_reply: true } });

    await expectJson(postUpdate(textUpdate(chatId, 'Завтра в 10:00 подойдёт', { reply_to_message: { message_id: prompt.id } })), 200);
    const [last] = await t.db.select().from(chatMessages).where(eq(chatMessages.roomId, roomId)).orderBy(sql`${chatMessages.id} desc`).limit(1);
    expect(last).toMatchObject({ senderId: mentee.id, content: 'Завтра в 10:00 подойдёт' });
  });

  it('refuses a person who is not a member of the room', async () => {
    const [a, b, outsider] = [asUser(await createUser(t.db)), asUser(await createUser(t.db)), asUser(await createUser(t.db))];
    const roomId = await openRoom(a, b.id);
    const chatId = await linkedChat(t.db, outsider);
    // a press naming a room that is not theirs gets no prompt
    await expectJson(postUpdate({ update_id: freshId(), callback_query: { id: `cb${freshId()}`, from: { id: chatId }, data: `reply:${roomId}`, message: { message_id: 1, chat: { id: chatId, type: 'private' } } } }), 200);
    expect((await botMessages(t.db, chatId)).map((m) => m.text)).toEqual([LINKED_TEXT]);
    // and a prompt for it (were one ever made) posts nothing there
    await t.db.insert(telegramReplyPrompts).values({ chatId, messageId: 424242, userId: outsider.id, roomId });
    await expectJson(postUpdate(textUpdate(chatId, 'Чужое сообщение', { reply_to_message: { message_id: 424242 } })), 200);
    expect(await t.db.select().from(chatMessages).where(and(eq(chatMessages.roomId, roomId), eq(chatMessages.senderId, outsider.id)))).toEqual([]);
    expect((await botMessages(t.db, chatId)).at(-1)!.text).toBe(REPLY_REFUSED_TEXT);
  });
});
