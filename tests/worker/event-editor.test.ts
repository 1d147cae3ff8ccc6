// The event editor API (spec 002 §5.4, §7 "Events (editor)"; docs/decisions/008-event-editor.md):
// AddEvent, UpdateEvent, DeleteEvent with every validation rule, owner-only access, covers and
// participants' money.
import { and, eq } from 'drizzle-orm';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { InferRequestType } from 'hono/client';
import { eventRegistrations, events } from '../../drizzle/schema/events.ts';
import { uploadedFiles } from '../../drizzle/schema/users.ts';
import { notifications } from '../../drizzle/schema/notifications.ts';
import { createEvent, createUser } from '../factories.ts';
import { HOUR, providerPays, startPayment, type User } from './escrow-fixtures.ts';
import { bindings, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, send } from './json-api.ts';
import { apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

const inHours = (h: number) => new Date(Date.now() + h * HOUR).toISOString();

type Fields = Record<string, string | { bytes: BlobPart; name: string; type?: string }>;

function form(fields: Fields) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, new Blob([v.bytes], { type: v.type ?? 'application/octet-stream' }), v.name);
  }
  return f;
}

const validFields = (extra: Fields = {}): Fields => ({
  title: 'Акварель для начинающих',
  description: '<p>Рисуем <b>вместе</b></p>',
  date: inHours(48),
  price: '1500',
  total_spots: '12',
  event_category: 'Хобби',
  is_public: 'true',
  is_whitelisted: 'false',
  ...extra,
});

/** the typed client's events as this user (a visitor without one), on the spec's paths with the trailing slash */
const eventsAs = (user?: User) => apiAs(user && asUser(user), { trailingSlash: true }).events;

// The editor's routes read their own multipart-or-JSON body (no validator to build it from): the form or the JSON goes
// as the request's body; UpdateEvent's and DeleteEvent's `?id=` is declared, so the typed client builds it.
const addEvent = (user: User | undefined, fields: Fields) =>
  eventsAs(user).AddEvent.$post({}, { headers: { origin: ORIGIN }, init: { body: form(fields) } });
type AddAnswer = Awaited<ReturnType<typeof addEvent>>;

const updateJson = (user: User, id: number | string, body: unknown) =>
  eventsAs(user).UpdateEvent.$put(
    { query: { id: String(id) } },
    { headers: { origin: ORIGIN, 'content-type': 'application/json' }, init: { body: JSON.stringify(body) } },
  );

const updateForm = (user: User, id: number, fields: Fields) =>
  eventsAs(user).UpdateEvent.$put({ query: { id: String(id) } }, { headers: { origin: ORIGIN }, init: { body: form(fields) } });

const deleteEvent = (user: User, id: number | string) =>
  eventsAs(user).DeleteEvent.$delete({ query: { id: String(id) } }, { headers: { origin: ORIGIN } });

// the routes declare their `?id=` (tsc checks this: an undeclared query is not part of the request's type)
expectTypeOf<InferRequestType<ReturnType<typeof eventsAs>['UpdateEvent']['$put']>['query']>().toEqualTypeOf<{ id?: string | string[] }>();
expectTypeOf<InferRequestType<ReturnType<typeof eventsAs>['DeleteEvent']['$delete']>['query']>().toEqualTypeOf<{ id?: string | string[] }>();

const mentor = () => createUser(t.db, { role: 'mentor' });

async function fieldsOf(res: Promise<AddAnswer | Awaited<ReturnType<typeof updateJson>>>, status: Parameters<typeof expectError>[1] = 400) {
  const { fields } = await expectError(res, status);
  expect(fields).toBeDefined();
  return fields!;
}

const eventRow = async (id: number) => (await t.db.select().from(events).where(eq(events.id, id)))[0];

const register = async (user: User, eventId: number) => expectOk(eventsAs(user).register_for_event.$post({ json: { event_id: eventId } }), 201);
const getEvent = (id: number) => eventsAs().GetEvent.$get({ query: { id: String(id) } });

