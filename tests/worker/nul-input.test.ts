// A NUL character (U+0000) anywhere a client can put text is a 400 naming the field, never a 500 and never a row
// (decision 013, «Bad input is a 400»): every write endpoint of the API with it in a JSON body, the endpoints of the
// attack report by name, multipart fields, the query and the path. The database's own refusals are 400 too.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../drizzle/schema/users.ts';
import { createApp } from '../../worker/app.ts';
import { inputRefusal } from '../../worker/lib/db-errors.ts';
import { findNul, NUL_MESSAGE } from '../../worker/lib/text-input.ts';
import { createUser } from '../factories.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';

const t = useTestDb();
const NUL = 'a\u0000b';
const refused = (field: string) => ({ detail: 'Проверьте правильность заполнения полей', code: 'validation_error', fields: { [field]: NUL_MESSAGE } });

describe('a NUL character in input', () => {
  it('is refused on every write endpoint before anything runs, naming the field', async () => {
    const mentor = asUser(await createUser(t.db, { role: 'mentor' }));
    const writes = createApp().routes.filter((r) => r.path.startsWith('/api/') && ['POST', 'PUT', 'PATCH'].includes(r.method));
    const seen = new Set<string>();
    let checked = 0;
    for (const { method, path } of writes) {
      if (seen.has(`${method} ${path}`)) continue;
      seen.add(`${method} ${path}`);
      const url = path.replaceAll(/:\w+/g, '1');
      const res = await call(url, { method, user: mentor, headers: { origin: ORIGIN, 'content-type': 'application/json' }, body: JSON.stringify({ id: 1, title: 'Заголовок', content: NUL }) });
      expect(res.status, `${method} ${url}`).toBe(400);
      expect(await res.json(), `${method} ${url}`).toEqual(refused('content'));
      checked += 1;
    }
    expect(checked).toBeGreaterThan(60);
  });

  it('is refused where the attack found 500s: profile (JSON and multipart), search, nested fields and keys', async () => {
    const user = await createUser(t.db, { firstName: 'Ольга' });
    const patch = (body: BodyInit, type?: string) =>
      call('/api/users/me/', { method: 'PATCH', user: asUser(user), headers: { origin: ORIGIN, ...(type ? { 'content-type': type } : {}) }, body });
    expect(await (await patch(JSON.stringify({ mentor_name: NUL }), 'application/json')).json()).toEqual(refused('mentor_name'));
    const form = new FormData();
    form.set('mentor_description', NUL);
    const multipart = await patch(form);
    expect(multipart.status).toBe(400);
    expect(await multipart.json()).toEqual(refused('mentor_description'));
    // nothing was written
    expect((await t.db.select({ name: users.firstName, about: users.description }).from(users).where(eq(users.id, user.id)))[0]).toEqual({ name: 'Ольга', about: '' });

    for (const path of ['/api/events/?search=%00', '/api/users/?search=a%00b', '/api/events/GetEvent/?id=%00']) {
      const res = await call(path);
      expect(res.status, path).toBe(400);
      expect(((await res.json()) as { code: string }).code, path).toBe('validation_error');
    }
    expect((await call('/api/chats/%00/messages/', { user: asUser(user) })).status).toBe(400);
    expect(findNul({ a: [{ b: 'x' }, { c: ['ok', NUL] }] })).toBe('a.1.c.1');
    expect(findNul({ [NUL]: 1 })).toBe('non_field_errors');
    expect(findNul({ ok: 'текст', n: 1, list: [true, null] })).toBeNull();
  });

  it('leaves the database’s refusals of a value as a 400, and nothing else', () => {
    const pg = (code: string) => Object.assign(new Error('failed query'), { cause: Object.assign(new Error('db'), { code }) });
    expect(inputRefusal(pg('22021'))).toBe('22021');
    expect(inputRefusal(pg('22P05'))).toBe('22P05');
    expect(inputRefusal(pg('22001'))).toBe('22001');
    expect(inputRefusal(pg('22003'))).toBe('22003');
    expect(inputRefusal(pg('23505'))).toBeNull();
    expect(inputRefusal(pg('57P01'))).toBeNull();
    expect(inputRefusal(new Error('plain'))).toBeNull();
  });
});
