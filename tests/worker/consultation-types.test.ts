// Consultation types: the form's rules (spec 002 §5.3) on the server, mentors writing only their own
// types, and deletion that archives a type with bookings instead of pulling their history away.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationBookings, consultationSlots, consultationTypes } from '../../drizzle/schema/consultations.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';

const t = useTestDb();
const DAY = 86_400_000;
const HOUR = 3_600_000;

const newMentor = () => createUser(t.db, { role: 'mentor' });
const valid = { name: 'Разбор резюме', description: 'Час разговора', duration_minutes: 60, costs: 2500 };

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash */
const as = (user?: Person) => apiAs(user && asUser(user), { trailingSlash: true });
type CreateJson = InferRequestType<typeof api['consultation-types']['create']['$post']>['json'];
type PatchJson = InferRequestType<(typeof api)['consultation-types'][':id']['update']['$patch']>['json'];
const create = (user: Person | undefined, json: CreateJson, client = as(user)) => client['consultation-types'].create.$post({ json });
const list = (userId: number) => as()['consultation-types'].all.$get({ query: { user_id: String(userId) } });
const detail = (id: number, query: { user_id?: string } = {}, client = as()) => client['consultation-types'][':id'].detail.$get({ param: { id: String(id) }, query });
const update = (user: Person, id: number, json: PatchJson, client = as(user)) => client['consultation-types'][':id'].update.$patch({ param: { id: String(id) }, json });
const remove = (user: Person | undefined, id: number, query: { user_id?: string } = {}, client = as(user)) =>
  client['consultation-types'][':id'].delete.$delete({ param: { id: String(id) }, query });
/** for the table of 400s: bodies invalid on purpose, some of which the typed client would not send ({} lacks the name) */
const sendCreate = (user: Person, body: object) => send('POST', '/api/consultation-types/create/', { user: asUser(user), body });

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
    const body = await expectOk(create(mentor, { ...valid, user_id: mentor.id }), 201);
    // typed by the answer, so a renamed field fails typecheck
    expect(body).toEqual<typeof body>({ id: expect.any(Number), ...valid, loyalty_steps: [], packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES, user: mentor.id });
    expect(await expectOk(list(mentor.id), 200)).toEqual([body]);
    expect(await expectOk(detail(body.id), 200)).toEqual(body);
    expect(await expectOk(detail(body.id, { user_id: String(mentor.id) }, api), 200)).toEqual(body);
  });

  it('accepts the limits, numbers written as strings and no description', async () => {
    const mentor = await newMentor();
    // without the trailing slash
    const createOk = async (json: CreateJson) => expectOk(create(mentor, json, apiAs(asUser(mentor))), 201);
    const longest = await createOk({ name: 'x'.repeat(255), duration_minutes: 1000, costs: 150000 });
    expect([longest.duration_minutes, longest.costs, longest.description]).toEqual([1000, 150000, '']);
    const free = await createOk({ name: '  Бесплатно  ', duration_minutes: '15', costs: '0' });
    expect([free.name, free.duration_minutes, free.costs]).toEqual(['Бесплатно', 15, 0]);
  });

  it('refuses each invalid field with the form’s message', async () => {
    const mentor = await newMentor();
    const fieldsOf = async (body: object) => (await expectJson(sendCreate(mentor, body), 400)).fields;
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
    // the spec's form allows 0; people meet in a consultation, so 15 minutes at least (issue 34, decision 010)
    for (const short of [0, 1, 14]) {
      expect(await fieldsOf({ ...valid, duration_minutes: short })).toEqual({ duration_minutes: 'Длительность должна быть не меньше 15 минут' });
    }
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
    expect((await expectError(create(undefined, valid), 401)).code).toBe('not_authenticated');
    expect((await expectError(create(mentee, valid), 403)).code).toBe('forbidden');
    expect((await expectError(create(mentor, { ...valid, user_id: other.id }), 403)).code).toBe('forbidden');
    expect(await expectOk(list(other.id), 200)).toEqual([]);
  });
});