describe('POST /api/events/AddEvent/', () => {
  it('creates the event from multipart fields and answers the GetEvent shape plus the editor fields', async () => {
    const me = await mentor();
    const created = await expectOk(addEvent(me, validFields({ discount: '15', duration_minutes: '90' })), 201);
    const got = await expectOk(getEvent(created.id), 200);
    expectMatch(created, got);
    expectMatch(created, {
      title: 'Акварель для начинающих',
      description: '<p>Рисуем <b>вместе</b></p>',
      price: 1500,
      total_spots: 12,
      available_spots: 12,
      category: 'Хобби',
      event_category: 'Хобби',
      discount: 15,
      duration_minutes: 90,
      mentor: me.id,
      mentor_id: me.id,
      is_public: true,
      is_whitelisted: false,
      is_canceled: false,
      image_url: null,
      status: 'upcoming',
    });
    const row = await eventRow(created.id);
    expect(row.mentorId).toBe(me.id);
  });

  it('defaults: 20 seats, category Образование, no description; 0 seats means no limit', async () => {
    const me = await mentor();
    const fields = validFields();
    delete fields.total_spots;
    delete fields.event_category;
    delete fields.description;
    const created = await expectOk(addEvent(me, fields), 201);
    expectMatch(created, {
      total_spots: 20,
      category: 'Образование',
      description: '',
    });
    const unlimited = await expectOk(addEvent(me, validFields({ total_spots: '0' })), 201);
    expectMatch(unlimited, { total_spots: 0, available_spots: null });
  });

  it('reads a calendar date and time on the mentor’s wall clock', async () => {
    const me = await createUser(t.db, {
      role: 'mentor',
      timeZone: 'Europe/Moscow',
    });
    const day = new Date(Date.now() + 5 * 24 * HOUR).toISOString().slice(0, 10);
    const created = await expectOk(addEvent(me, validFields({ date: day, time: '18:30' })), 201);
    expect(created.date).toBe(`${day}T15:30:00.000Z`);
  });

  it('sanitizes the description', async () => {
    const me = await mentor();
    const created = await expectOk(
      addEvent(
        me,
        validFields({
          description: '<p onclick="x()">Текст<script>alert(1)</script><img src=x onerror=alert(1)><mark style="background-color: #bbf7d0">!</mark></p>',
        }),
      ),
      201,
    );
    expect(created.description).toBe('<p>Текст<mark style="background-color: #bbf7d0">!</mark></p>');
  });

  it('requires title, date and price with the spec’s messages', async () => {
    const me = await mentor();
    expect(await fieldsOf(addEvent(me, {}))).toEqual({
      title: 'Поле обязательно для заполнения',
      date: 'Дата и время мероприятия обязательны.',
      price: 'Цена обязательна',
    });
    expect((await fieldsOf(addEvent(me, validFields({ title: '   ' })))).title).toBe('Поле обязательно для заполнения');
    expect((await fieldsOf(addEvent(me, validFields({ title: 'я'.repeat(256) })))).title).toBe('Название не должно превышать 255 символов');
  });

  it('checks the price: a number, whole, 0 to 150 000', async () => {
    const me = await mentor();
    const price = async (value: string) => (await fieldsOf(addEvent(me, validFields({ price: value })))).price;
    expect(await price('')).toBe('Цена обязательна');
    expect(await price('сто')).toBe('Цена должна быть числом');
    expect(await price('10.5')).toBe('Цена должна быть целым числом');
    expect(await price('-1')).toBe('Цена должна быть от 0 до 150,000');
    expect(await price('150001')).toBe('Цена должна быть от 0 до 150,000');
    expect((await expectOk(addEvent(me, validFields({ price: '150000' })), 201)).price).toBe(150000);
    expect((await expectOk(addEvent(me, validFields({ price: '0' })), 201)).price).toBe(0);
  });

  it('checks the category, the time and the start at least an hour ahead', async () => {
    const me = await mentor();
    // the payload's texts of spec 002 §8 «Form:» (the form itself shows §5.4's «Выберите действительную категорию»)
    expect((await fieldsOf(addEvent(me, validFields({ event_category: 'Спорт' })))).event_category).toBe(
      'Выберите действительную категорию мероприятия.',
    );
    expect((await fieldsOf(addEvent(me, validFields({ date: '2030-01-01', time: '25:00' })))).time).toBe('Некорректный формат времени (ЧЧ:ММ)');
    expect((await fieldsOf(addEvent(me, validFields({ date: 'завтра' })))).date).toBe('Некорректные дата или время мероприятия.');
    expect((await fieldsOf(addEvent(me, validFields({ date: '2030-01-01T10:00' })))).date).toBe('Некорректные дата или время мероприятия.');
    expect((await fieldsOf(addEvent(me, validFields({ date: '2030-02-30', time: '10:00' })))).date).toBe('Некорректная дата мероприятия.');
    expect((await fieldsOf(addEvent(me, validFields({ date: '2030-13-01', time: '10:00' })))).date).toBe('Некорректная дата мероприятия.');
    // a timestamp on a day that does not exist is refused, not rolled over to 2 March
    expect((await fieldsOf(addEvent(me, validFields({ date: '2030-02-30T10:00:00Z' })))).date).toBe('Некорректная дата мероприятия.');
    expect((await fieldsOf(addEvent(me, validFields({ date: inHours(-2) })))).date).toBe('Дата не может быть в прошлом');
    expect((await fieldsOf(addEvent(me, validFields({ date: inHours(0.5) })))).date).toBe('Укажите более позднее время');
    await expectOk(addEvent(me, validFields({ date: inHours(1.1) })), 201);
  });

  it('checks the seats, the discount and the description’s text length', async () => {
    const me = await mentor();
    expect((await fieldsOf(addEvent(me, validFields({ total_spots: '-1' })))).total_spots).toBe('Минимум 1 участник');
    expect((await fieldsOf(addEvent(me, validFields({ total_spots: 'много' })))).total_spots).toBe('Минимум 1 участник');
    expect((await fieldsOf(addEvent(me, validFields({ total_spots: '100001' })))).total_spots).toBe('Не больше 100 000 мест');
    expect((await fieldsOf(addEvent(me, validFields({ discount: '150' })))).discount).toBe('Скидка должна быть целым числом от 1 до 100');
    expect((await fieldsOf(addEvent(me, validFields({ description: `<p>${'я'.repeat(501)}</p>` })))).description).toBe('Превышен лимит в 500 символов');
    // 500 characters of text, whatever the markup around them
    const formatted = `<h1>${'а'.repeat(100)}</h1><p><b>${'б'.repeat(200)}</b><mark style="background-color: #fef08a">${'в'.repeat(200)}</mark></p>`;
    expect((await expectOk(addEvent(me, validFields({ description: formatted })), 201)).description).toBe(formatted);
    expect((await fieldsOf(addEvent(me, validFields({ is_canceled: 'true' })))).is_canceled).toBe(
      'Отменить мероприятие можно только отменой: участникам вернутся деньги',
    );
    expect((await fieldsOf(addEvent(me, validFields({ is_public: 'может быть' })))).is_public).toBe('Некорректное значение');
  });

  it('is for mentors only, and only for themselves', async () => {
    const mentee = await createUser(t.db, { role: 'mentee' });
    expect((await expectError(addEvent(mentee, validFields()), 403)).code).toBe('forbidden');
    expect((await expectError(addEvent(undefined, validFields()), 401)).code).toBe('not_authenticated');
    const me = await mentor();
    const other = await mentor();
    await expectError(addEvent(me, validFields({ mentor_id: String(other.id) })), 403);
    expect((await expectOk(addEvent(me, validFields({ mentor_id: String(me.id) })), 201)).mentor_id).toBe(me.id);
    expect(await t.db.select().from(events).where(eq(events.mentorId, other.id))).toHaveLength(0);
  });

  it('stores a cover by its content: a PNG named .txt is taken, HTML named .png is not', async () => {
    const me = await mentor();
    const created = await expectOk(
      addEvent(
        me,
        validFields({
          event_image: { bytes: PNG, name: 'cover.txt', type: 'text/plain' },
        }),
      ),
      201,
    );
    expect(created.image_url).toMatch(/^\/media\/files\/[0-9a-f-]{36}$/);
    const row = await eventRow(created.id);
    const [file] = await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, row.imageFileId!));
    expect(file).toMatchObject({
      purpose: 'event_cover',
      contentType: 'image/png',
      ownerId: me.id,
    });
    expect(await bindings.FILES.head(file.key)).not.toBeNull();

    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const refused = await expectError(
      addEvent(
        me,
        validFields({
          title: 'Без обложки',
          event_image: { bytes: html, name: 'cover.png', type: 'image/png' },
        }),
      ),
      400,
    );
    expectMatch(refused, {
      code: 'not_an_image',
      fields: { event_image: 'Пожалуйста, загрузите изображение.' },
    });
    expect(
      await t.db
        .select()
        .from(events)
        .where(and(eq(events.mentorId, me.id), eq(events.title, 'Без обложки'))),
    ).toHaveLength(0);
  });

  it('refuses a cover over 5 MB', async () => {
    const me = await mentor();
    const big = new Uint8Array(5_242_881);
    big.set(PNG);
    const refused = await expectError(
      addEvent(
        me,
        validFields({
          event_image: { bytes: big, name: 'big.png', type: 'image/png' },
        }),
      ),
      413,
    );
    expect(refused.fields).toEqual({
      event_image: 'Файл слишком большой. Максимальный размер 5MB.',
    });
  });
});

