// VK ID's protocol (id.vk.com): GET /authorize, the redirect back with code, state and device_id; POST /oauth2/auth
// (form: grant_type, code, code_verifier, device_id, client_id, redirect_uri, state) answering access_token, user_id
// and state; POST /oauth2/user_info (form: client_id, access_token) answering {user}.
import { Hono } from 'hono';
import type { AppEnv } from '../../env.ts';
import { authorizeChosen, authorizePage, fakeAccessToken, readFakeAccessToken, redeemGrant } from './fake-oauth.ts';
import { formFields } from './fake-page.ts';

export const vkFake = new Hono<AppEnv>({ strict: false })
  .get('/authorize', (c) => authorizePage(c, 'vk', c.env.VK_ID_CLIENT_ID))
  .post('/authorize', (c) => authorizeChosen(c, 'vk', c.env.VK_ID_CLIENT_ID, { deviceId: true }))
  .post('/oauth2/auth', async (c) => {
    const f = await formFields(c);
    const redeemed = await redeemGrant(c, 'vk', f, c.env.VK_ID_CLIENT_ID);
    if ('error' in redeemed) return redeemed.error;
    const { grant } = redeemed;
    if (f.device_id !== grant.deviceId) return c.json({ error: 'invalid_grant', error_description: 'device_id mismatch' }, 400);
    if (f.state !== grant.state) return c.json({ error: 'invalid_grant', error_description: 'state mismatch' }, 400);
    return c.json({
      access_token: await fakeAccessToken(c.env.JWT_SECRET, 'vk', grant.person),
      refresh_token: 'fake-refresh',
      token_type: 'Bearer',
      expires_in: 3600,
      user_id: Number(grant.person.subject),
      state: f.state,
      scope: 'vkid.personal_info email',
    });
  })
  .post('/oauth2/user_info', async (c) => {
    const f = await formFields(c);
    if (f.client_id !== c.env.VK_ID_CLIENT_ID) return c.json({ error: 'invalid_client', error_description: 'unknown client_id' }, 401);
    const person = await readFakeAccessToken(c.env.JWT_SECRET, 'vk', f.access_token);
    if (!person) return c.json({ error: 'invalid_token', error_description: 'access_token is invalid' }, 401);
    return c.json({ user: { user_id: person.subject, first_name: person.firstName, last_name: person.lastName, avatar: '', email: person.email ?? '', sex: 0, verified: false } });
  });
