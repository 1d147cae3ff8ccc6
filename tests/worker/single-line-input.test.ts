// Single-line text (decision 013, «Single-line text»; issue 34): a title, a name, a city, a job or a tag holding a line
// break or another control character is a 400 naming the field, with one message, and nothing is written. The attack
// of issue 34 first: an event title that would have planted events in every calendar that downloaded the event.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { consultationTypes } from '../../drizzle/schema/consultations.ts';
import { events } from '../../drizzle/schema/events.ts';
import { users } from '../../drizzle/schema/users.ts';
import { personNameSchema } from '../../worker/auth/auth.schemas.ts';
import { isSingleLine, SINGLE_LINE_MESSAGE, toSingleLine } from '../../worker/lib/single-line.ts';
import { createEvent, createUser } from '../factories.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

const ATTACK = 'Вебинар\r\nBEGIN:VEVENT\r\nUID:phish@x\r\nSUMMARY:Оплатите участие повторно\r\nURL:https://evil.example/pay\r\nEND:VEVENT';
const refused = (...fields: string[]) => ({
  detail: 'Проверьте правильность заполнения полей',
  code: 'validation_error',
  fields: Object.fromEntries(fields.map((f) => [f, SINGLE_LINE_MESSAGE])),
});

function form(fields: Record<string, string>) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.set(k, v);
  return body;
}

const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000).toISOString();
const eventFields = (title: string) => ({ title, description: '<p>Первая строка</p><p>вторая</p>', date: inTwoDays(), price: '0', total_spots: '10', event_category: 'Хобби' });