describe('changing a consultation type', () => {
  it('updates the given fields of the mentor’s own type', async () => {
    const { mentor, type } = await mentorWithType({ name: 'Старое', description: 'Описание', durationMinutes: 30, costs: 500 });
    const body = await expectOk(update(mentor, type.id, { costs: 700, user_id: mentor.id }), 200);
    expect(body).toEqual<typeof body>({ id: type.id, name: 'Старое', description: 'Описание', duration_minutes: 30, costs: 700, loyalty_steps: [], packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES, user: mentor.id });
    // without the trailing slash
    expect(await expectOk(update(mentor, type.id, {}, apiAs(asUser(mentor))), 200)).toEqual(body);
    expect((await typeRow(type.id)).costs).toBe(700);
  });

  it('checks the fields like creation does', async () => {
    const { mentor, type } = await mentorWithType();
    const res = await expectError(update(mentor, type.id, { duration_minutes: 0, name: '' }), 400);
    expect(res.fields).toEqual({ name: 'Название обязательно для заполнения', duration_minutes: 'Длительность должна быть не меньше 15 минут' });
    expect((await expectError(update(mentor, type.id, { duration_minutes: 1 }), 400)).fields).toEqual({ duration_minutes: 'Длительность должна быть не меньше 15 минут' });
  });

  it('answers another mentor’s type like a missing one, and refuses a foreign user_id', async () => {
    const { mentor, type } = await mentorWithType({ costs: 1000 });
    const other = await newMentor();
    const notFound = { detail: 'Вид консультации не найден', code: 'not_found' };
    expect(await expectError(update(other, type.id, { costs: 1 }), 404)).toEqual(notFound);
    expect(await expectError(update(mentor, 2147000000, { costs: 1 }), 404)).toEqual(notFound);
    expect((await expectError(update(mentor, type.id, { costs: 1, user_id: other.id }), 403)).code).toBe('forbidden');
    expect(await expectError(detail(type.id, { user_id: String(other.id) }), 404)).toEqual(notFound);
    expect((await typeRow(type.id)).costs).toBe(1000);
  });
});

describe('deleting a consultation type', () => {
  it('deletes a type without bookings together with its slots', async () => {
    const { mentor, type } = await mentorWithType();
    const slot = await slotAt(type, Date.now() + 3 * DAY);
    await expectOk(remove(mentor, type.id, { user_id: String(mentor.id) }), 204);
    expect(await typeRow(type.id)).toBeUndefined();
    expect(await slotRow(slot.id)).toBeUndefined();
    expect((await expectError(remove(mentor, type.id), 404)).code).toBe('not_found');
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

    // without the trailing slash
    await expectOk(remove(mentor, type.id, {}, apiAs(asUser(mentor))), 204);
    expect((await typeRow(type.id)).archivedAt).toBeInstanceOf(Date);
    expect((await slotRow(past.id)).deletedAt).toBeNull();
    expect((await slotRow(booked.id)).deletedAt).toBeNull();
    expect((await slotRow(canceled.id)).deletedAt).toBeInstanceOf(Date);
    expect(await slotRow(free.id)).toBeUndefined();
    expect((await slotRow(pastFree.id)).deletedAt).toBeNull();

    expect(await expectOk(list(mentor.id), 200)).toEqual([]);
    expect((await expectError(detail(type.id), 404)).code).toBe('not_found');
    expect((await expectError(update(mentor, type.id, { costs: 5 }), 404)).code).toBe('not_found');
    expect((await expectError(remove(mentor, type.id), 404)).code).toBe('not_found');
  });

  it('is only for the type’s mentor', async () => {
    const { mentor, type } = await mentorWithType();
    const other = await newMentor();
    expect((await expectError(remove(other, type.id), 404)).code).toBe('not_found');
    expect((await expectError(remove(mentor, type.id, { user_id: String(other.id) }), 403)).code).toBe('forbidden');
    expect((await expectError(remove(undefined, type.id), 401)).code).toBe('not_authenticated');
    expect(await typeRow(type.id)).toBeDefined();
  });
});
