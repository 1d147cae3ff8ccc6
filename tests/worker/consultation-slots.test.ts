// Consultation slots: the date rules of spec 002 §5.3 in the mentor's time zone, no overlaps (exclusion
// constraint), nothing moved or deleted under a live booking (row lock, then check), recurrence expanded
// from wall-clock times so DST doesn't shift them, and the public list of free slots.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots, consultationTypes, slotSeries } from '../../drizzle/schema/consultations.ts';
import { users } from '../../drizzle/schema/users.ts';
import { availableSlots } from '../../worker/consultation-slots/consultation-slots.queries.ts';
import { createUser } from '../factories.ts';
import { testDb, useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const dateOf = (ms: number) => iso(ms).slice(0, 10);

/** `hour`:00 UTC, `days` calendar days from today (UTC) */
function ahead(days: number, hour = 7) {
  const d = new Date();
  d.setUTCHours(hour, 0, 0, 0);
  return d.getTime() + days * DAY;
}

type Mentor = Awaited<ReturnType<typeof createUser>>;
type Status = (typeof consultationBookings.$inferInsert)['status'];

async function mentorWithType(mentorValues: Partial<typeof users.$inferInsert> = {}) {
  const mentor = await createUser(t.db, { role: 'mentor', ...mentorValues });
  const type = await typeOf(mentor);
  return { mentor, type };
}

async function typeOf(mentor: Mentor, values: Partial<typeof consultationTypes.$inferInsert> = {}) {
  const [type] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Консультация', costs: 1500, ...values }).returning();
  return type;
}

/** A slot written straight to the table (e.g. in the past, where the API refuses it). */
async function rawSlot(type: { id: number; mentorId: number }, start: number, end = start + HOUR) {
  const [row] = await t.db
    .insert(consultationSlots)
    .values({ mentorId: type.mentorId, consultationTypeId: type.id, startsAt: new Date(start), endsAt: new Date(end) })
    .returning();
  return row;
}

async function book(slotId: number, status: Status, holdExpiresAt: Date | null = null) {
  const [slot] = await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, slotId));
  const mentee = await createUser(t.db);
  const [row] = await t.db
    .insert(consultationBookings)
    .values({ slotId, menteeId: mentee.id, mentorId: slot.mentorId, consultationTypeId: slot.consultationTypeId, price: 1500, status, holdExpiresAt })
    .returning();
  return row;
}

/** the typed client's slot routes as this user (a visitor without one), on the spec's paths with the trailing slash */
const slotsAs = (user?: Mentor) => apiAs(user && asUser(user), { trailingSlash: true })['consultation-type-slots'];
type Slots = ReturnType<typeof slotsAs>;
type SlotJson = InferRequestType<Slots['create']['$post']>['json'];
type SlotPatchJson = InferRequestType<Slots[':id']['update']['$patch']>['json'];
type RecurrenceJson = InferRequestType<Slots['create_recurrent_slots']['$post']>['json'];
const param = (id: number) => ({ id: String(id) });
const owner = (userId?: number) => (userId === undefined ? {} : { user_id: String(userId) });

const createSlot = (mentor: Mentor, json: SlotJson) => slotsAs(mentor).create.$post({ json });
const slotBody = (typeId: number, start: number, end = start + HOUR) => ({ consultation_type: typeId, start_time: iso(start), end_time: iso(end) });
const slotRow = async (id: number) => (await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, id)))[0];
const available = (typeId: number, from: number, to: number, timeZone?: string) =>
  slotsAs().available.$get({
    query: { consultation_type_id: String(typeId), start_date: dateOf(from), end_date: dateOf(to), ...(timeZone === undefined ? {} : { time_zone: timeZone }) },
  });
const recurrent = (mentor: Mentor, json: RecurrenceJson) => slotsAs(mentor).create_recurrent_slots.$post({ json });
const patchSlot = (user: Mentor, id: number, json: SlotPatchJson) => slotsAs(user)[':id'].update.$patch({ param: param(id), json });
const deleteSlot = (user: Mentor, id: number, userId?: number) => slotsAs(user)[':id'].delete.$delete({ param: param(id), query: owner(userId) });
const deleteSeries = (user: Mentor, id: number, userId?: number) => slotsAs(user)[':id'].delete_series.$delete({ param: param(id), query: owner(userId) });
const mySlots = (user?: Mentor, userId?: number) => slotsAs(user).all.$get({ query: owner(userId) });
const slotDetail = (id: number) => slotsAs()[':id'].detailed_info.$get({ param: param(id) });
/** bodies the typed client would refuse to compile, for the 400s */
const sendCreateSlot = (mentor: Mentor, body: object) => send('POST', '/api/consultation-type-slots/create/', { user: asUser(mentor), body });
const sendRecurrent = (mentor: Mentor, body: object) => send('POST', '/api/consultation-type-slots/create_recurrent_slots/', { user: asUser(mentor), body });

