// Spec 001 §8's profile texts where the profile's calls meet nobody (issue 41): «Пользователь не авторизован» without
// a session, «Не удалось получить данные пользователя» for a token whose account is gone.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';

const t = useTestDb();

function form(fields: Record<string, string>) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  return f;
}

describe('the profile calls without a person', () => {
  it('a profile save without a session: 401 «Пользователь не авторизован»', async () => {
    const res = await call('/api/users/me/', { method: 'PATCH', body: form({ mentor_name: 'Ян' }), headers: { origin: ORIGIN } });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Пользователь не авторизован', code: 'not_authenticated' });
    const resend = await call('/api/users/me/phone/resend/', { method: 'POST', headers: { origin: ORIGIN } });
    expect(await resend.json()).toEqual({ detail: 'Пользователь не авторизован', code: 'not_authenticated' });
  });

  it('a token whose account is gone: 401 «Не удалось получить данные пользователя» on reading and saving the profile', async () => {
    const row = await createUser(t.db);
    const user = { id: row.id, role: row.role };
    await t.db.delete(users).where(eq(users.id, row.id));
    const expected = { detail: 'Не удалось получить данные пользователя', code: 'not_authenticated' };

    const read = await call('/api/users/me/', { user });
    expect(read.status).toBe(401);
    expect(await read.json()).toEqual(expected);
    const saved = await call('/api/users/me/', { method: 'PATCH', body: form({ mentor_name: 'Ян' }), headers: { origin: ORIGIN }, user });
    expect(saved.status).toBe(401);
    expect(await saved.json()).toEqual(expected);
  });
});
