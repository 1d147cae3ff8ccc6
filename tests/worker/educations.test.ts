import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { educations } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

const thisYear = new Date().getUTCFullYear();
const study = { university_name: 'МГУ', specialty: 'Прикладная математика', start_year: thisYear - 10, end_year: thisYear - 5 };

async function userWithStudy(values: Partial<typeof study> = {}) {
  const user = await createUser(t.db);
  const item = await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: { ...study, ...values } }), 201);
  return { user, item };
}

describe('educations', () => {
  it('is 401 for a visitor on every method', async () => {
    for (const [method, path] of [
      ['GET', '/api/educations/'],
      ['POST', '/api/educations/'],
      ['PATCH', '/api/educations/1/'],
      ['DELETE', '/api/educations/1/'],
    ] as const) {
      const body = await expectJson(send(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : study }), 401);
      expect(body.code, `${method} ${path}`).toBe('not_authenticated');
    }
  });

  it('creates an item and lists the newest start first, with and without the trailing slash', async () => {
    const { user, item } = await userWithStudy();
    expect(item).toEqual({ id: expect.any(Number), ...study, user_id: user.id });
    const studying = await expectJson(
      send('POST', '/api/educations', { user: asUser(user), body: { ...study, start_year: String(thisYear - 1), end_year: null, user_id: user.id } }),
      201,
    );
    expect(studying).toMatchObject({ start_year: thisYear - 1, end_year: null });
    const list = await expectJson(send('GET', '/api/educations', { user: asUser(user) }), 200);
    expect(list.map((e: { id: number }) => e.id)).toEqual([studying.id, item.id]);
    expect(await expectJson(send('GET', '/api/educations/', { user: asUser(user) }), 200)).toEqual(list);
  });

  it('refuses missing fields with the form messages', async () => {
    const user = await createUser(t.db);
    const res = await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: {} }), 400);
    expect(res.fields).toEqual({
      university_name: 'Название учебного заведения обязательно для заполнения',
      specialty: 'Специальность обязательна для заполнения',
      start_year: 'Год начала обязателен для заполнения',
    });
    const long = await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: { ...study, specialty: 'я'.repeat(256) } }), 400);
    expect(long.fields).toEqual({ specialty: 'Специальность не должна превышать 255 символов' });
  });

  it('refuses an end year before the start year', async () => {
    const user = await createUser(t.db);
    const res = await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: { ...study, end_year: study.start_year - 1 } }), 400);
    expect(res.fields).toEqual({ end_year: 'Год окончания не может быть раньше года начала' });
  });

  it('keeps years within the last 60 and ends at most 10 years ahead', async () => {
    const user = await createUser(t.db);
    const post = (body: object) => send('POST', '/api/educations/', { user: asUser(user), body: { ...study, ...body } });
    const range = `Год начала должен быть от ${thisYear - 60} до ${thisYear}`;
    expect((await expectJson(post({ start_year: thisYear - 61 }), 400)).fields).toEqual({ start_year: range });
    expect((await expectJson(post({ start_year: thisYear + 1, end_year: null }), 400)).fields).toEqual({ start_year: range });
    expect((await expectJson(post({ end_year: thisYear + 11 }), 400)).fields).toEqual({ end_year: `Год окончания не может быть позже ${thisYear + 10}` });
    await expectJson(post({ start_year: thisYear - 60, end_year: thisYear + 10 }), 201);
  });

  it('refuses writing a row for another user (403)', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: { ...study, user_id: other.id } }), 403);
    expect(await t.db.select().from(educations).where(eq(educations.userId, other.id))).toHaveLength(0);
  });

  it('patches part of a row and checks the merged row', async () => {
    const { user, item } = await userWithStudy();
    const patched = await expectJson(send('PATCH', `/api/educations/${item.id}/`, { user: asUser(user), body: { specialty: 'Физика' } }), 200);
    expect(patched).toEqual({ ...item, specialty: 'Физика' });
    const early = await expectJson(send('PATCH', `/api/educations/${item.id}`, { user: asUser(user), body: { end_year: study.start_year - 1 } }), 400);
    expect(early.fields).toEqual({ end_year: 'Год окончания не может быть раньше года начала' });
    const later = await expectJson(send('PATCH', `/api/educations/${item.id}`, { user: asUser(user), body: { start_year: study.end_year + 1 } }), 400);
    expect(later.fields).toEqual({ end_year: 'Год окончания не может быть раньше года начала' });
  });

  it("answers 404 for another user's row and deletes the caller's own with 204", async () => {
    const { user, item } = await userWithStudy();
    const stranger = await createUser(t.db);
    await expectJson(send('PATCH', `/api/educations/${item.id}/`, { user: asUser(stranger), body: { specialty: 'X' } }), 404);
    await expectJson(send('DELETE', `/api/educations/${item.id}/`, { user: asUser(stranger) }), 404);
    expect(await t.db.select().from(educations).where(eq(educations.id, item.id))).toHaveLength(1);
    expect((await send('DELETE', `/api/educations/${item.id}/`, { user: asUser(user) })).status).toBe(204);
    expect(await t.db.select().from(educations).where(eq(educations.id, item.id))).toHaveLength(0);
  });

  it('keeps at most 30 rows per user', async () => {
    const user = await createUser(t.db);
    const rows = Array.from({ length: 30 }, (_, i) => ({ userId: user.id, universityName: `Вуз ${i}`, specialty: 'Курс', startYear: 2010 }));
    await t.db.insert(educations).values(rows);
    const refused = await expectJson(send('POST', '/api/educations/', { user: asUser(user), body: study }), 409);
    expect(refused).toEqual({ detail: 'Можно добавить не больше 30 мест учёбы', code: 'limit_reached' });
  });
});
