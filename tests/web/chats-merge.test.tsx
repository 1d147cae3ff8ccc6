import { describe, expect, it } from 'vitest';
import { ATTACHMENT_MAX_BYTES } from '../../worker/chats/chats.schemas.ts';
import { addAttachments } from '../../web/features/chats/attachments.ts';
import { messageFormData, type ChatMessage } from '../../web/features/chats/chats.api.ts';
import { dayLabel, groupByDay, messageTime, roomListTime } from '../../web/features/chats/chat-format.ts';
import { fileTypeLabel, formatFileSize } from '../../web/lib/file-size.ts';
import { applyMessageUpdate, mergeMessages, withNewestPage, withOlderPage } from '../../web/features/chats/chat-messages.ts';
import { chatSocketUrl, parseServerMessage } from '../../web/features/chats/use-chat-socket.ts';

const ROOM = '0b6f5f3e-8d1c-4a58-9a51-3f1f3c0c9a11';

const message = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_room: ROOM,
  content: `Сообщение ${id}`,
  sender_id: 2,
  sender_username: 'Анна Соколова',
  timestamp: `2030-03-12T0${id % 10}:00:00.000Z`,
  files: [],
  reply_to: null,
  edited_at: null,
  is_deleted: false,
  ...overrides,
});

const ids = (messages: readonly ChatMessage[]) => messages.map((m) => m.id);

describe('mergeMessages', () => {
  it('keeps each message once, sorted by id, whatever order the copies come in', () => {
    const fetched = [message(1), message(2), message(3)];
    const merged = mergeMessages(fetched, [message(5), message(3), message(4)]);
    expect(ids(merged)).toEqual([1, 2, 3, 4, 5]);
    expect(merged.filter((m) => m.id === 3)).toHaveLength(1);
  });

  it('returns the same list when the socket repeats a message already there', () => {
    const fetched = [message(1), message(2)];
    expect(mergeMessages(fetched, [])).toBe(fetched);
    expect(ids(mergeMessages(fetched, [message(2)]))).toEqual([1, 2]);
  });

  it('does not let a replayed old copy undo an edit or a delete', () => {
    const edited = message(2, { content: 'Исправлено', edited_at: '2030-03-12T10:00:00.000Z' });
    const deleted = message(3, { content: '', is_deleted: true });
    const merged = mergeMessages([message(1), edited, deleted], [message(2), message(3)]);
    expect(merged.find((m) => m.id === 2)!.content).toBe('Исправлено');
    expect(merged.find((m) => m.id === 3)!.is_deleted).toBe(true);
    // a newer edit does replace an older one
    const again = mergeMessages(merged, [message(2, { content: 'Ещё раз', edited_at: '2030-03-12T11:00:00.000Z' })]);
    expect(again.find((m) => m.id === 2)!.content).toBe('Ещё раз');
  });
});

describe('applyMessageUpdate', () => {
  it('replaces a loaded message and refreshes the quotes of its replies', () => {
    const reply = message(2, { reply_to: { id: 1, content: 'Сообщение 1', sender_id: 2, sender_username: 'Анна Соколова' } });
    const deleted = applyMessageUpdate([message(1), reply], message(1, { content: '', is_deleted: true }));
    expect(deleted[0]!.is_deleted).toBe(true);
    expect(deleted[1]!.reply_to!.content).toBeNull();
    const edited = applyMessageUpdate([message(1), reply], message(1, { content: 'Новый текст', edited_at: '2030-03-12T10:00:00.000Z' }));
    expect(edited[1]!.reply_to!.content).toBe('Новый текст');
  });

  it('ignores a message that is not loaded', () => {
    const current = [message(5)];
    expect(applyMessageUpdate(current, message(1, { is_deleted: true }))).toBe(current);
  });
});

describe('pages', () => {
  it('a reloaded newest page keeps messages that came over the socket meanwhile and drops older pages', () => {
    const cached = { messages: [message(1), message(2), message(7)], hasMore: false };
    const next = withNewestPage(cached, { results: [message(5), message(6)], has_more: true });
    expect(ids(next.messages)).toEqual([5, 6, 7]);
    expect(next.hasMore).toBe(true);
  });

  it('an older page goes before the loaded messages', () => {
    const next = withOlderPage({ messages: [message(5), message(6)], hasMore: true }, { results: [message(3), message(4)], has_more: false });
    expect(ids(next!.messages)).toEqual([3, 4, 5, 6]);
    expect(next!.hasMore).toBe(false);
  });
});