describe('creating a slot', () => {
  it('answers 201 with the slot as the editor lists it', async () => {
    const { mentor, type } = await mentorWithType();
    const start = ahead(5);
    const body = await expectOk(createSlot(mentor, { ...slotBody(type.id, start), user_id: mentor.id }), 201);
    expect(body).toEqual({
      id: expect.any(Number),
      start_time: iso(start),
      end_time: iso(start + HOUR),
      consultation_type: type.id,
      repeat_type: 'none',
      custom_weekdays: [],
      repeat_until: null,
      recurrence_id: null,
      user_id: mentor.id,
      is_booked: false,
    });
    expect(await expectOk(mySlots(mentor, mentor.id), 200)).toEqual([body]);
  });

  it('refuses bad times with the form’s messages, in the mentor’s time zone', async () => {
    // 23:30 Moscow time: tomorrow in Vladivostok (UTC+10), still today in Moscow
    const { mentor, type } = await mentorWithType({ timeZone: 'Asia/Vladivostok' });
    const fieldsOf = async (body: object) => (await expectJson(sendCreateSlot(mentor, body), 400)).fields;
    expect(await fieldsOf({})).toEqual({
      consultation_type: 'Выберите вид консультации',
      start_time: 'Поле даты обязательно для заполнения',
      end_time: 'Укажите время окончания',
    });
    expect(await fieldsOf({ ...slotBody(type.id, ahead(3)), start_time: '2027-13-01T10:00' })).toEqual({ start_time: 'Некорректные дата или время' });
    expect(await fieldsOf(slotBody(type.id, ahead(3), ahead(3)))).toEqual({ end_time: 'Время окончания должно быть позже времени начала' });
    expect(await fieldsOf(slotBody(type.id, ahead(3), ahead(3) + 1001 * MIN))).toEqual({ end_time: 'Слот не может быть длиннее 1000 минут' });
    // a slot people meet in lasts 15 minutes at least (issue 34, decision 010)
    expect(await fieldsOf(slotBody(type.id, ahead(3), ahead(3) + MIN))).toEqual({ end_time: 'Слот не может быть короче 15 минут' });
    expect(await fieldsOf(slotBody(type.id, ahead(3), ahead(3) + 14 * MIN))).toEqual({ end_time: 'Слот не может быть короче 15 минут' });
    expect(await fieldsOf(slotBody(type.id, ahead(-1, 12)))).toEqual({ start_time: 'Дата не может быть раньше сегодняшнего дня' });
    // five minutes ago may still be yesterday in Vladivostok (just after its midnight): then the date message wins
    const fiveMinutesAgo = Date.now() - 5 * MIN;
    const vladivostokDay = (at: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Vladivostok' }).format(at);
    const pastMessage = vladivostokDay(fiveMinutesAgo) === vladivostokDay(Date.now()) ? 'Время начала уже прошло' : 'Дата не может быть раньше сегодняшнего дня';
    expect(await fieldsOf(slotBody(type.id, fiveMinutesAgo))).toEqual({ start_time: pastMessage });
    expect(await fieldsOf(slotBody(type.id, ahead(402)))).toEqual({ start_time: 'Пожалуйста, выберите более раннюю дату' });
    await expectOk(createSlot(mentor, slotBody(type.id, ahead(399), ahead(399) + 1000 * MIN)), 201);
    expect(await t.db.select().from(consultationSlots).where(eq(consultationSlots.mentorId, mentor.id))).toHaveLength(1);
  });

  it('is for the type’s mentor only', async () => {
    const { mentor, type } = await mentorWithType();
    const other = await createUser(t.db, { role: 'mentor' });
    const mentee = await createUser(t.db);
    expect(await expectError(createSlot(other, slotBody(type.id, ahead(3))), 404)).toEqual({ detail: 'Вид консультации не найден', code: 'not_found' });
    expect((await expectError(createSlot(mentor, { ...slotBody(type.id, ahead(3)), user_id: other.id }), 403)).code).toBe('forbidden');
    expect((await expectError(createSlot(mentee, slotBody(type.id, ahead(3))), 403)).code).toBe('forbidden');
    expect((await expectError(slotsAs().create.$post({ json: slotBody(type.id, ahead(3)) }), 401)).code).toBe('not_authenticated');
    const archived = await typeOf(mentor, { archivedAt: new Date() });
    expect((await expectError(createSlot(mentor, slotBody(archived.id, ahead(3))), 404)).code).toBe('not_found');
  });

  it('refuses an overlap with another live slot of the mentor: 409 slot_overlap', async () => {
    const { mentor, type } = await mentorWithType();
    const second = await typeOf(mentor);
    const start = ahead(6);
    await expectOk(createSlot(mentor, slotBody(type.id, start)), 201);
    expect(await expectError(createSlot(mentor, slotBody(second.id, start + 30 * MIN)), 409)).toEqual({
      detail: 'Это время пересекается с другим вашим слотом',
      code: 'slot_overlap',
    });
    await expectOk(createSlot(mentor, slotBody(second.id, start + HOUR)), 201); // touching is fine
    const other = await mentorWithType();
    await expectOk(createSlot(other.mentor, slotBody(other.type.id, start)), 201); // other mentors' time is theirs
  });
});

describe('changing a slot', () => {
  it('moves the mentor’s free slot and checks the new times', async () => {
    const { mentor, type } = await mentorWithType();
    const slot = await expectOk(createSlot(mentor, slotBody(type.id, ahead(5))), 201);
    const patch = (json: SlotPatchJson) => patchSlot(mentor, slot.id, json);
    const sendPatch = (body: object) => send('PATCH', `/api/consultation-type-slots/${slot.id}/update/`, { user: asUser(mentor), body });
    const moved = await expectOk(patch({ start_time: iso(ahead(6)), end_time: iso(ahead(6) + 90 * MIN), user_id: mentor.id }), 200);
    expect(moved).toMatchObject({ id: slot.id, start_time: iso(ahead(6)), end_time: iso(ahead(6) + 90 * MIN) });
    expect((await expectJson(sendPatch({ end_time: iso(ahead(6)) }), 400)).fields).toEqual({ end_time: 'Время окончания должно быть позже времени начала' });
    expect((await expectJson(sendPatch({ start_time: iso(ahead(-2)), end_time: iso(ahead(-2) + HOUR) }), 400)).fields).toEqual({
      start_time: 'Дата не может быть раньше сегодняшнего дня',
    });
    expect((await expectJson(sendPatch({ end_time: iso(ahead(6) + 1001 * MIN) }), 400)).fields).toEqual({ end_time: 'Слот не может быть длиннее 1000 минут' });
    expect((await expectJson(sendPatch({ end_time: iso(ahead(6) + 5 * MIN) }), 400)).fields).toEqual({ end_time: 'Слот не может быть короче 15 минут' });
    const other = await typeOf(mentor);
    expect(await expectOk(patch({ consultation_type: other.id }), 200)).toMatchObject({ consultation_type: other.id });
    const foreign = await mentorWithType();
    expect((await expectError(patch({ consultation_type: foreign.type.id }), 404)).detail).toBe('Вид консультации не найден');
  });

  it('answers another mentor’s slot like a missing one and refuses a foreign user_id', async () => {
    const { mentor, type } = await mentorWithType();
    const other = await createUser(t.db, { role: 'mentor' });
    const slot = await expectOk(createSlot(mentor, slotBody(type.id, ahead(5))), 201);
    const notFound = { detail: 'Слот не найден', code: 'not_found' };
    const body = { start_time: iso(ahead(7)), end_time: iso(ahead(7) + HOUR) };
    expect(await expectError(patchSlot(other, slot.id, body), 404)).toEqual(notFound);
    expect(await expectError(deleteSlot(other, slot.id), 404)).toEqual(notFound);
    expect(await expectError(deleteSeries(other, slot.id), 404)).toEqual(notFound);
    expect((await expectError(patchSlot(mentor, slot.id, { ...body, user_id: other.id }), 403)).code).toBe(
      'forbidden',
    );
    expect((await expectError(deleteSlot(mentor, slot.id, other.id), 403)).code).toBe('forbidden');
    expect((await slotRow(slot.id)).startsAt.toISOString()).toBe(iso(ahead(5)));
  });

  it('refuses to move a slot onto another one: 409 slot_overlap', async () => {
    const { mentor, type } = await mentorWithType();
    await expectOk(createSlot(mentor, slotBody(type.id, ahead(5))), 201);
    const slot = await expectOk(createSlot(mentor, slotBody(type.id, ahead(6))), 201);
    const res = patchSlot(mentor, slot.id, { start_time: iso(ahead(5) + 30 * MIN), end_time: iso(ahead(5) + 90 * MIN) });
    expect((await expectError(res, 409)).code).toBe('slot_overlap');
  });

  it('refuses to move or delete a booked slot: 409 slot_booked; a hold that ran out does not count', async () => {
    const { mentor, type } = await mentorWithType();
    const booked = { detail: 'Это время уже забронировано', code: 'slot_booked' };
    const move = (id: number) => patchSlot(mentor, id, { start_time: iso(ahead(30)), end_time: iso(ahead(30) + HOUR) });
    const remove = (id: number) => deleteSlot(mentor, id);

    for (const [days, status, hold] of [
      [5, 'paid', null],
      [6, 'pending_payment', new Date(Date.now() + 10 * MIN)],
    ] as const) {
      const slot = await expectOk(createSlot(mentor, slotBody(type.id, ahead(days))), 201);
      await book(slot.id, status, hold);
      expect(await expectError(move(slot.id), 409)).toEqual(booked);
      expect(await expectError(remove(slot.id), 409)).toEqual(booked);
      expect(await slotRow(slot.id)).toMatchObject({ startsAt: new Date(ahead(days)), deletedAt: null });
    }
    const stale = await expectOk(createSlot(mentor, slotBody(type.id, ahead(7))), 201);
    await book(stale.id, 'pending_payment', new Date(Date.now() - MIN));
    expect(await expectOk(move(stale.id), 200)).toMatchObject({ start_time: iso(ahead(30)), is_booked: false });
  });
});

describe('deleting a slot', () => {
  it('deletes a slot no booking named', async () => {
    const { mentor, type } = await mentorWithType();
    const slot = await expectOk(createSlot(mentor, slotBody(type.id, ahead(5))), 201);
    await expectOk(deleteSlot(mentor, slot.id, mentor.id), 204);
    expect(await slotRow(slot.id)).toBeUndefined();
    expect((await expectError(deleteSlot(mentor, slot.id), 404)).code).toBe('not_found');
  });

  it('soft-deletes a slot with a canceled booking, which then frees the time for a new slot', async () => {
    const { mentor, type } = await mentorWithType();
    const start = ahead(8);
    const slot = await expectOk(createSlot(mentor, slotBody(type.id, start)), 201);
    const canceled = await book(slot.id, 'canceled');
    await expectOk(deleteSlot(mentor, slot.id), 204);
    expect((await slotRow(slot.id)).deletedAt).toBeInstanceOf(Date);
    expect((await t.db.select().from(consultationBookings).where(eq(consultationBookings.id, canceled.id)))[0].slotId).toBe(slot.id);

    expect(await expectOk(mySlots(mentor), 200)).toEqual([]);
    expect(await expectOk(available(type.id, start, start), 200)).toEqual([]);
    expect(await expectError(slotDetail(slot.id), 404)).toEqual({ detail: 'Слот не найден', code: 'not_found' });
    expect((await expectError(patchSlot(mentor, slot.id, {}), 404)).code).toBe('not_found');

    const again = await expectOk(createSlot(mentor, slotBody(type.id, start)), 201);
    expect(again.id).not.toBe(slot.id);
  });

  it('waits for a booking being made on the slot and then refuses: the row lock comes before the check', async () => {
    const { mentor, type } = await mentorWithType();
    const slot = await expectOk(createSlot(mentor, slotBody(type.id, ahead(9))), 201);
    await book(slot.id, 'canceled'); // history, so a check that missed the booking would soft-delete
    const mentee = await createUser(t.db);
    const booker = testDb();
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => (locked = resolve));
    let commit!: () => void;
    const commitNow = new Promise<void>((resolve) => (commit = resolve));
    // a booking transaction as decision 006 describes it: FOR SHARE on the slot, then the insert
    const booking = booker.db.transaction(async (tx) => {
      await tx.execute(sql`select id from consultation_slots where id = ${slot.id} for share`);
      await tx.insert(consultationBookings).values({ slotId: slot.id, menteeId: mentee.id, mentorId: mentor.id, consultationTypeId: type.id, price: 1500, status: 'paid' });
      locked();
      await commitNow;
    });
    await lockTaken;
    const deletion = deleteSlot(mentor, slot.id);
    const move = patchSlot(mentor, slot.id, { start_time: iso(ahead(10)), end_time: iso(ahead(10) + HOUR) });
    await new Promise((r) => setTimeout(r, 300));
    commit();
    await booking;
    await booker.close();
    expect((await expectError(deletion, 409)).code).toBe('slot_booked');
    expect((await expectError(move, 409)).code).toBe('slot_booked');
    expect(await slotRow(slot.id)).toMatchObject({ deletedAt: null, startsAt: new Date(ahead(9)) });
  });
});

