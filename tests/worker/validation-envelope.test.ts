// The shared zod validation answers with the one error envelope, field by field, in the schema's words.
import { Hono } from 'hono';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../worker/lib/errors.ts';
import { validate } from '../../worker/lib/validate.ts';

const app = new Hono()
  .post('/things', validate('json', z.object({ email: z.email('Неверный формат email'), name: z.string().min(2, 'Минимум 2 символа') })), (c) =>
    c.json(c.req.valid('json')),
  )
  .onError((err, c) => (err instanceof ApiError ? c.json(err.toEnvelope(), err.status) : c.json({ detail: 'boom', code: 'internal_error' }, 500)));

const post = (body: unknown) => app.request('/things', { method: 'POST', body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });

describe('validate()', () => {
  it('passes valid input through', async () => {
    const res = await post({ email: 'a@b.ru', name: 'Аня' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ email: 'a@b.ru', name: 'Аня' });
  });

  it('answers 400 with every invalid field and its message', async () => {
    const res = await post({ email: 'nope', name: 'А' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      detail: 'Проверьте правильность заполнения полей',
      code: 'validation_error',
      fields: { email: 'Неверный формат email', name: 'Минимум 2 символа' },
    });
  });
});
