// Consultation types: the form's rules (spec 002 §5.3) on the server, mentors writing only their own
// types, and deletion that archives a type with bookings instead of pulling their history away.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();
const DAY = 86_400_000;
const HOUR = 3_600_000;

const newMentor = () => createUser(t.db, { role: 'mentor' });
const valid = { name: 'Разбор резюме', description: 'Час разговора', duration_minutes: 60, costs: 2500 };

async function mentorWithType(values: Partial<typeof consultationTypes.$inferInsert> = {}) {
  const mentor = await newMentor();
  const [type] = await t.db.insert(consultationTypes).values({ mentorId: mentor.id, name: 'Консультация', costs: 1000, ...values }).returning();
  return { mentor, type };
}

async function slotAt(type: { id: number; mentorId: number }, start: number, end = start + HOUR) {
  const [row] = await t.db
    .insert(consultationSlots)
    .values({ mentorId: type.mentorId, consultationTypeId: type.id, startsAt: new Date(start), endsAt: new Date(end) })
    .returning();
  return row;
}

async function book(slot: { id: number; mentorId: number; consultationTypeId: number }, status: 'paid' | 'canceled' | 'finished') {
  const mentee = await createUser(t.db);
  await t.db.insert(consultationBookings).values({
    slotId: slot.id,
    menteeId: mentee.id,
    mentorId: slot.mentorId,
    consultationTypeId: slot.consultationTypeId,
    price: 1000,
    status,
  });
}

const slotRow = async (id: number) => (await t.db.select().from(consultationSlots).where(eq(consultationSlots.id, id)))[0];
const typeRow = async (id: number) => (await t.db.select().from(consultationTypes).where(eq(consultationTypes.id, id)))[0];

