// Yandex ID's protocol: GET oauth.yandex.ru/authorize, POST /token (form: grant_type, code, client_id, client_secret,
// code_verifier), GET login.yandex.ru/info?format=json with «Authorization: OAuth <token>».
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { sameText } from '../../auth/social/pkce.ts';
import { authorizeChosen, authorizePage, fakeAccessToken, readFakeAccessToken, redeemGrant } from './fake-oauth.ts';
import { formFields } from './fake-page.ts';

export const yandexFake = new Hono<AppEnv>({ strict: false })
  .get('/authorize', (c) => authorizePage(c, 'yandex', c.env.YANDEX_CLIENT_ID))
  .post('/authorize', (c) => authorizeChosen(c, 'yandex', c.env.YANDEX_CLIENT_ID))
  .post('/token', async (c) => {
    const f = await formFields(c);
    if (!c.env.YANDEX_CLIENT_SECRET || !sameText(f.client_secret ?? '', c.env.YANDEX_CLIENT_SECRET)) {
      return c.json({ error: 'invalid_client', error_description: 'Client authentication failed' }, 401);
    }
    const redeemed = await redeemGrant(c, 'yandex', f, c.env.YANDEX_CLIENT_ID);
    if ('error' in redeemed) return redeemed.error;
    return c.json({ access_token: await fakeAccessToken(c.env.JWT_SECRET, 'yandex', redeemed.grant.person), token_type: 'bearer', expires_in: 31_536_000 });
  })
  .get('/info', async (c) => {
    const token = /^OAuth (.+)$/.exec(c.req.header('authorization') ?? '')?.[1];
    const person = await readFakeAccessToken(c.env.JWT_SECRET, 'yandex', token);
    if (!person) return c.text('invalid token', 401);
    return c.json({
      id: person.subject,
      login: person.username,
      client_id: c.env.YANDEX_CLIENT_ID,
      first_name: person.firstName,
      last_name: person.lastName,
      display_name: person.username,
      real_name: `${person.firstName} ${person.lastName}`.trim(),
      default_email: person.email ?? undefined,
      emails: person.email ? [person.email] : [],
      is_avatar_empty: true,
      default_avatar_id: '0/0-0',
      psuid: `fake.${person.subject}`,
    });
  });