describe('a line break or control character in a single-line field', () => {
  it("is refused in an event's title (the attack of issue 34), multipart and JSON, on create and update", async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const add = (body: BodyInit, type?: string) =>
      call('/api/events/AddEvent/', { method: 'POST', user: asUser(mentor), headers: { origin: ORIGIN, ...(type ? { 'content-type': type } : {}) }, body });
    expect(await expectJson(add(form(eventFields(ATTACK))), 400)).toEqual(refused('title'));
    expect(await expectJson(add(JSON.stringify(eventFields('Вебинар\u2028второй')), 'application/json'), 400)).toEqual(refused('title'));
    expect(await t.db.select().from(events).where(eq(events.mentorId, mentor.id))).toEqual([]);

    const event = await createEvent(t.db, mentor.id, { title: 'Вебинар' });
    const update = call(`/api/events/UpdateEvent/?id=${event.id}`, { method: 'PUT', user: asUser(mentor), headers: { origin: ORIGIN }, body: form({ title: 'Вебинар\u0085' + 'URL:x' }) });
    expect(await expectJson(update, 400)).toEqual(refused('title'));
    expect((await t.db.select({ title: events.title }).from(events).where(eq(events.id, event.id)))[0]!.title).toBe('Вебинар');

    // a one-line title is still taken; a description keeps its lines
    const created = await expectJson<{ title: string; description: string }>(add(form(eventFields('Вебинар: «Резюме», часть 1 😀'))), 201);
    expect(created.title).toBe('Вебинар: «Резюме», часть 1 😀');
  });

  it("is refused in a consultation type's name, on create and update", async () => {
    const mentor = await createUser(t.db, { role: 'mentor' });
    const valid = { name: 'Разбор резюме', description: 'Час разговора:\nрезюме\nи вопросы', duration_minutes: 60, costs: 2500 };
    const create = (body: object) => send('POST', '/api/consultation-types/create/', { user: asUser(mentor), body });
    expect(await expectJson(create({ ...valid, name: ATTACK }), 400)).toEqual(refused('name'));
    const type = await expectJson<{ id: number; description: string }>(create(valid), 201);
    expect(type.description).toBe(valid.description);
    expect(await expectJson(send('PATCH', `/api/consultation-types/${type.id}/update/`, { user: asUser(mentor), body: { name: 'Разбор\tрезюме' } }), 400)).toEqual(refused('name'));
    expect((await t.db.select({ name: consultationTypes.name }).from(consultationTypes).where(eq(consultationTypes.mentorId, mentor.id))).map((r) => r.name)).toEqual(['Разбор резюме']);
  });

  it('is refused in the profile: names, city, channel, specialization and skills; «О себе» stays multi-line', async () => {
    const user = await createUser(t.db, { firstName: 'Ольга', lastName: 'Ким' });
    const patch = (fields: Record<string, string>) => call('/api/users/me/', { method: 'PATCH', user: asUser(user), headers: { origin: ORIGIN }, body: form(fields) });
    const bad = { mentor_name: 'Ольга\r\nX', mentor_surname: 'Ким\n', user_city_residence: 'Москва\u001b', mentor_tg_title: 'Канал\u2029второй', mentor_specialization: 'Аналитик\u0007' };
    // a trailing line break is only trimmed; the rest are refused
    const answer = await expectJson<{ fields: Record<string, string> }>(patch(bad), 400);
    expect(answer).toEqual(refused('mentor_name', 'user_city_residence', 'mentor_tg_title', 'mentor_specialization'));
    const skills = await call('/api/users/me/', {
      method: 'PATCH',
      user: asUser(user),
      headers: { origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ mentor_skills: ['SQL', 'Python\r\nBEGIN:VEVENT'] }),
    });
    expect(await expectJson(skills, 400)).toEqual(refused('mentor_skills.1'));
    expect((await t.db.select({ first: users.firstName, last: users.lastName }).from(users).where(eq(users.id, user.id)))[0]).toEqual({ first: 'Ольга', last: 'Ким' });
    expect((await patch({ mentor_description: 'Первая строка\r\nвторая' })).status).toBe(200);
  });

  it('is refused in work experience and education (the profile and the application share them)', async () => {
    const user = await createUser(t.db);
    const job = { position_title: 'Аналитик\r\nданных', company_name: 'ООО\u000bРомашка', start_date: '2020-01-01' };
    expect(await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: job }), 400)).toEqual(refused('position_title', 'company_name'));
    const study = { university_name: 'МГУ\u2028им. Ломоносова', specialty: 'Физика\u009b', start_year: 2010 };
    expect(await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: study }), 400)).toEqual(refused('university_name', 'specialty'));
  });

  it("is refused in a mentor application's names, skills and tags, while its long texts keep their lines", async () => {
    const user = await createUser(t.db);
    const payload = {
      mentor_name: 'Ольга\rX',
      mentor_surname: 'Ким',
      mentor_skills: ['SQL', 'a\nb'],
      mentor_education_tags: ['МГУ\u0085'],
      mentor_specialization: 'Аналитик\ndata',
      mentor_description: 'Первая строка\nвторая',
      work_experiences: [{ position_title: 'A\nB', company_name: 'C', start_date: '2020-01-01' }],
    };
    expect(await expectJson(send('POST', '/api/mentor-applications/', { user: asUser(user), body: { payload } }), 400)).toEqual(
      refused('payload.mentor_name', 'payload.mentor_skills.1', 'payload.mentor_education_tags.0', 'payload.mentor_specialization', 'payload.work_experiences.0.position_title'),
    );
    const fine = { mentor_name: 'Ольга', mentor_description: 'Первая строка\nвторая', mentor_work_experience: 'Десять лет\nв аналитике' };
    expect((await send('POST', '/api/mentor-applications/', { user: asUser(user), body: { payload: fine } })).status).toBe(201);
  });

  it('has one rule: C0 and C1 controls and the Unicode separators are refused, any other text is fine', () => {
    for (const code of [0x0, 0x9, 0xa, 0xd, 0x1f, 0x7f, 0x80, 0x85, 0x9f, 0x2028, 0x2029]) {
      expect(isSingleLine(`а${String.fromCharCode(code)}б`), code.toString(16)).toBe(false);
    }
    for (const ok of ['Вебинар', 'Ёлка, «кавычки»; \\ обратная черта', 'emoji 😀 и 中文', 'a\u00a0b', 'שלום', '']) expect(isSingleLine(ok), ok).toBe(true);
    // the registration form's name field
    expect(personNameSchema.safeParse('Ан\nна').error?.issues.map((i) => i.message)).toEqual([SINGLE_LINE_MESSAGE]);
    expect(personNameSchema.safeParse('  Анна\n').data).toBe('Анна');
    expect(toSingleLine('Вебинар\r\nBEGIN:VEVENT\u2028x\u0085')).toBe('Вебинар BEGIN:VEVENT x');
  });
});
