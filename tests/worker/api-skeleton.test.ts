import { describe, expect, it } from 'vitest';
import { createUser } from '../factories.ts';
import { call, ORIGIN, useTestDb } from './helpers.ts';

const t = useTestDb();

describe('API skeleton', () => {
  it('reports the database reachable on /api/health/', async () => {
    const res = await call('/api/health/');
    expect(res.status).toBe(200);
    const body = await res.json<{ status: string; database: string }>();
    expect(body).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('answers with and without the trailing slash', async () => {
    for (const path of ['/api/health', '/api/health/', '/api/users/me', '/api/users/me/?full=1']) {
      const res = await call(path);
      expect(res.status, path).not.toBe(404);
    }
  });

  it('answers unknown /api paths with 404 in the error envelope', async () => {
    const res = await call('/api/no-such-thing/');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Не найдено', code: 'not_found' });
  });

  it('gives every response a request id, echoing a well-formed incoming one', async () => {
    const fresh = await call('/api/health/');
    expect(fresh.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call('/api/health/', { headers: { 'x-request-id': 'trace-abc-12345' } });
    expect(echoed.headers.get('x-request-id')).toBe('trace-abc-12345');
    const hostile = await call('/api/health/', { headers: { 'x-request-id': '<script>' } });
    expect(hostile.headers.get('x-request-id')).not.toBe('<script>');
  });
});

describe('GET /api/users/me/', () => {
  it('is 401 in the envelope for a visitor', async () => {
    const res = await call('/api/users/me/?full=1');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ detail: 'Необходима авторизация', code: 'not_authenticated' });
  });

  it('is 401 for a forged token', async () => {
    const res = await call('/api/users/me/', { headers: { cookie: 'forma_access=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.bad' } });
    expect(res.status).toBe(401);
  });

  it('returns the signed-in user in the spec shape', async () => {
    const user = await createUser(t.db, { role: 'mentor', firstName: 'Анна', lastName: 'Соколова', skills: ['Карьера'] });
    const res = await call('/api/users/me/?full=1', { user: { id: user.id, role: 'mentor' } });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      id: user.id,
      user_role: 'mentor',
      mentor_name: 'Анна',
      mentor_surname: 'Соколова',
      mentor_skills: ['Карьера'],
      // derived from the mentor's consultation types, none yet (migration 0033; issue 35, item 10)
      price: null,
      time_zone: 'Europe/Moscow',
    });
  });
});

describe('cross-site requests', () => {
  it('refuses a state change from another origin', async () => {
    const res = await call('/api/logout/', { method: 'POST', headers: { origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'forbidden' });
  });

  it('refuses a state change marked cross-site by the browser', async () => {
    const res = await call('/api/logout/', { method: 'POST', headers: { 'sec-fetch-site': 'cross-site' } });
    expect(res.status).toBe(403);
  });

  it('lets a same-origin state change through to routing', async () => {
    const res = await call('/api/no-such-thing/', { method: 'POST', headers: { origin: ORIGIN, 'sec-fetch-site': 'same-origin' } });
    expect(res.status).toBe(404);
  });
});

describe('generated demo images', () => {
  it('serves a deterministic SVG avatar with safe headers', async () => {
    const a = await call('/media/demo/avatars/m1.svg');
    const b = await call('/media/demo/avatars/m1.svg');
    expect(a.status).toBe(200);
    expect(a.headers.get('content-type')).toContain('image/svg+xml');
    expect(a.headers.get('x-content-type-options')).toBe('nosniff');
    const svg = await a.text();
    expect(svg).toContain('<svg');
    expect(svg).toBe(await b.text());
    expect(svg).not.toBe(await (await call('/media/demo/avatars/m2.svg')).text());
  });

  it('rejects keys that are not plain names', async () => {
    expect((await call('/media/demo/covers/..%2Fx.svg')).status).toBe(404);
    expect((await call('/media/demo/covers/e1.png')).status).toBe(404);
  });
});