describe('PUT /api/events/UpdateEvent/', () => {
  it('changes only the fields sent (JSON) and answers the editor shape', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id, {
      price: 100,
      totalSpots: 10,
    });
    const updated = await expectOk(
      updateJson(me, event.id, {
        title: ' Новое название ',
        price: 200,
        description: '<h2>План</h2><script>x</script>',
      }),
      200,
    );
    expectMatch(updated, {
      id: event.id,
      title: 'Новое название',
      price: 200,
      total_spots: 10,
      description: '<h2>План</h2>',
      date: event.startsAt.toISOString(),
    });
    expectMatch(await expectOk(getEvent(event.id), 200), { title: 'Новое название', price: 200 });
  });

  it('validates with the same messages', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id);
    expect(
      await fieldsOf(
        updateJson(me, event.id, {
          title: '',
          price: 1.5,
          total_spots: 0.5,
          event_category: 'x',
          description: 'я'.repeat(501),
        }),
      ),
    ).toEqual({
      title: 'Поле обязательно для заполнения',
      price: 'Цена должна быть целым числом',
      total_spots: 'Минимум 1 участник',
      event_category: 'Выберите действительную категорию мероприятия.',
      description: 'Превышен лимит в 500 символов',
    });
    expect((await fieldsOf(updateJson(me, event.id, { price: null }))).price).toBe('Цена обязательна');
    expect((await fieldsOf(updateJson(me, event.id, { is_canceled: true }))).is_canceled).toBeDefined();
    expect((await eventRow(event.id)).title).toBe('Тестовое мероприятие');
  });

  it('a new start must be an hour ahead; an unchanged one is not checked again', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id, {
      startsAt: new Date(Date.now() + 30 * 60_000),
    });
    expect((await fieldsOf(updateJson(me, event.id, { date: inHours(0.75) }))).date).toBe('Укажите более позднее время');
    expect((await fieldsOf(updateJson(me, event.id, { date: inHours(-1) }))).date).toBe('Дата не может быть в прошлом');
    await expectOk(
      updateJson(me, event.id, {
        date: event.startsAt.toISOString(),
        title: 'Уточнение',
      }),
      200,
    );
    // the form's start, to the minute, of the same event
    const sameMinute = new Date(Math.floor(event.startsAt.getTime() / 60_000) * 60_000).toISOString();
    expect((await expectOk(updateJson(me, event.id, { date: sameMinute }), 200)).date).toBe(event.startsAt.toISOString());
    const moved = await expectOk(updateJson(me, event.id, { date: inHours(3) }), 200);
    expect(new Date(moved.date).getTime()).toBeGreaterThan(Date.now() + 2 * HOUR);
  });

  it('only the event’s mentor: another mentor and a mentee get 404, and nothing changes', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id);
    const other = await mentor();
    const mentee = await createUser(t.db);
    expect((await expectError(updateJson(other, event.id, { title: 'Чужое' }), 404)).detail).toBe('Мероприятие не найдено');
    await expectError(updateJson(mentee, event.id, { title: 'Чужое' }), 404);
    await expectError(updateJson(me, 'abc', { title: 'x' }), 404);
    await expectError(updateJson(me, 999_999_999, { title: 'x' }), 404);
    await expectError(updateJson(me, event.id, { mentor_id: other.id }), 403);
    expect((await eventRow(event.id)).title).toBe('Тестовое мероприятие');
  });

  it('never sets fewer seats than are taken', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id, { totalSpots: 5 });
    for (let i = 0; i < 3; i++) await register(await createUser(t.db), event.id);
    const refused = await expectError(updateJson(me, event.id, { total_spots: 2, title: 'Не сохранится' }), 409);
    expectMatch(refused, {
      code: 'spots_below_taken',
      fields: { total_spots: 'Мест не может быть меньше, чем уже занято: 3' },
    });
    expect(await eventRow(event.id)).toMatchObject({
      totalSpots: 5,
      title: 'Тестовое мероприятие',
    });
    expect((await expectOk(updateJson(me, event.id, { total_spots: 3 }), 200)).available_spots).toBe(0);
    expect((await expectOk(updateJson(me, event.id, { total_spots: 0 }), 200)).available_spots).toBeNull();
  });

  it('seats and registrations racing each other never oversell', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id, { totalSpots: 10 });
    const people = await Promise.all([1, 2, 3, 4].map(() => createUser(t.db)));
    const results = await Promise.all([
      ...people.map((p) => send('POST', '/api/events/register_for_event/', { user: asUser(p), body: { event_id: event.id } })), // the race, as it was
      updateJson(me, event.id, { total_spots: 2 }),
    ]);
    const row = await eventRow(event.id);
    expect(row.takenSpots).toBeLessThanOrEqual(row.totalSpots);
    const update = results.at(-1)!;
    if (update.status === 200) expect(row.totalSpots).toBe(2);
    else expect(update.status).toBe(409);
    const live = await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id));
    expect(live.filter((r) => r.status !== 'canceled')).toHaveLength(row.takenSpots);
  });

  it('refuses changes to a canceled event', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id, { isCanceled: true });
    expect((await expectError(updateJson(me, event.id, { title: 'x' }), 409)).code).toBe('event_canceled');
  });

  it('replaces the cover (multipart) and deletes the old file; remove_image clears it', async () => {
    const me = await mentor();
    const created = await expectOk(addEvent(me, validFields({ event_image: { bytes: PNG, name: 'a.png' } })), 201);
    const first = (await eventRow(created.id)).imageFileId!;
    const replaced = await expectOk(
      updateForm(me, created.id, {
        title: 'С новой обложкой',
        event_image: { bytes: PNG, name: 'b.txt' },
      }),
      200,
    );
    const second = (await eventRow(created.id)).imageFileId!;
    expect(second).not.toBe(first);
    expectMatch(replaced, {
      title: 'С новой обложкой',
      image_url: `/media/files/${second}`,
    });
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, first))).toHaveLength(0);

    const html = new TextEncoder().encode('<svg onload=alert(1)>');
    expect(
      (
        await expectError(
          updateForm(me, created.id, {
            event_image: { bytes: html, name: 'x.png' },
          }),
          400,
        )
      ).fields,
    ).toEqual({ event_image: 'Пожалуйста, загрузите изображение.' });
    expect((await eventRow(created.id)).imageFileId).toBe(second);

    const removed = await expectOk(updateForm(me, created.id, { remove_image: 'true' }), 200);
    expect(removed.image_url).toBeNull();
    expect(await eventRow(created.id)).toMatchObject({
      imageUrl: null,
      imageFileId: null,
    });
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, second))).toHaveLength(0);
  });

  it('tells confirmed participants when the time or the title changes, once per change', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id);
    const participant = await createUser(t.db);
    await register(participant, event.id);
    const changed = () =>
      t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, participant.id), eq(notifications.kind, 'event_changed')));

    await expectOk(updateJson(me, event.id, { price: 0, description: '<p>новое</p>' }), 200);
    expect(await changed()).toHaveLength(0);

    await expectOk(updateJson(me, event.id, { date: inHours(72) }), 200);
    const [moved] = await changed();
    expect(moved.message).toContain('время начала');
    expect(moved.payload).toMatchObject({ url: `/event_info/${event.id}` });

    await expectOk(updateJson(me, event.id, { title: 'Другое название' }), 200);
    const notes = await changed();
    expect(notes).toHaveLength(2);
    expect(notes.map((n) => n.message).join(' ')).toContain('«Другое название»');
    // the mentor is not told about their own change
    expect(
      await t.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.userId, me.id), eq(notifications.kind, 'event_changed'))),
    ).toHaveLength(0);
  });
});

