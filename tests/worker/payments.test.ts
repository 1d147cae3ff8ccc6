import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { payoutCardTokens } from '../../drizzle/schema/payments.ts';
import { signAccessToken, ACCESS_COOKIE } from '../../worker/auth/access-token.ts';
import { createApp } from '../../worker/app.ts';
import { cardTypeOf, luhnValid, signSandboxCardToken } from '../../worker/payments/sandbox-card.ts';
import { createUser } from '../factories.ts';
import { bindings, call, tamperSignature, useTestDb } from './helpers.ts';
import type { InferRequestType } from 'hono/client';
import type { SessionUser } from '../../worker/auth/access-token.ts';
import type { Bindings } from '../../worker/env.ts';
import { asUser, expectJson, send } from './json-api.ts';
import { api, apiAs, apiOver, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;

/** A Luhn-valid number of 16 digits starting with the prefix. */
function cardNumber(prefix: string) {
  const body = prefix.padEnd(15, '0');
  const digit = [...'0123456789'].find((d) => luhnValid(body + d))!;
  return body + digit;
}

const nextYear = String((new Date().getUTCFullYear() + 1) % 100).padStart(2, '0');
const card = { number: '4242 4242 4242 4242', expiry: `12/${nextYear}`, holder: 'IVAN PETROV' };

type CardJson = InferRequestType<(typeof api.sandbox)['payout-cards']['tokenize']['$post']>['json'];
type TokenJson = InferRequestType<typeof api.payments.tokens.$post>['json'];

/** the typed client as this user (a visitor without one), on the spec's paths with the trailing slash unless told */
const as = (user?: SessionUser, trailingSlash = true) => apiAs(user, { trailingSlash });
const tokenizer = (trailingSlash = true) => as(undefined, trailingSlash).sandbox['payout-cards'].tokenize;
const tokensOf = (user?: SessionUser, trailingSlash = true) => as(user, trailingSlash).payments.tokens;
const saveToken = (user: SessionUser, json: TokenJson, trailingSlash = true) => tokensOf(user, trailingSlash).$post({ json });
const removeToken = (user: SessionUser | undefined, id: number, trailingSlash = true) => tokensOf(user, trailingSlash)[':id'].$delete({ param: { id: String(id) } });
/** the typed client over an app of its own with these bindings (production ones), signed in with this cookie when given */
const apiIn = (env: Bindings, cookie?: string) =>
  apiOver(
    (path, init) => {
      const headers = new Headers(init?.headers);
      if (cookie) headers.set('cookie', cookie);
      return createApp().request(path, { ...init, headers }, env, ctx);
    },
    { trailingSlash: true },
  );

async function tokenize(json: CardJson = card) {
  return expectOk(tokenizer().$post({ json }), 200);
}

describe('sandbox card widget', () => {
  it('is a self-contained page whose script and style run only with its nonce, framed only by us', async () => {
    const res = await call('/sandbox/payout-card-widget');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toContain('unsafe-inline');

    const html = await res.text();
    expect(html).toContain('Номер карты');
    expect(html).toContain('ММ/ГГ');
    expect(html).toContain('Имя владельца');
    expect(html).not.toMatch(/https?:\/\//);
    expect(html).not.toMatch(/\s(src|href)=/);
    expect(html).not.toMatch(/\sstyle=/);
    const tags = html.match(/<(script|style)[^>]*>/g)!;
    expect(tags).toHaveLength(2);
    for (const tag of tags) expect(tag).toContain(`nonce="${nonce}"`);
    // a fresh nonce every time
    const again = await call('/sandbox/payout-card-widget/');
    expect(again.headers.get('content-security-policy')).not.toBe(csp);
  });

  it('does not exist in production, neither the page nor the tokenizer', async () => {
    const app = createApp();
    const production = { ...bindings, ENVIRONMENT: 'production' as const };
    expect((await app.request('/sandbox/payout-card-widget', {}, production, ctx)).status).toBe(404);
    const tokenizeRes = await apiIn(production).sandbox['payout-cards'].tokenize.$post({ json: card });
    expect(tokenizeRes.status).toBe(404);
  });
});

describe('sandbox tokenizer', () => {
  it('answers a signed token with the last digits and the type, and keeps the number nowhere', async () => {
    const result = await tokenize();
    expect(result).toEqual<typeof result>({ payout_token: expect.stringMatching(/^sbx_[\w-]+\.[\w-]+$/), card_last4: '4242', card_type: 'Visa' });
    const payload = result.payout_token.slice(4).split('.')[0];
    const decoded = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    expect(JSON.parse(decoded)).toEqual({ last4: '4242', type: 'Visa', iat: expect.any(Number) });
    expect(result.payout_token).not.toContain('4242424242424242');
  });

  it('tells the payment system from the first digits', async () => {
    expect(cardTypeOf(cardNumber('4'))).toBe('Visa');
    expect(cardTypeOf(cardNumber('51'))).toBe('Mastercard');
    expect(cardTypeOf(cardNumber('55'))).toBe('Mastercard');
    expect(cardTypeOf(cardNumber('2221'))).toBe('Mastercard');
    expect(cardTypeOf(cardNumber('2720'))).toBe('Mastercard');
    expect(cardTypeOf(cardNumber('2200'))).toBe('Мир');
    expect(cardTypeOf(cardNumber('2204'))).toBe('Мир');
    expect(cardTypeOf(cardNumber('2205'))).toBe('Card');
    expect(cardTypeOf(cardNumber('6'))).toBe('Card');
    expect((await tokenize({ ...card, number: cardNumber('2202') })).card_type).toBe('Мир');
  });

  it('checks the number with Luhn, the expiry and the holder', async () => {
    const bad = await expectError(tokenizer(false).$post({ json: { number: '4242 4242 4242 4241', expiry: '01/20', holder: 'Иван Петров' } }), 400);
    expect(bad.fields).toEqual({
      number: 'Неверный номер карты',
      expiry: 'Срок действия карты истёк',
      holder: 'Укажите имя владельца латинскими буквами',
    });
    // no holder at all, which the typed client would not leave out
    const shape = await expectJson(send('POST', '/api/sandbox/payout-cards/tokenize', { body: { number: '', expiry: '13/30' } }), 400);
    expect(shape.fields).toEqual({
      number: 'Неверный номер карты',
      expiry: 'Укажите срок действия в формате ММ/ГГ',
      holder: 'Укажите имя владельца латинскими буквами',
    });
  });
});

describe('payout card tokens', () => {
  it('is 401 for a visitor', async () => {
    await expectError(tokensOf().$get(), 401);
    // an empty body, as before: the session is checked first (the typed client would not send it)
    await expectJson(send('POST', '/api/payments/tokens/', { body: {} }), 401);
    await expectError(removeToken(undefined, 1), 401);
  });

  it('saves a genuine sandbox token and lists the newest card first', async () => {
    const user = await createUser(t.db);
    const first = await tokenize();
    const saved = await expectOk(saveToken(asUser(user), first), 201);
    expect(saved).toEqual<typeof saved>({ id: expect.any(Number), card_type: 'Visa', card_last4: '4242', created_at: expect.any(String) });
    const second = await tokenize({ ...card, number: cardNumber('2200') });
    const current = await expectOk(saveToken(asUser(user), second, false), 201);
    const list = await expectOk(tokensOf(asUser(user), false).$get(), 200);
    expect(list).toEqual([current, saved]);
    expect(list[0].card_type).toBe('Мир');
    const [row] = await t.db.select().from(payoutCardTokens).where(eq(payoutCardTokens.id, saved.id));
    expect(row.payoutToken).toBe(first.payout_token);
  });

  it('refuses a forged signature, a token from another secret and an unsigned one', async () => {
    const user = await createUser(t.db);
    const genuine = await tokenize();
    const [payload] = genuine.payout_token.split('.');
    const forged = tamperSignature(genuine.payout_token);
    const foreign = await signSandboxCardToken('another-secret', { last4: '4242', type: 'Visa' });
    for (const payout_token of [forged, foreign, 'sbx_abc', 'tok_real_looking_token', `${payload}.`]) {
      const res = await expectError(saveToken(asUser(user), { ...genuine, payout_token }), 400);
      expect(res).toEqual({ detail: 'Не удалось подтвердить данные карты. Введите карту заново.', code: 'invalid_card_token' });
    }
    expect(await t.db.select().from(payoutCardTokens).where(eq(payoutCardTokens.userId, user.id))).toHaveLength(0);
  });

  it('refuses last digits or a type that differ from the signed ones', async () => {
    const user = await createUser(t.db);
    const genuine = await tokenize();
    await expectError(saveToken(asUser(user), { ...genuine, card_last4: '0000' }), 400);
    await expectError(saveToken(asUser(user), { ...genuine, card_type: 'Мир' }), 400);
    const shape = await expectError(saveToken(asUser(user), { payout_token: '', card_last4: '42a', card_type: '' }), 400);
    expect(shape.fields).toEqual({
      payout_token: 'Токен карты обязателен',
      card_last4: 'Укажите последние 4 цифры карты',
      card_type: 'Укажите тип карты',
    });
  });

  it('refuses the same token twice for one user (409)', async () => {
    const user = await createUser(t.db);
    const genuine = await tokenize();
    await expectOk(saveToken(asUser(user), genuine), 201);
    const again = await expectError(saveToken(asUser(user), genuine), 409);
    expect(again).toEqual({ detail: 'Эта карта уже сохранена', code: 'card_exists' });
  });

  it("deletes the caller's card with 204 and answers 404 for another user's", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const saved = await expectOk(saveToken(asUser(owner), await tokenize()), 201);
    await expectError(removeToken(asUser(stranger), saved.id), 404);
    expect(await expectOk(tokensOf(asUser(stranger)).$get(), 200)).toEqual([]);
    expect((await removeToken(asUser(owner), saved.id)).status).toBe(204);
    await expectError(removeToken(asUser(owner), saved.id, false), 404);
  });

  it('in production takes the YooKassa widget’s synonym, last digits and card type once payouts are configured, and refuses junk', async () => {
    const user = await createUser(t.db);
    const production = { ...bindings, ENVIRONMENT: 'production' as const };
    const configured = { ...production, YOOKASSA_SHOP_ID: 'shop', YOOKASSA_SECRET_KEY: 'secret', YOOKASSA_PAYOUT_AGENT_ID: '505050' };
    const cookie = `${ACCESS_COOKIE}=${await signAccessToken(asUser(user), bindings.JWT_SECRET)}`;
    const save = (env: typeof production, json: TokenJson) => apiIn(env, cookie).payments.tokens.$post({ json });
    const synonym = { payout_token: 'pt-2e3a5b7c-000f-5000-9000-1a2b3c4d5e6f', card_last4: '4477', card_type: 'MasterCard' };

    // without the payouts gateway there is nowhere to pay to: no card is stored
    expect((await save(production, synonym)).status).toBe(503);
    for (const junk of [{ ...synonym, payout_token: 'short' }, { ...synonym, payout_token: 'has spaces and <tags> in it!!' }, { ...synonym, card_type: 'Bitcoin' }]) {
      expect((await save(configured, junk)).status, JSON.stringify(junk)).toBe(400);
    }
    expectMatch(await expectOk(save(configured, synonym), 201), { card_last4: '4477', card_type: 'MasterCard' });
    const rows = await t.db.select().from(payoutCardTokens).where(eq(payoutCardTokens.userId, user.id));
    expect(rows.map((r) => [r.payoutToken, r.cardLast4, r.cardType])).toEqual([[synonym.payout_token, '4477', 'MasterCard']]);
  });

  it('frames YooKassa’s payout widget in production under a policy that lets in only it, and the sandbox’s locally', async () => {
    const production = { ...bindings, ENVIRONMENT: 'production' as const };
    const configured = { ...production, YOOKASSA_SHOP_ID: 'shop', YOOKASSA_SECRET_KEY: 'secret', YOOKASSA_PAYOUT_AGENT_ID: '505050' };
    const local = await call('/widgets/payout-card');
    expect(local.status).toBe(200);
    const localHtml = await local.text();
    expect(localHtml).toContain('Номер карты');
    // both pages tell the settings screen their height, so the frame fits the form (issue 35)
    expect(localHtml).toContain("type: 'forma-payout-card-size'");

    expect((await createApp().request('/widgets/payout-card', {}, production, ctx)).status).toBe(503);
    const res = await createApp().request('/widgets/payout-card', {}, configured, ctx);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    const nonce = /script-src 'nonce-([^']+)' https:\/\/yookassa\.ru/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain('frame-src https://yookassa.ru');
    const html = await res.text();
    expect(html).toContain('<script src="https://yookassa.ru/payouts-data/3.1.0/widget.js"');
    expect(html).toContain('"accountId":"505050"');
    expect(html).toContain('"message":"forma-payout-card"');
    expect(html).toContain("type: 'forma-payout-card-size'");
    for (const tag of html.match(/<script[^>]*>/g)!) expect(tag).toContain(`nonce="${nonce}"`);
  });
});
