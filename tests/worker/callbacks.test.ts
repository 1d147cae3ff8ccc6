// «Перезвоните мне» (issue 35 item 7): a visitor's request is stored, validated by the schema the form shares, limited
// against floods, and shown to admins, who mark it done.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { callbackRequests } from '../../drizzle/schema/callbacks.ts';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import { createUser } from '../factories.ts';
import { call, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const as = (user?: SessionUser) => apiAs(user, { trailingSlash: true });

let addressSeq = 0;
/** A visitor's address of its own per test (the limits count per address and per network). */
const freshAddress = () => `10.${35 + (addressSeq++ % 200)}.${Math.floor(Math.random() * 250)}.7`;
/** A phone number no other test uses (the limits count per number). */
const freshPhone = () => `+7 (9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0').slice(0, 2)}) ${String(Math.floor(Math.random() * 1e7)).padStart(7, '0').replace(/(\d{3})(\d{2})(\d{2})/, '$1-$2-$3')}`;

function send(body: unknown, ip = freshAddress()) {
  return call('/api/callback-requests/', { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip }, body: JSON.stringify(body) });
}

describe('a visitor asks to be called back', () => {
  it('is stored and confirmed with when the call comes', async () => {
    const phone = freshPhone();
    const res = await send({ name: '  Мария  ', phone, consent: true });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ detail: 'Заявка принята. Мы перезвоним с 8:00 до 22:00.' });
    const stored = await t.db.select().from(callbackRequests).where(eq(callbackRequests.phone, phone));
    expect(stored).toMatchObject([{ name: 'Мария', phone, doneAt: null, doneBy: null }]);
  });

  it('refuses a missing name, a number without 10-15 digits and a request without consent, field by field', async () => {
    const res = await send({ name: '', phone: '12-34', consent: false });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { code: string; fields: Record<string, string> };
    expect(body.code).toBe('validation_error');
    expect(body.fields).toEqual({
      name: 'Укажите имя',
      phone: 'Проверьте номер: в нём должно быть от 10 до 15 цифр',
      consent: 'Нужно согласие с политикой конфиденциальности',
    });
  });

  it('is limited per address: the fourth request in an hour is refused, saying how long to wait', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) expect((await send({ name: 'Бот', phone: freshPhone(), consent: true }, ip)).status).toBe(201);
    const refused = await send({ name: 'Бот', phone: freshPhone(), consent: true }, ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', detail: 'Вы уже оставили заявку. Новую можно отправить через час.' });
  });

  it('is limited per number, whatever the address', async () => {
    const phone = freshPhone();
    expect((await send({ name: 'А', phone, consent: true })).status).toBe(201);
    expect((await send({ name: 'А', phone: phone.replace(/\D/g, ''), consent: true })).status).toBe(201);
    const refused = await send({ name: 'А', phone, consent: true });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ detail: 'На этот номер уже есть заявка: мы перезвоним. Новую можно отправить завтра.' });
  });
});

describe('the admins\' call-back inbox', () => {
  it('lists waiting requests to admins only; marking one done moves it to the done list with who and when', async () => {
    const [admin, mentee] = await Promise.all([
      createUser(t.db, { role: 'admin', firstName: 'Ирина', lastName: 'Админова' }).then(asUser),
      createUser(t.db).then(asUser),
    ]);
    const phone = freshPhone();
    expect((await send({ name: 'Ждущий звонка', phone, consent: true })).status).toBe(201);
    const [{ id }] = await t.db.select({ id: callbackRequests.id }).from(callbackRequests).where(eq(callbackRequests.phone, phone));

    expect(await expectError(as()['callback-requests'].$get({ query: {} }), 401)).toMatchObject({ code: 'not_authenticated' });
    await expectError(as(mentee)['callback-requests'].$get({ query: {} }), 403);
    await expectError(as(mentee)['callback-requests'][':id'].done.$post({ param: { id: String(id) }, json: { done: true } }), 403);

    const waiting = await expectOk(as(admin)['callback-requests'].$get({ query: { status: 'waiting', limit: '100' } }), 200);
    expect(waiting.waiting).toBeGreaterThanOrEqual(1);
    expect(waiting.results.find((r) => r.id === id)).toMatchObject({ name: 'Ждущий звонка', phone, done_at: null, done_by: null });

    const done = await expectOk(as(admin)['callback-requests'][':id'].done.$post({ param: { id: String(id) }, json: { done: true } }), 200);
    expect(done).toMatchObject({ id, done_by: 'Ирина Админова' });
    expect(done.done_at).not.toBeNull();
    const after = await expectOk(as(admin)['callback-requests'].$get({ query: { status: 'waiting', limit: '100' } }), 200);
    expect(after.results.some((r) => r.id === id)).toBe(false);
    expect(after.waiting).toBe(waiting.waiting - 1);
    const doneList = await expectOk(as(admin)['callback-requests'].$get({ query: { status: 'done', limit: '100' } }), 200);
    expect(doneList.results.find((r) => r.id === id)).toMatchObject({ done_by: 'Ирина Админова' });

    await expectError(as(admin)['callback-requests'][':id'].done.$post({ param: { id: '999999999' }, json: { done: true } }), 404);
  });
});