describe('DELETE /api/events/DeleteEvent/', () => {
  it('deletes the mentor’s own event and its cover', async () => {
    const me = await mentor();
    const created = await expectOk(addEvent(me, validFields({ event_image: { bytes: PNG, name: 'a.png' } })), 201);
    const fileId = (await eventRow(created.id)).imageFileId!;
    const res = await deleteEvent(me, created.id);
    expect(res.status).toBe(204);
    expect(await eventRow(created.id)).toBeUndefined();
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.id, fileId))).toHaveLength(0);
    await expectError(getEvent(created.id), 404);
  });

  it('only the event’s mentor: others get 404', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id);
    await expectError(deleteEvent(await mentor(), event.id), 404);
    await expectError(deleteEvent(await createUser(t.db), event.id), 404);
    await expectError(deleteEvent(me, 'x'), 404);
    expect(await eventRow(event.id)).toBeDefined();
  });

  it('refuses while a participant has paid or is paying, and points to cancelling', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id, { price: 2000 });
    const payer = await createUser(t.db);
    const registration = await register(payer, event.id);
    expect(registration.status).toBe('pending_payment');
    const pending = await expectError(deleteEvent(me, event.id), 409);
    expect(pending.code).toBe('event_has_paid_participants');

    const payment = await startPayment(t.db, { registrationId: registration.id }, payer.id, me.id, 200_000);
    expect(await providerPays(t.db, payment)).toBe('applied');
    const paid = await expectError(deleteEvent(me, event.id), 409);
    expectMatch(paid, { code: 'event_has_paid_participants' });
    expect(paid.detail).toContain('Отмените мероприятие');
    expect(await eventRow(event.id)).toBeDefined();

    // cancelling refunds; the payment record then keeps the event for the books
    await expectOk(eventsAs(me).cancel_event.$post({ json: { event_id: event.id } }), 200);
    expect((await expectError(deleteEvent(me, event.id), 409)).code).toBe('event_has_payments');
  });

  it('deletes an event with free participants and tells them', async () => {
    const me = await mentor();
    const event = await createEvent(t.db, me.id, {
      price: 0,
      title: 'Бесплатная встреча',
    });
    const participant = await createUser(t.db);
    expect((await register(participant, event.id)).status).toBe('confirmed');
    expect((await deleteEvent(me, event.id)).status).toBe(204);
    expect(await t.db.select().from(eventRegistrations).where(eq(eventRegistrations.eventId, event.id))).toHaveLength(0);
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, participant.id), eq(notifications.kind, 'event_deleted')));
    expect(note.message).toContain('«Бесплатная встреча»');
  });
});
