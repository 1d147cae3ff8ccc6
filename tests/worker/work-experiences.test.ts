import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { workExperiences } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

const job = { position_title: 'Дизайнер', company_name: 'Студия', start_date: '2020-03-01', end_date: '2022-06-01' };

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
type CreateJson = InferRequestType<(typeof api)['work-experiences']['$post']>['json'];
type PatchJson = InferRequestType<(typeof api)['work-experiences'][':id']['$patch']>['json'];
/** the typed client's work experiences as this user (a visitor without one), on the spec's paths with the trailing slash */
const jobsOf = (user?: Person, { trailingSlash = true } = {}) => apiAs(user && asUser(user), { trailingSlash })['work-experiences'];
const add = (user: Person | undefined, json: CreateJson) => jobsOf(user).$post({ json });
const patch = (user: Person, id: number | string, json: PatchJson) => jobsOf(user)[':id'].$patch({ param: { id: String(id) }, json });
const remove = (user: Person | undefined, id: number | string) => jobsOf(user)[':id'].$delete({ param: { id: String(id) } });

async function userWithJob(values: Partial<typeof job> = {}) {
  const user = await createUser(t.db);
  const item = await expectOk(add(user, { ...job, ...values }), 201);
  return { user, item };
}

describe('work experiences', () => {
  it('is 401 for a visitor on every method', async () => {
    for (const [label, request] of [
      ['GET', () => jobsOf().$get()],
      ['POST', () => add(undefined, job)],
      ['PATCH', () => jobsOf()[':id'].$patch({ param: { id: '1' }, json: job })],
      ['DELETE', () => remove(undefined, 1)],
    ] as const) {
      const body = await expectError(request(), 401);
      expect(body.code, `${label} /api/work-experiences/`).toBe('not_authenticated');
    }
  });

  it('creates an item and lists the newest start first, with and without the trailing slash', async () => {
    const { user, item } = await userWithJob();
    expect(item).toEqual<typeof item>({ id: expect.any(Number), ...job, user_id: user.id });
    const bare = jobsOf(user, { trailingSlash: false });
    const current = await expectOk(bare.$post({ json: { ...job, start_date: '2023-01-01', end_date: null, user_id: user.id } }), 201);
    expect(current.end_date).toBeNull();
    const list = await expectOk(bare.$get(), 200);
    expect(list.map((w) => w.id)).toEqual([current.id, item.id]);
    expect(await expectOk(jobsOf(user).$get(), 200)).toEqual(list);
  });

  it('refuses missing and too long fields with the form messages', async () => {
    const user = await createUser(t.db);
    // an empty body on purpose: the typed client would not send it
    const empty = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: {} }), 400);
    expect(empty).toEqual({
      detail: 'Проверьте правильность заполнения полей',
      code: 'validation_error',
      fields: {
        position_title: 'Должность обязательна для заполнения',
        company_name: 'Название компании обязательно для заполнения',
        start_date: 'Дата начала обязательна для заполнения',
      },
    });
    const long = await expectError(add(user, { ...job, position_title: 'x'.repeat(256) }), 400);
    expect(long.fields).toEqual({ position_title: 'Должность не должна превышать 255 символов' });
    const blank = await expectError(add(user, { ...job, company_name: '   ' }), 400);
    expect(blank.fields).toEqual({ company_name: 'Название компании обязательно для заполнения' });
  });

  it('refuses an end before the start and a date that is not in the calendar', async () => {
    const user = await createUser(t.db);
    const early = await expectError(add(user, { ...job, end_date: '2019-12-31' }), 400);
    expect(early.fields).toEqual({ end_date: 'Дата окончания не может быть раньше даты начала' });
    const bogus = await expectError(add(user, { ...job, start_date: '2021-02-30' }), 400);
    expect(bogus.fields).toEqual({ start_date: 'Некорректная дата' });
  });

  it('refuses writing a row for another user (403)', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const res = await expectError(add(user, { ...job, user_id: other.id }), 403);
    expect(res.code).toBe('forbidden');
    expect(await t.db.select().from(workExperiences).where(eq(workExperiences.userId, other.id))).toHaveLength(0);
  });

  it('patches part of a row, merged with what is stored', async () => {
    const { user, item } = await userWithJob();
    const patched = await expectOk(patch(user, item.id, { position_title: 'Арт-директор' }), 200);
    expect(patched).toEqual<typeof patched>({ ...item, position_title: 'Арт-директор' });
    const current = await expectOk(jobsOf(user, { trailingSlash: false })[':id'].$patch({ param: { id: String(item.id) }, json: { end_date: null } }), 200);
    expect(current.end_date).toBeNull();
  });

  it('checks the merged row: moving only the end before the stored start is refused', async () => {
    const { user, item } = await userWithJob();
    const res = await expectError(patch(user, item.id, { end_date: '2019-01-01' }), 400);
    expect(res.fields).toEqual({ end_date: 'Дата окончания не может быть раньше даты начала' });
    const later = await expectError(patch(user, item.id, { start_date: '2023-01-01' }), 400);
    expect(later.fields).toEqual({ end_date: 'Дата окончания не может быть раньше даты начала' });
    const invalid = await expectError(patch(user, item.id, { position_title: '' }), 400);
    expect(invalid.fields).toEqual({ position_title: 'Должность обязательна для заполнения' });
  });

  it("answers 404 for another user's row on PATCH and DELETE, and leaves it alone", async () => {
    const { item } = await userWithJob();
    const stranger = await createUser(t.db);
    expect((await expectError(patch(stranger, item.id, { position_title: 'X' }), 404)).code).toBe('not_found');
    await expectError(remove(stranger, item.id), 404);
    const [row] = await t.db.select().from(workExperiences).where(eq(workExperiences.id, item.id));
    expect(row.positionTitle).toBe(job.position_title);
    await expectError(remove(stranger, 'not-a-number'), 404);
    await expectError(remove(stranger, '99999999999'), 404);
  });

  it('deletes with 204, then the row is gone', async () => {
    const { user, item } = await userWithJob();
    const res = await remove(user, item.id);
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await expectError(remove(user, item.id), 404);
    expect(await expectOk(jobsOf(user).$get(), 200)).toEqual([]);
  });

  it('keeps at most 30 rows per user, also when requests race', async () => {
    const user = await createUser(t.db);
    const rows = Array.from({ length: 28 }, (_, i) => ({ userId: user.id, positionTitle: `Роль ${i}`, companyName: 'Компания', startDate: '2010-01-01' }));
    await t.db.insert(workExperiences).values(rows);
    const results = await Promise.all(Array.from({ length: 4 }, () => add(user, job)));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    const refused = await expectError(add(user, job), 409);
    expect(refused).toEqual({ detail: 'Можно добавить не больше 30 мест работы', code: 'limit_reached' });
    expect(await t.db.select().from(workExperiences).where(eq(workExperiences.userId, user.id))).toHaveLength(30);
  });
});