describe('creating a consultation type', () => {
  it('answers 201 with the type, which the mentor page then lists', async () => {
    const mentor = await newMentor();
    const body = await expectJson(send('POST', '/api/consultation-types/create/', { user: asUser(mentor), body: { ...valid, user_id: mentor.id } }), 201);
    expect(body).toEqual({ id: expect.any(Number), ...valid, user: mentor.id });
    expect(await expectJson(send('GET', `/api/consultation-types/all/?user_id=${mentor.id}`), 200)).toEqual([body]);
    expect(await expectJson(send('GET', `/api/consultation-types/${body.id}/detail/`), 200)).toEqual(body);
    expect(await expectJson(send('GET', `/api/consultation-types/${body.id}/detail?user_id=${mentor.id}`), 200)).toEqual(body);
  });

  it('accepts the limits, numbers written as strings and no description', async () => {
    const mentor = await newMentor();
    const create = (body: object) => expectJson(send('POST', '/api/consultation-types/create', { user: asUser(mentor), body }), 201);
    expect(await create({ name: 'x'.repeat(255), duration_minutes: 1000, costs: 150000 })).toMatchObject({ duration_minutes: 1000, costs: 150000, description: '' });
    expect(await create({ name: '  Бесплатно  ', duration_minutes: '1', costs: '0' })).toMatchObject({ name: 'Бесплатно', duration_minutes: 1, costs: 0 });
  });

  it('refuses each invalid field with the form’s message', async () => {
    const mentor = await newMentor();
    const fieldsOf = async (body: object) =>
      (await expectJson(send('POST', '/api/consultation-types/create/', { user: asUser(mentor), body }), 400)).fields;
    expect(await fieldsOf({})).toEqual({
      name: 'Название обязательно для заполнения',
      duration_minutes: 'Длительность обязательна',
      costs: 'Стоимость обязательна',
    });
    expect(await fieldsOf({ ...valid, name: '   ' })).toEqual({ name: 'Название обязательно для заполнения' });
    expect(await fieldsOf({ ...valid, name: 'x'.repeat(256) })).toEqual({ name: 'Название не должно превышать 255 символов' });
    expect(await fieldsOf({ ...valid, description: 'x'.repeat(2001) })).toEqual({ description: 'Описание не должно превышать 2000 символов' });
    expect(await fieldsOf({ ...valid, duration_minutes: '' })).toEqual({ duration_minutes: 'Длительность обязательна' });
    expect(await fieldsOf({ ...valid, duration_minutes: -1 })).toEqual({ duration_minutes: 'Длительность не может быть меньше 0 минут' });
    expect(await fieldsOf({ ...valid, duration_minutes: 0 })).toEqual({ duration_minutes: 'Длительность должна быть не меньше 1 минуты' });
    expect(await fieldsOf({ ...valid, duration_minutes: 1001 })).toEqual({ duration_minutes: 'Длительность не может превышать 1000 минут' });
    expect(await fieldsOf({ ...valid, duration_minutes: 30.5 })).toEqual({ duration_minutes: 'Длительность должна быть целым числом минут' });
    expect(await fieldsOf({ ...valid, duration_minutes: 'час' })).toEqual({ duration_minutes: 'Длительность должна быть целым числом минут' });
    expect(await fieldsOf({ ...valid, costs: null })).toEqual({ costs: 'Стоимость обязательна' });
    expect(await fieldsOf({ ...valid, costs: -1 })).toEqual({ costs: 'Стоимость не может быть меньше 0 рублей' });
    expect(await fieldsOf({ ...valid, costs: 150001 })).toEqual({ costs: 'Стоимость не может превышать 150000 рублей' });
    expect(await fieldsOf({ ...valid, costs: 99.9 })).toEqual({ costs: 'Стоимость должна быть целым числом рублей' });
    expect(await t.db.select().from(consultationTypes).where(eq(consultationTypes.mentorId, mentor.id))).toEqual([]);
  });

  it('is for mentors only, and only for themselves', async () => {
    const [mentee, mentor, other] = await Promise.all([createUser(t.db), newMentor(), newMentor()]);
    expect((await expectJson(send('POST', '/api/consultation-types/create/', { body: valid }), 401)).code).toBe('not_authenticated');
    expect((await expectJson(send('POST', '/api/consultation-types/create/', { user: asUser(mentee), body: valid }), 403)).code).toBe('forbidden');
    expect((await expectJson(send('POST', '/api/consultation-types/create/', { user: asUser(mentor), body: { ...valid, user_id: other.id } }), 403)).code).toBe(
      'forbidden',
    );
    expect(await expectJson(send('GET', `/api/consultation-types/all/?user_id=${other.id}`), 200)).toEqual([]);
  });
});

describe('changing a consultation type', () => {
  it('updates the given fields of the mentor’s own type', async () => {
    const { mentor, type } = await mentorWithType({ name: 'Старое', description: 'Описание', durationMinutes: 30, costs: 500 });
    const body = await expectJson(send('PATCH', `/api/consultation-types/${type.id}/update/`, { user: asUser(mentor), body: { costs: 700, user_id: mentor.id } }), 200);
    expect(body).toEqual({ id: type.id, name: 'Старое', description: 'Описание', duration_minutes: 30, costs: 700, user: mentor.id });
    expect(await expectJson(send('PATCH', `/api/consultation-types/${type.id}/update`, { user: asUser(mentor), body: {} }), 200)).toEqual(body);
    expect((await typeRow(type.id)).costs).toBe(700);
  });

  it('checks the fields like creation does', async () => {
    const { mentor, type } = await mentorWithType();
    const res = await expectJson(send('PATCH', `/api/consultation-types/${type.id}/update/`, { user: asUser(mentor), body: { duration_minutes: 0, name: '' } }), 400);
    expect(res.fields).toEqual({ name: 'Название обязательно для заполнения', duration_minutes: 'Длительность должна быть не меньше 1 минуты' });
  });

  it('answers another mentor’s type like a missing one, and refuses a foreign user_id', async () => {
    const { mentor, type } = await mentorWithType({ costs: 1000 });
    const other = await newMentor();
    const notFound = { detail: 'Вид консультации не найден', code: 'not_found' };
    expect(await expectJson(send('PATCH', `/api/consultation-types/${type.id}/update/`, { user: asUser(other), body: { costs: 1 } }), 404)).toEqual(notFound);
    expect(await expectJson(send('PATCH', '/api/consultation-types/2147000000/update/', { user: asUser(mentor), body: { costs: 1 } }), 404)).toEqual(notFound);
    expect((await expectJson(send('PATCH', `/api/consultation-types/${type.id}/update/`, { user: asUser(mentor), body: { costs: 1, user_id: other.id } }), 403)).code).toBe(
      'forbidden',
    );
    expect(await expectJson(send('GET', `/api/consultation-types/${type.id}/detail/?user_id=${other.id}`), 404)).toEqual(notFound);
    expect((await typeRow(type.id)).costs).toBe(1000);
  });
});