/** The next last Sunday of October whose week before is still ahead (at most ~375 days away). */
function nextOctoberChange() {
  const lastSunday = (year: number) => {
    const d = new Date(Date.UTC(year, 9, 31));
    d.setUTCDate(31 - d.getUTCDay());
    return d.getTime();
  };
  const year = new Date().getUTCFullYear();
  const change = lastSunday(year);
  return change - 7 * DAY > Date.now() + DAY ? change : lastSunday(year + 1);
}

describe('recurring slots', () => {
  it('keeps 10:00 in Berlin across the end of summer time: 08:00Z before, 09:00Z after', async () => {
    const { mentor, type } = await mentorWithType();
    const change = nextOctoberChange();
    const first = change - 7 * DAY + 8 * HOUR; // a Sunday, 10:00 CEST
    const body = await expectOk(recurrent(mentor, {
        consultation_type: type.id,
        start_time: iso(first),
        end_time: iso(first + HOUR),
        repeat_type: 'weekly',
        custom_weekdays: [],
        repeat_until: dateOf(change + 7 * DAY),
        time_zone: 'Europe/Berlin',
        user_id: mentor.id,
      }),
      201,
    );
    expect(body).toEqual({ recurrence_id: expect.any(String), created: 3, skipped: [] });
    const rows = await t.db.select().from(consultationSlots).where(eq(consultationSlots.seriesId, body.recurrence_id)).orderBy(consultationSlots.startsAt);
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual([
      iso(change - 7 * DAY + 8 * HOUR),
      iso(change + 9 * HOUR),
      iso(change + 7 * DAY + 9 * HOUR),
    ]);
    expect(rows.map((r) => r.endsAt.getTime() - r.startsAt.getTime())).toEqual([HOUR, HOUR, HOUR]);
    const [series] = await t.db.select().from(slotSeries).where(eq(slotSeries.id, body.recurrence_id));
    expect(series).toMatchObject({ repeatType: 'weekly', customWeekdays: ['sun'], startLocal: '10:00:00', endLocal: '11:00:00', timeZone: 'Europe/Berlin' });

    const listed = await expectOk(mySlots(mentor), 200);
    expect(listed[0]).toMatchObject({
      repeat_type: 'weekly',
      custom_weekdays: ['sun'],
      repeat_until: dateOf(change + 7 * DAY),
      recurrence_id: body.recurrence_id,
      consultation_type: type.id,
    });
  });

  it('repeats on the chosen weekdays in the mentor’s own time zone by default, and reports overlaps as skipped', async () => {
    const { mentor, type } = await mentorWithType({ timeZone: 'Asia/Yekaterinburg' }); // UTC+5
    // the Monday at least 3 days ahead, 09:00 in Yekaterinburg = 04:00Z
    let monday = ahead(3, 4);
    while (new Date(monday).getUTCDay() !== 1) monday += DAY;
    const clash = await expectOk(createSlot(mentor, slotBody(type.id, monday + 2 * DAY + 30 * MIN)), 201); // Wednesday 09:30
    const body = await expectOk(recurrent(mentor, {
        consultation_type: type.id,
        start_time: iso(monday),
        end_time: iso(monday + HOUR),
        repeat_type: 'custom',
        custom_weekdays: ['fri', 'mon', 'wed', 'mon'],
        repeat_until: dateOf(monday + 13 * DAY),
      }),
      201,
    );
    expect(body).toEqual({ recurrence_id: expect.any(String), created: 5, skipped: [iso(monday + 2 * DAY)] });
    const rows = await t.db.select().from(consultationSlots).where(eq(consultationSlots.seriesId, body.recurrence_id)).orderBy(consultationSlots.startsAt);
    expect(rows.map((r) => r.startsAt.toISOString())).toEqual([0, 4, 7, 9, 11].map((d) => iso(monday + d * DAY)));
    const [series] = await t.db.select().from(slotSeries).where(eq(slotSeries.id, body.recurrence_id));
    expect(series).toMatchObject({ customWeekdays: ['mon', 'wed', 'fri'], timeZone: 'Asia/Yekaterinburg', startLocal: '09:00:00' });
    expect(await slotRow(clash.id)).toBeDefined();
  });

  it('repeats daily and skips a first date whose time has already passed today', async () => {
    const { mentor, type } = await mentorWithType({ timeZone: 'UTC' });
    // earlier today (UTC): two hours ago, or midnight when that was yesterday
    const start = Math.max(Date.now() - 2 * HOUR, ahead(0, 0));
    const body = await expectOk(recurrent(mentor, {
        consultation_type: type.id,
        start_time: iso(start),
        end_time: iso(start + HOUR),
        repeat_type: 'daily',
        repeat_until: dateOf(Date.now() + 2 * DAY),
      }),
      201,
    );
    expect(body.created).toBe(2);
    const rows = await t.db.select().from(consultationSlots).where(eq(consultationSlots.seriesId, body.recurrence_id)).orderBy(consultationSlots.startsAt);
    expect(rows.map((r) => r.startsAt.getTime())).toEqual([start + DAY, start + 2 * DAY]);
  });

  it('makes one slot for repeat_type none', async () => {
    const { mentor, type } = await mentorWithType();
    const body = await expectOk(recurrent(mentor, { consultation_type: type.id, start_time: iso(ahead(4)), end_time: iso(ahead(4) + HOUR), repeat_type: 'none', custom_weekdays: null, repeat_until: null }),
      201,
    );
    expect(body).toMatchObject({ created: 1, skipped: [] });
    const [series] = await t.db.select().from(slotSeries).where(eq(slotSeries.id, body.recurrence_id));
    expect(series).toMatchObject({ repeatType: 'none', firstDate: dateOf(ahead(4)), repeatUntil: dateOf(ahead(4)) });
  });

  it('refuses invalid rules with field messages and records nothing', async () => {
    const { mentor, type } = await mentorWithType();
    const base = { consultation_type: type.id, start_time: iso(ahead(3)), end_time: iso(ahead(3) + HOUR), repeat_type: 'weekly' as const, repeat_until: dateOf(ahead(60)) };
    const fieldsOf = async (body: object) => (await expectJson(sendRecurrent(mentor, body), 400)).fields;
    expect(await fieldsOf({ ...base, repeat_type: 'custom', custom_weekdays: [] })).toEqual({ custom_weekdays: 'Выберите хотя бы один день недели' });
    expect(await fieldsOf({ ...base, repeat_type: 'custom', custom_weekdays: ['mon', 'holiday'] })).toEqual({ 'custom_weekdays.1': 'Некорректный день недели' });
    expect(await fieldsOf({ ...base, repeat_type: 'monthly' })).toEqual({ repeat_type: 'Некорректный тип повторения' });
    expect(await fieldsOf({ ...base, repeat_until: undefined })).toEqual({ repeat_until: 'Укажите дату окончания повторения' });
    expect(await fieldsOf({ ...base, repeat_until: '2027-02-30' })).toEqual({ repeat_until: 'Некорректная дата окончания повторения' });
    expect(await fieldsOf({ ...base, repeat_until: dateOf(ahead(2)) })).toEqual({
      repeat_until: 'Дата окончания повторения не может быть раньше даты первого слота',
    });
    expect(await fieldsOf({ ...base, repeat_until: dateOf(ahead(402)) })).toEqual({ repeat_until: 'Пожалуйста, выберите более раннюю дату' });
    expect(await fieldsOf({ ...base, time_zone: 'Mars/Olympus' })).toEqual({ time_zone: 'Неизвестный часовой пояс' });
    expect(await fieldsOf({ ...base, start_time: iso(ahead(-1, 12)), end_time: iso(ahead(-1, 13)) })).toEqual({
      start_time: 'Дата не может быть раньше сегодняшнего дня',
    });
    expect(await fieldsOf({ ...base, end_time: iso(ahead(3) + 1001 * MIN) })).toEqual({ end_time: 'Слот не может быть длиннее 1000 минут' });
    expect(await fieldsOf({ ...base, end_time: iso(ahead(3) + 10 * MIN) })).toEqual({ end_time: 'Слот не может быть короче 15 минут' });
    // a Monday-only rule over two days that are not Mondays has nothing to expand
    let tuesday = ahead(3);
    while (new Date(tuesday).getUTCDay() !== 2) tuesday += DAY;
    expect(
      await fieldsOf({ ...base, start_time: iso(tuesday), end_time: iso(tuesday + HOUR), repeat_type: 'custom', custom_weekdays: ['mon'], repeat_until: dateOf(tuesday + DAY) }),
    ).toEqual({ repeat_until: 'В выбранном периоде нет ни одного подходящего дня' });
    expect(await t.db.select().from(slotSeries).where(eq(slotSeries.mentorId, mentor.id))).toEqual([]);

    const other = await createUser(t.db, { role: 'mentor' });
    expect((await expectError(recurrent(other, base), 404)).code).toBe('not_found');
    expect((await expectError(recurrent(mentor, { ...base, user_id: other.id }), 403)).code).toBe('forbidden');
  });
});

