import { eq } from 'drizzle-orm';
import type { InferRequestType } from 'hono/client';
import { describe, expect, it } from 'vitest';
import { educations } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();

const thisYear = new Date().getUTCFullYear();
const study = { university_name: 'МГУ', specialty: 'Прикладная математика', start_year: thisYear - 10, end_year: thisYear - 5 };

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
type CreateJson = InferRequestType<(typeof api)['educations']['$post']>['json'];
type PatchJson = InferRequestType<(typeof api)['educations'][':id']['$patch']>['json'];
/** the typed client's educations as this user (a visitor without one), on the spec's paths with the trailing slash */
const studiesOf = (user?: Person, { trailingSlash = true } = {}) => apiAs(user && asUser(user), { trailingSlash }).educations;
const add = (user: Person | undefined, json: CreateJson) => studiesOf(user).$post({ json });
const patch = (user: Person, id: number, json: PatchJson, { trailingSlash = true } = {}) =>
  studiesOf(user, { trailingSlash })[':id'].$patch({ param: { id: String(id) }, json });
const remove = (user: Person | undefined, id: number) => studiesOf(user)[':id'].$delete({ param: { id: String(id) } });

async function userWithStudy(values: Partial<typeof study> = {}) {
  const user = await createUser(t.db);
  const item = await expectOk(add(user, { ...study, ...values }), 201);
  return { user, item };
}

describe('educations', () => {
  it('is 401 for a visitor on every method', async () => {
    for (const [label, request] of [
      ['GET', () => studiesOf().$get()],
      ['POST', () => add(undefined, study)],
      ['PATCH', () => studiesOf()[':id'].$patch({ param: { id: '1' }, json: study })],
      ['DELETE', () => remove(undefined, 1)],
    ] as const) {
      const body = await expectError(request(), 401);
      expect(body.code, `${label} /api/educations/`).toBe('not_authenticated');
    }
  });

  it('creates an item and lists the newest start first, with and without the trailing slash', async () => {
    const { user, item } = await userWithStudy();
    expect(item).toEqual<typeof item>({ id: expect.any(Number), ...study, user_id: user.id });
    const bare = studiesOf(user, { trailingSlash: false });
    const studying = await expectOk(bare.$post({ json: { ...study, start_year: String(thisYear - 1), end_year: null, user_id: user.id } }), 201);
    expect([studying.start_year, studying.end_year]).toEqual([thisYear - 1, null]);
    const list = await expectOk(bare.$get(), 200);
    expect(list.map((e) => e.id)).toEqual([studying.id, item.id]);
    expect(await expectOk(studiesOf(user).$get(), 200)).toEqual(list);
  });

  it('refuses missing fields with the form messages', async () => {
    const user = await createUser(t.db);
    // an empty body on purpose: the typed client would not send it
    const res = await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: {} }), 400);
    expect(res.fields).toEqual({
      university_name: 'Название учебного заведения обязательно для заполнения',
      specialty: 'Специальность обязательна для заполнения',
      start_year: 'Год начала обязателен для заполнения',
    });
    const long = await expectError(add(user, { ...study, specialty: 'я'.repeat(256) }), 400);
    expect(long.fields).toEqual({ specialty: 'Специальность не должна превышать 255 символов' });
  });

  it('refuses an end year before the start year', async () => {
    const user = await createUser(t.db);
    const res = await expectError(add(user, { ...study, end_year: study.start_year - 1 }), 400);
    expect(res.fields).toEqual({ end_year: 'Год окончания не может быть раньше года начала' });
  });

  it('keeps a start year within this year and the 59 before it, the forms’ list, and an end at most 10 years ahead', async () => {
    const user = await createUser(t.db);
    const post = (body: Partial<CreateJson>) => add(user, { ...study, ...body });
    const range = `Год начала должен быть от ${thisYear - 59} до ${thisYear}`;
    expect((await expectError(post({ start_year: thisYear - 60 }), 400)).fields).toEqual({ start_year: range });
    expect((await expectError(post({ start_year: 1900, end_year: 1905 }), 400)).fields).toEqual({ start_year: range });
    expect((await expectError(post({ start_year: thisYear + 1, end_year: null }), 400)).fields).toEqual({ start_year: range });
    expect((await expectError(post({ end_year: thisYear + 11 }), 400)).fields).toEqual({ end_year: `Год окончания не может быть позже ${thisYear + 10}` });
    expect((await expectError(post({ end_year: 2200 }), 400)).fields).toEqual({ end_year: `Год окончания не может быть позже ${thisYear + 10}` });
    await expectOk(post({ start_year: thisYear - 59, end_year: thisYear + 10 }), 201);
    // a change is held to the same window
    const row = await expectOk(post({}), 201);
    const patched = await expectError(patch(user, row.id, { start_year: thisYear - 70 }), 400);
    expect(patched.fields).toEqual({ start_year: range });
  });

  it('refuses writing a row for another user (403)', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    await expectError(add(user, { ...study, user_id: other.id }), 403);
    expect(await t.db.select().from(educations).where(eq(educations.userId, other.id))).toHaveLength(0);
  });

  it('patches part of a row and checks the merged row', async () => {
    const { user, item } = await userWithStudy();
    const patched = await expectOk(patch(user, item.id, { specialty: 'Физика' }), 200);
    expect(patched).toEqual<typeof patched>({ ...item, specialty: 'Физика' });
    const early = await expectError(patch(user, item.id, { end_year: study.start_year - 1 }, { trailingSlash: false }), 400);
    expect(early.fields).toEqual({ end_year: 'Год окончания не может быть раньше года начала' });
    const later = await expectError(patch(user, item.id, { start_year: study.end_year + 1 }, { trailingSlash: false }), 400);
    expect(later.fields).toEqual({ end_year: 'Год окончания не может быть раньше года начала' });
  });

  it("answers 404 for another user's row and deletes the caller's own with 204", async () => {
    const { user, item } = await userWithStudy();
    const stranger = await createUser(t.db);
    await expectError(patch(stranger, item.id, { specialty: 'X' }), 404);
    await expectError(remove(stranger, item.id), 404);
    expect(await t.db.select().from(educations).where(eq(educations.id, item.id))).toHaveLength(1);
    expect((await remove(user, item.id)).status).toBe(204);
    expect(await t.db.select().from(educations).where(eq(educations.id, item.id))).toHaveLength(0);
  });

  it('keeps at most 30 rows per user', async () => {
    const user = await createUser(t.db);
    const rows = Array.from({ length: 30 }, (_, i) => ({ userId: user.id, universityName: `Вуз ${i}`, specialty: 'Курс', startYear: 2010 }));
    await t.db.insert(educations).values(rows);
    const refused = await expectError(add(user, study), 409);
    expect(refused).toEqual({ detail: 'Можно добавить не больше 30 мест учёбы', code: 'limit_reached' });
  });
});