describe('deleting a consultation type', () => {
  it('deletes a type without bookings together with its slots', async () => {
    const { mentor, type } = await mentorWithType();
    const slot = await slotAt(type, Date.now() + 3 * DAY);
    await expectJson(send('DELETE', `/api/consultation-types/${type.id}/delete/?user_id=${mentor.id}`, { user: asUser(mentor) }), 204);
    expect(await typeRow(type.id)).toBeUndefined();
    expect(await slotRow(slot.id)).toBeUndefined();
    expect((await expectJson(send('DELETE', `/api/consultation-types/${type.id}/delete/`, { user: asUser(mentor) }), 404)).code).toBe('not_found');
  });

  it('archives a type with bookings: booked and past slots stay, free future slots go', async () => {
    const { mentor, type } = await mentorWithType();
    const past = await slotAt(type, Date.now() - 2 * DAY);
    await book(past, 'finished');
    const booked = await slotAt(type, Date.now() + 2 * DAY);
    await book(booked, 'paid');
    const canceled = await slotAt(type, Date.now() + 3 * DAY);
    await book(canceled, 'canceled');
    const free = await slotAt(type, Date.now() + 4 * DAY);
    const pastFree = await slotAt(type, Date.now() - 5 * DAY);

    await expectJson(send('DELETE', `/api/consultation-types/${type.id}/delete`, { user: asUser(mentor) }), 204);
    expect((await typeRow(type.id)).archivedAt).toBeInstanceOf(Date);
    expect((await slotRow(past.id)).deletedAt).toBeNull();
    expect((await slotRow(booked.id)).deletedAt).toBeNull();
    expect((await slotRow(canceled.id)).deletedAt).toBeInstanceOf(Date);
    expect(await slotRow(free.id)).toBeUndefined();
    expect((await slotRow(pastFree.id)).deletedAt).toBeNull();

    expect(await expectJson(send('GET', `/api/consultation-types/all/?user_id=${mentor.id}`), 200)).toEqual([]);
    expect((await expectJson(send('GET', `/api/consultation-types/${type.id}/detail/`), 404)).code).toBe('not_found');
    expect((await expectJson(send('PATCH', `/api/consultation-types/${type.id}/update/`, { user: asUser(mentor), body: { costs: 5 } }), 404)).code).toBe('not_found');
    expect((await expectJson(send('DELETE', `/api/consultation-types/${type.id}/delete/`, { user: asUser(mentor) }), 404)).code).toBe('not_found');
  });

  it('is only for the type’s mentor', async () => {
    const { mentor, type } = await mentorWithType();
    const other = await newMentor();
    expect((await expectJson(send('DELETE', `/api/consultation-types/${type.id}/delete/`, { user: asUser(other) }), 404)).code).toBe('not_found');
    expect((await expectJson(send('DELETE', `/api/consultation-types/${type.id}/delete/?user_id=${other.id}`, { user: asUser(mentor) }), 403)).code).toBe('forbidden');
    expect((await expectJson(send('DELETE', `/api/consultation-types/${type.id}/delete/`), 401)).code).toBe('not_authenticated');
    expect(await typeRow(type.id)).toBeDefined();
  });
});