describe('deleting a series', () => {
  it('removes the future free slots, keeps booked and past ones, and says how many', async () => {
    const { mentor, type } = await mentorWithType({ timeZone: 'UTC' });
    const first = ahead(2, 10);
    const series = await expectOk(recurrent(mentor, { consultation_type: type.id, start_time: iso(first), end_time: iso(first + HOUR), repeat_type: 'daily', repeat_until: dateOf(first + 5 * DAY) }),
      201,
    );
    expect(series.created).toBe(6);
    const slots = await t.db.select().from(consultationSlots).where(eq(consultationSlots.seriesId, series.recurrence_id)).orderBy(consultationSlots.startsAt);
    await book(slots[1].id, 'paid');
    await book(slots[2].id, 'canceled');
    await book(slots[3].id, 'pending_payment', new Date(Date.now() + 10 * MIN));
    // a slot of the series that has already taken place stays as it is
    await t.db.update(consultationSlots).set({ startsAt: new Date(ahead(-3, 10)), endsAt: new Date(ahead(-3, 11)) }).where(eq(consultationSlots.id, slots[5].id));

    const body = await expectOk(deleteSeries(mentor, slots[0].id, mentor.id), 200);
    expect(body).toEqual({ deleted: 3, kept_booked: 2 });
    expect(await slotRow(slots[0].id)).toBeUndefined();
    expect(await slotRow(slots[1].id)).toMatchObject({ deletedAt: null });
    expect((await slotRow(slots[2].id)).deletedAt).toBeInstanceOf(Date);
    expect(await slotRow(slots[3].id)).toMatchObject({ deletedAt: null });
    expect(await slotRow(slots[4].id)).toBeUndefined();
    expect(await slotRow(slots[5].id)).toMatchObject({ deletedAt: null });

    const listed = await expectOk(mySlots(mentor), 200);
    expect(listed.map((s) => [s.id, s.is_booked])).toEqual([
      [slots[1].id, true],
      [slots[3].id, true],
    ]);
    // asked again through a kept slot: nothing left to remove
    expect(await expectOk(deleteSeries(mentor, slots[1].id), 200)).toEqual({ deleted: 0, kept_booked: 2 });
  });
});

