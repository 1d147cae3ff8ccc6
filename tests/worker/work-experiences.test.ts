import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { workExperiences } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { useTestDb } from './helpers.ts';
import { asUser, expectJson, send } from './json-api.ts';

const t = useTestDb();

const job = { position_title: 'Дизайнер', company_name: 'Студия', start_date: '2020-03-01', end_date: '2022-06-01' };

async function userWithJob(values: Partial<typeof job> = {}) {
  const user = await createUser(t.db);
  const item = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: { ...job, ...values } }), 201);
  return { user, item };
}

describe('work experiences', () => {
  it('is 401 for a visitor on every method', async () => {
    for (const [method, path] of [
      ['GET', '/api/work-experiences/'],
      ['POST', '/api/work-experiences/'],
      ['PATCH', '/api/work-experiences/1/'],
      ['DELETE', '/api/work-experiences/1/'],
    ] as const) {
      const body = await expectJson(send(method, path, { body: method === 'GET' || method === 'DELETE' ? undefined : job }), 401);
      expect(body.code, `${method} ${path}`).toBe('not_authenticated');
    }
  });

  it('creates an item and lists the newest start first, with and without the trailing slash', async () => {
    const { user, item } = await userWithJob();
    expect(item).toEqual({ id: expect.any(Number), ...job, user_id: user.id });
    const current = await expectJson(
      send('POST', '/api/work-experiences', { user: asUser(user), body: { ...job, start_date: '2023-01-01', end_date: null, user_id: user.id } }),
      201,
    );
    expect(current.end_date).toBeNull();
    const list = await expectJson(send('GET', '/api/work-experiences', { user: asUser(user) }), 200);
    expect(list.map((w: { id: number }) => w.id)).toEqual([current.id, item.id]);
    expect(await expectJson(send('GET', '/api/work-experiences/', { user: asUser(user) }), 200)).toEqual(list);
  });

  it('refuses missing and too long fields with the form messages', async () => {
    const user = await createUser(t.db);
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
    const long = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: { ...job, position_title: 'x'.repeat(256) } }), 400);
    expect(long.fields).toEqual({ position_title: 'Должность не должна превышать 255 символов' });
    const blank = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: { ...job, company_name: '   ' } }), 400);
    expect(blank.fields).toEqual({ company_name: 'Название компании обязательно для заполнения' });
  });

  it('refuses an end before the start and a date that is not in the calendar', async () => {
    const user = await createUser(t.db);
    const early = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: { ...job, end_date: '2019-12-31' } }), 400);
    expect(early.fields).toEqual({ end_date: 'Дата окончания не может быть раньше даты начала' });
    const bogus = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: { ...job, start_date: '2021-02-30' } }), 400);
    expect(bogus.fields).toEqual({ start_date: 'Некорректная дата' });
  });

  it('refuses writing a row for another user (403)', async () => {
    const user = await createUser(t.db);
    const other = await createUser(t.db);
    const res = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: { ...job, user_id: other.id } }), 403);
    expect(res.code).toBe('forbidden');
    expect(await t.db.select().from(workExperiences).where(eq(workExperiences.userId, other.id))).toHaveLength(0);
  });

  it('patches part of a row, merged with what is stored', async () => {
    const { user, item } = await userWithJob();
    const patched = await expectJson(send('PATCH', `/api/work-experiences/${item.id}/`, { user: asUser(user), body: { position_title: 'Арт-директор' } }), 200);
    expect(patched).toEqual({ ...item, position_title: 'Арт-директор' });
    const current = await expectJson(send('PATCH', `/api/work-experiences/${item.id}`, { user: asUser(user), body: { end_date: null } }), 200);
    expect(current.end_date).toBeNull();
  });

  it('checks the merged row: moving only the end before the stored start is refused', async () => {
    const { user, item } = await userWithJob();
    const res = await expectJson(send('PATCH', `/api/work-experiences/${item.id}/`, { user: asUser(user), body: { end_date: '2019-01-01' } }), 400);
    expect(res.fields).toEqual({ end_date: 'Дата окончания не может быть раньше даты начала' });
    const later = await expectJson(send('PATCH', `/api/work-experiences/${item.id}/`, { user: asUser(user), body: { start_date: '2023-01-01' } }), 400);
    expect(later.fields).toEqual({ end_date: 'Дата окончания не может быть раньше даты начала' });
    const invalid = await expectJson(send('PATCH', `/api/work-experiences/${item.id}/`, { user: asUser(user), body: { position_title: '' } }), 400);
    expect(invalid.fields).toEqual({ position_title: 'Должность обязательна для заполнения' });
  });

  it("answers 404 for another user's row on PATCH and DELETE, and leaves it alone", async () => {
    const { item } = await userWithJob();
    const stranger = await createUser(t.db);
    expect((await expectJson(send('PATCH', `/api/work-experiences/${item.id}/`, { user: asUser(stranger), body: { position_title: 'X' } }), 404)).code).toBe('not_found');
    await expectJson(send('DELETE', `/api/work-experiences/${item.id}/`, { user: asUser(stranger) }), 404);
    const [row] = await t.db.select().from(workExperiences).where(eq(workExperiences.id, item.id));
    expect(row.positionTitle).toBe(job.position_title);
    await expectJson(send('DELETE', '/api/work-experiences/not-a-number/', { user: asUser(stranger) }), 404);
    await expectJson(send('DELETE', '/api/work-experiences/99999999999/', { user: asUser(stranger) }), 404);
  });

  it('deletes with 204, then the row is gone', async () => {
    const { user, item } = await userWithJob();
    const res = await send('DELETE', `/api/work-experiences/${item.id}/`, { user: asUser(user) });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await expectJson(send('DELETE', `/api/work-experiences/${item.id}/`, { user: asUser(user) }), 404);
    expect(await expectJson(send('GET', '/api/work-experiences/', { user: asUser(user) }), 200)).toEqual([]);
  });

  it('keeps at most 30 rows per user, also when requests race', async () => {
    const user = await createUser(t.db);
    const rows = Array.from({ length: 28 }, (_, i) => ({ userId: user.id, positionTitle: `Роль ${i}`, companyName: 'Компания', startDate: '2010-01-01' }));
    await t.db.insert(workExperiences).values(rows);
    const results = await Promise.all(Array.from({ length: 4 }, () => send('POST', '/api/work-experiences/', { user: asUser(user), body: job })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 201, 409, 409]);
    const refused = await expectJson(send('POST', '/api/work-experiences/', { user: asUser(user), body: job }), 409);
    expect(refused).toEqual({ detail: 'Можно добавить не больше 30 мест работы', code: 'limit_reached' });
    expect(await t.db.select().from(workExperiences).where(eq(workExperiences.userId, user.id))).toHaveLength(30);
  });
});