describe('chat dates and sizes', () => {
  const now = new Date('2030-03-12T12:00:00Z');
  const zone = 'Europe/Moscow';

  it('labels days "Сегодня", "Вчера", then the date', () => {
    expect(dayLabel('2030-03-12T05:00:00Z', zone, now)).toBe('Сегодня');
    expect(dayLabel('2030-03-11T20:59:00Z', zone, now)).toBe('Вчера');
    // 21:30 UTC on the 11th is already the 12th in Moscow
    expect(dayLabel('2030-03-11T21:30:00Z', zone, now)).toBe('Сегодня');
    expect(dayLabel('2030-03-01T10:00:00Z', zone, now)).toBe('1 марта');
    expect(dayLabel('2029-12-31T10:00:00Z', zone, now)).toBe('31 декабря 2029');
  });

  it('groups ascending messages by day in the viewer zone', () => {
    const groups = groupByDay(
      [message(1, { timestamp: '2030-03-10T10:00:00Z' }), message(2, { timestamp: '2030-03-11T10:00:00Z' }), message(3, { timestamp: '2030-03-12T06:00:00Z' }), message(4, { timestamp: '2030-03-12T08:00:00Z' })],
      zone,
      now,
    );
    expect(groups.map((g) => [g.label, ids(g.messages)])).toEqual([
      ['10 марта', [1]],
      ['Вчера', [2]],
      ['Сегодня', [3, 4]],
    ]);
  });

  it('shows message times as HH:mm and list times by age', () => {
    expect(messageTime('2030-03-12T06:05:00Z', zone)).toBe('09:05');
    expect(roomListTime('2030-03-12T06:05:00Z', zone, now)).toBe('09:05');
    expect(roomListTime('2030-03-11T06:05:00Z', zone, now)).toBe('Вчера');
    expect(roomListTime('2030-02-03T06:05:00Z', zone, now)).toBe('3 февр.');
    expect(roomListTime('2029-02-03T06:05:00Z', zone, now)).toBe('03.02.29');
  });

  it('writes sizes the Russian way', () => {
    expect(formatFileSize(512)).toBe('512 Б');
    expect(formatFileSize(3.4 * 1024)).toBe('3,4 КБ');
    expect(formatFileSize(1.2 * 1024 * 1024)).toBe('1,2 МБ');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10 МБ');
    expect(fileTypeLabel('отчёт.pdf', 'application/pdf')).toBe('PDF');
    expect(fileTypeLabel('README', 'text/plain')).toBe('PLAIN');
  });
});

describe('attachments', () => {
  const file = (name: string, size: number) => new File([new Uint8Array(size)], name);

  it('refuses a sixth file and files over 10 MB', () => {
    const four = [1, 2, 3, 4].map((i) => file(`${i}.txt`, 10));
    expect(addAttachments(four, [file('5.txt', 10)]).files).toHaveLength(5);
    const tooMany = addAttachments(four, [file('5.txt', 10), file('6.txt', 10)]);
    expect(tooMany.files).toHaveLength(4);
    expect(tooMany.error).toBe('Можно прикрепить не больше 5 файлов');
    const big = addAttachments([], [file('видео.mp4', ATTACHMENT_MAX_BYTES + 1), file('ok.txt', 10)]);
    expect(big.files.map((f) => f.name)).toEqual(['ok.txt']);
    expect(big.error).toBe('Файл «видео.mp4» больше 10 МБ');
  });

  it('builds the multipart body with one files field per file', () => {
    const form = messageFormData(ROOM, { content: 'Привет', replyTo: 7, files: [file('a.txt', 1), file('b.txt', 2)] });
    expect(form.get('content')).toBe('Привет');
    expect(form.get('chat_room')).toBe(ROOM);
    expect(form.get('reply_to')).toBe('7');
    expect(form.getAll('files').map((f) => (f as File).name)).toEqual(['a.txt', 'b.txt']);
    expect(messageFormData(ROOM, { content: 'x', files: [] }).has('reply_to')).toBe(false);
  });
});

describe('socket protocol', () => {
  it('connects to /ws/chats/{roomId}/ with the page scheme', () => {
    expect(chatSocketUrl(ROOM, { protocol: 'https:', host: 'forma.example' })).toBe(`wss://forma.example/ws/chats/${ROOM}/`);
    expect(chatSocketUrl(ROOM, { protocol: 'http:', host: 'localhost:8787' })).toBe(`ws://localhost:8787/ws/chats/${ROOM}/`);
  });

  it('parses server frames with the protocol schema and drops anything else', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'typing', user_id: 2 }))).toEqual({ type: 'typing', user_id: 2 });
    expect(parseServerMessage(JSON.stringify({ type: 'message', message: message(1) }))).toEqual({ type: 'message', message: message(1) });
    expect(parseServerMessage(JSON.stringify({ type: 'message', message: { id: 1 } }))).toBeNull();
    expect(parseServerMessage('not json')).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});