describe('free slots of a type', () => {
  it('lists free future slots ascending: not booked, past or deleted; a hold that ran out is free again', async () => {
    const { mentor, type } = await mentorWithType();
    const otherType = await typeOf(mentor);
    const later = await rawSlot(type, ahead(6));
    const soon = await rawSlot(type, ahead(2));
    const paid = await rawSlot(type, ahead(3));
    await book(paid.id, 'paid');
    const held = await rawSlot(type, ahead(4));
    await book(held.id, 'pending_payment', new Date(Date.now() + 5 * MIN));
    const expiredHold = await rawSlot(type, ahead(5));
    await book(expiredHold.id, 'pending_payment', new Date(Date.now() - MIN));
    const canceled = await rawSlot(type, ahead(7));
    await book(canceled.id, 'canceled');
    await rawSlot(type, Date.now() - HOUR); // started already
    const [deleted] = await t.db
      .insert(consultationSlots)
      .values({ mentorId: mentor.id, consultationTypeId: type.id, startsAt: new Date(ahead(8)), endsAt: new Date(ahead(8) + HOUR), deletedAt: new Date() })
      .returning();
    await rawSlot(otherType, ahead(9));
    await rawSlot(type, ahead(40)); // after the range

    const body = await expectOk(available(type.id, Date.now(), ahead(30)), 200);
    expect(body).toEqual([soon, expiredHold, later, canceled].map((s) => ({ id: s.id, start_time: s.startsAt.toISOString(), end_time: s.endsAt.toISOString() })));
    expect(body.map((s) => s.id)).not.toContain(deleted.id);
    // both dates are included
    expect((await expectOk(available(type.id, ahead(2), ahead(2)), 200)).map((s) => s.id)).toEqual([soon.id]);
  });

  it('reads the dates in the given time zone', async () => {
    const { type } = await mentorWithType();
    const slot = await rawSlot(type, ahead(5, 22)); // 22:00Z is the next day in Moscow, the same day in New York
    expect((await expectOk(available(type.id, ahead(5), ahead(5)), 200)).map((s) => s.id)).toEqual([]);
    expect((await expectOk(available(type.id, ahead(6), ahead(6)), 200)).map((s) => s.id)).toEqual([slot.id]);
    expect((await expectOk(available(type.id, ahead(5), ahead(5), 'America/New_York'), 200)).map((s) => s.id)).toEqual([slot.id]);
  });

  it('checks the query and answers 404 for an archived or unknown type', async () => {
    const { mentor, type } = await mentorWithType();
    const fieldsOf = async (query: string) => (await expectJson(send('GET', `/api/consultation-type-slots/available/?${query}`), 400)).fields;
    expect(await fieldsOf('')).toEqual({
      consultation_type_id: 'Некорректный вид консультации',
      start_date: 'Некорректная дата начала',
      end_date: 'Некорректная дата окончания',
    });
    expect(await fieldsOf(`consultation_type_id=${type.id}&start_date=2027-01-10&end_date=2027-01-09`)).toEqual({
      end_date: 'Дата окончания не может быть раньше даты начала',
    });
    expect(await fieldsOf(`consultation_type_id=${type.id}&start_date=2027-01-01&end_date=2028-02-06`)).toEqual({ end_date: 'Период не может превышать 400 дней' });
    expect(await fieldsOf(`consultation_type_id=${type.id}&start_date=2027-01-01&end_date=2027-01-32`)).toEqual({ end_date: 'Некорректная дата окончания' });
    expect(await fieldsOf(`consultation_type_id=${type.id}&start_date=2027-01-01&end_date=2027-01-02&time_zone=Nowhere`)).toEqual({ time_zone: 'Неизвестный часовой пояс' });
    await expectOk(available(type.id, Date.now(), ahead(400)), 200);
    const archived = await typeOf(mentor, { archivedAt: new Date() });
    expect(await expectError(available(archived.id, Date.now(), ahead(30)), 404)).toEqual({ detail: 'Вид консультации не найден', code: 'not_found' });
    expect((await expectError(available(2147000000, Date.now(), ahead(30)), 404)).code).toBe('not_found');
  });

  it('answers a year of weekly slots among thousands of others with 300 bookings quickly (EXPLAIN ANALYZE)', async () => {
    const mentee = await createUser(t.db);
    const types: (typeof consultationTypes.$inferSelect)[] = [];
    // 12 mentors, one type each, a slot every day for a year: ~4400 slots
    for (let i = 0; i < 12; i++) {
      const { mentor, type } = await mentorWithType({ timeZone: 'UTC' });
      const first = ahead(1, 6 + i);
      const weekly = i === 0;
      await expectOk(recurrent(mentor, {
          consultation_type: type.id,
          start_time: iso(first),
          end_time: iso(first + HOUR),
          repeat_type: weekly ? 'weekly' : 'daily',
          repeat_until: dateOf(ahead(366)),
        }),
        201,
      );
      types.push(type);
    }
    // 300 bookings: the weekly type's slots all booked (paid, held, expired holds, canceled), the rest on others
    const slots = await t.db.select().from(consultationSlots).where(sql`${consultationSlots.consultationTypeId} in ${types.map((x) => x.id)}`);
    const weeklySlots = slots.filter((s) => s.consultationTypeId === types[0].id);
    const others = slots.filter((s) => s.consultationTypeId !== types[0].id);
    const statusFor = (i: number) => (['paid', 'pending_payment', 'pending_payment', 'canceled'] as const)[i % 4];
    const rows = [...weeklySlots.slice(0, 40), ...others.slice(0, 260)].map((s, i) => ({
      slotId: s.id,
      menteeId: mentee.id,
      mentorId: s.mentorId,
      consultationTypeId: s.consultationTypeId,
      price: 1500,
      status: statusFor(i),
      holdExpiresAt: statusFor(i) === 'pending_payment' ? new Date(Date.now() + (i % 8 === 1 ? 10 : -10) * MIN) : null,
    }));
    await t.db.insert(consultationBookings).values(rows);
    await t.db.execute(sql`analyze consultation_slots`);
    await t.db.execute(sql`analyze consultation_bookings`);

    const query = availableSlots(t.db, types[0].id, dateOf(ahead(1)), dateOf(ahead(366)), 'Europe/Moscow').toSQL();
    const result = await t.db.$client.query(`explain (analyze, format json) ${query.sql}`, query.params);
    const [{ 'Execution Time': ms, Plan: plan }] = result.rows[0]['QUERY PLAN'];
    const planText = JSON.stringify(plan);
    console.log(`available: ${slots.length} slots, ${rows.length} bookings, ${weeklySlots.length} weekly slots; execution ${ms} ms`);
    console.log(planText.match(/"(Node Type|Index Name)":"[^"]+"/g)?.join(' '));
    expect(planText).toContain('consultation_slots_type_start_idx');
    expect(ms).toBeLessThan(50);

    // Here 300 bookings are cheaper to hash than to probe; with sequential scans and hash joins ruled out,
    // the planner shows the per-slot probe of the partial unique index it would use on a large table.
    const client = await t.db.$client.connect();
    try {
      await client.query('begin');
      await client.query('set local enable_seqscan = off');
      await client.query('set local enable_hashjoin = off');
      await client.query('set local enable_mergejoin = off');
      const probed = await client.query(`explain (analyze, format json) ${query.sql}`, query.params);
      const [{ 'Execution Time': probedMs, Plan: probedPlan }] = probed.rows[0]['QUERY PLAN'];
      console.log(`available with index probes: execution ${probedMs} ms`);
      expect(JSON.stringify(probedPlan)).toContain('consultation_bookings_live_slot_uq');
      expect(probedMs).toBeLessThan(50);
      await client.query('rollback');
    } finally {
      client.release();
    }

    const free = await expectOk(available(types[0].id, ahead(1), ahead(366)), 200);
    const liveBooked = rows.slice(0, 40).filter((r) => r.status === 'paid' || (r.status === 'pending_payment' && r.holdExpiresAt! > new Date())).length;
    expect(free).toHaveLength(weeklySlots.length - liveBooked);
  });
});

describe('one slot for the booking dialog', () => {
  it('answers the mentor, the type and the times to anyone', async () => {
    const { mentor, type } = await mentorWithType({ firstName: 'Анна', lastName: 'Петрова', tgTitle: 'Канал', avatarUrl: 'https://img.test/a.png', timeZone: 'Europe/Samara' });
    await t.db.update(consultationTypes).set({ description: 'Подробно', durationMinutes: 45 }).where(eq(consultationTypes.id, type.id));
    const slot = await rawSlot(type, ahead(3), ahead(3) + 45 * MIN);
    expect(await expectOk(slotDetail(slot.id), 200)).toEqual({
      mentor: { id: mentor.id, name: 'Анна', surname: 'Петрова', tg_title: 'Канал', avatar_url: 'https://img.test/a.png', time_zone: 'Europe/Samara' },
      consultation_type: { id: type.id, name: 'Консультация', description: 'Подробно', costs: 1500, duration_minutes: 45, is_recorded: true, cancel_cutoff_hours: 0 },
      slot: { id: slot.id, start_time: iso(ahead(3)), end_time: iso(ahead(3) + 45 * MIN) },
    });
    expect((await expectError(slotsAs()[':id'].detailed_info.$get({ param: param(2147000000) }), 404)).detail).toBe('Слот не найден');
  });
});

describe('the mentor’s own slots', () => {
  it('lists only the caller’s slots that have not ended, with is_booked', async () => {
    const { mentor, type } = await mentorWithType();
    const other = await mentorWithType();
    const booked = await rawSlot(type, ahead(3));
    await book(booked.id, 'paid');
    const free = await rawSlot(type, ahead(4));
    await rawSlot(type, Date.now() - 2 * HOUR);
    await rawSlot(other.type, ahead(5));
    const body = await expectOk(slotsAs(mentor).all.$get({ query: {} }), 200);
    expect(body.map((s) => [s.id, s.is_booked])).toEqual([
      [booked.id, true],
      [free.id, false],
    ]);
    expect((await expectError(mySlots(mentor, other.mentor.id), 403)).code).toBe('forbidden');
    expect((await expectError(mySlots(), 401)).code).toBe('not_authenticated');
  });
});
