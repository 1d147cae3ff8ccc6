import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadedFiles } from '../../drizzle/schema/users.ts';
import { users } from '../../drizzle/schema/users.ts';
import { personNameSchema } from '../../worker/auth/auth.schemas.ts';
import { createUser } from '../factories.ts';
import { bindings, call, ORIGIN, useTestDb } from './helpers.ts';

const t = useTestDb();

/** A real 1×1 PNG. */
const PNG = Uint8Array.from(atob('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg=='), (ch) => ch.charCodeAt(0));

function patch(user: { id: number; role: 'mentee' | 'mentor' | 'admin' }, form: FormData) {
  return call('/api/users/me/', { method: 'PATCH', body: form, headers: { origin: ORIGIN }, user });
}

function form(fields: Record<string, string | Blob>, fileName?: string) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) {
    if (typeof v === 'string') f.append(k, v);
    else f.append(k, v, fileName ?? 'file.bin');
  }
  return f;
}

describe('PATCH /api/users/me/', () => {
  it('changes only the fields sent and normalises the Telegram link', async () => {
    const row = await createUser(t.db, { firstName: 'Анна', lastName: 'Сидорова', city: 'Казань' });
    const me = { id: row.id, role: row.role };
    const res = await patch(me, form({ mentor_name: '  Мария ', mentor_title: 'https://t.me/maria_art', mentor_skills: '["Живопись","Графика"]' }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      mentor_name: 'Мария',
      mentor_surname: 'Сидорова',
      user_city_residence: 'Казань',
      mentor_title: 't.me/maria_art',
      mentor_skills: ['Живопись', 'Графика'],
    });
  });

  it('answers invalid fields with the spec messages and changes nothing', async () => {
    const row = await createUser(t.db, { firstName: 'Анна' });
    const res = await patch({ id: row.id, role: row.role }, form({ mentor_name: 'Б', mentor_title: 't.me/bad handle!', mentor_description: 'я'.repeat(501) }));
    expect(res.status).toBe(400);
    const body = await res.json<{ fields: Record<string, string> }>();
    expect(body.fields).toEqual({
      mentor_name: 'Минимум 2 символа',
      mentor_title: 'Некорректный формат ссылки на Telegram',
      mentor_description: 'Описание не должно превышать 500 символов',
    });
    const [after] = await t.db.select().from(users).where(eq(users.id, row.id));
    expect(after.firstName).toBe('Анна');
  });

  it('holds a name to the registration form’s rule, 2–50 characters, with the spec’s messages (issue 41)', async () => {
    const row = await createUser(t.db, { firstName: 'Анна', lastName: 'Сидорова' });
    const me = { id: row.id, role: row.role };
    const refused = async (fields: Record<string, string>) => {
      const res = await patch(me, form(fields));
      expect(res.status).toBe(400);
      return (await res.json<{ fields: Record<string, string> }>()).fields;
    };
    expect(await refused({ mentor_name: 'Б' })).toEqual({ mentor_name: 'Минимум 2 символа' });
    expect(await refused({ mentor_surname: ' С ' })).toEqual({ mentor_surname: 'Минимум 2 символа' });
    expect(await refused({ mentor_name: '  ' })).toEqual({ mentor_name: 'Имя обязательно для заполнения' });
    expect(await refused({ mentor_surname: 'Я'.repeat(51) })).toEqual({ mentor_surname: 'Фамилия не должна превышать 50 символов' });
    // the server and the registration form (which imports personNameSchema) accept and refuse the same names
    for (const name of ['', 'Б', 'Ян', 'Я'.repeat(50), 'Я'.repeat(51)]) {
      const res = await patch(me, form({ mentor_name: name }));
      expect(res.status === 200, JSON.stringify(name)).toBe(personNameSchema.safeParse(name).success);
    }
    const [after] = await t.db.select().from(users).where(eq(users.id, row.id));
    expect([after.firstName, after.lastName]).toEqual(['Я'.repeat(50), 'Сидорова']);
  });

  it('requires a signed-in user and a same-origin request', async () => {
    expect((await call('/api/users/me/', { method: 'PATCH', body: form({ mentor_name: 'Ян' }) })).status).toBe(401);
    const row = await createUser(t.db);
    const res = await call('/api/users/me/', { method: 'PATCH', body: form({ mentor_name: 'Ян' }), headers: { origin: 'https://evil.example' }, user: { id: row.id, role: row.role } });
    expect(res.status).toBe(403);
  });

  it('stores an avatar checked by its bytes and serves it with the right type and nosniff', async () => {
    const row = await createUser(t.db);
    const res = await patch({ id: row.id, role: row.role }, form({ mentor_avatar: new Blob([PNG], { type: 'application/octet-stream' }) }, 'photo.bin'));
    expect(res.status).toBe(200);
    const { mentor_avatar_url } = await res.json<{ mentor_avatar_url: string }>();
    expect(mentor_avatar_url).toMatch(/^\/media\/files\/[0-9a-f-]{36}$/);
    const image = await call(mentor_avatar_url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(PNG);
  });

  it('refuses a non-image named .png, whatever its declared type', async () => {
    const row = await createUser(t.db);
    const html = new Blob(['<html><script>alert(1)</script></html>'], { type: 'image/png' });
    const res = await patch({ id: row.id, role: row.role }, form({ mentor_avatar: html }, 'avatar.png'));
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'Пожалуйста, выберите изображение',
      code: 'not_an_image',
      fields: { mentor_avatar: 'Пожалуйста, выберите изображение' },
    });
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, row.id))).toEqual([]);
  });

  it('refuses 5 242 881 bytes and accepts 5 242 880', async () => {
    const row = await createUser(t.db);
    const me = { id: row.id, role: row.role };
    const tooBig = new Uint8Array(5_242_881);
    tooBig.set(PNG);
    const res = await patch(me, form({ mentor_avatar: new Blob([tooBig]) }, 'big.png'));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ fields: { mentor_avatar: 'Размер файла не должен превышать 5MB' } });
    const justFits = new Uint8Array(5_242_880);
    justFits.set(PNG);
    expect((await patch(me, form({ mentor_avatar: new Blob([justFits]) }, 'fits.png'))).status).toBe(200);
  });

  it('deletes the replaced avatar and the removed one', async () => {
    const row = await createUser(t.db);
    const me = { id: row.id, role: row.role };
    const first = await (await patch(me, form({ mentor_avatar: new Blob([PNG]) }, 'a.png'))).json<{ mentor_avatar_url: string }>();
    const second = await (await patch(me, form({ mentor_avatar: new Blob([PNG]) }, 'b.png'))).json<{ mentor_avatar_url: string }>();
    expect(second.mentor_avatar_url).not.toBe(first.mentor_avatar_url);
    expect((await call(first.mentor_avatar_url)).status).toBe(404);
    const firstKey = `avatar/${first.mentor_avatar_url.split('/').pop()}`;
    expect(await bindings.FILES.get(firstKey)).toBeNull();

    const removed = await (await patch(me, form({ remove_avatar: 'true' }))).json<{ mentor_avatar_url: string | null }>();
    expect(removed.mentor_avatar_url).toBeNull();
    expect((await call(second.mentor_avatar_url)).status).toBe(404);
    expect(await t.db.select().from(uploadedFiles).where(eq(uploadedFiles.ownerId, row.id))).toEqual([]);
  });
});
