// Google's OpenID Connect protocol: GET /o/oauth2/v2/auth (with nonce), POST /token (form: code, client_id,
// client_secret, redirect_uri, grant_type, code_verifier) answering an RS256 id_token signed by the key that
// GET /certs publishes (iss is this fake's own address, aud the client id, the nonce as given).
import { Hono, type Context } from 'hono';
import { importJWK, SignJWT } from 'jose';
import type { AppEnv } from '../../env.ts';
import { sameText } from '../../auth/social/pkce.ts';
import { authorizeChosen, authorizePage, fakeAccessToken, redeemGrant } from './fake-oauth.ts';
import { formFields } from './fake-page.ts';
import { fakeSigningKey } from './fake-store.queries.ts';

/** This fake's address, its issuer: the origin and /dev/social/google. */
const issuer = (c: Context<AppEnv>) => `${new URL(c.req.url).origin}/dev/social/google`;

export const googleFake = new Hono<AppEnv>({ strict: false })
  .get('/o/oauth2/v2/auth', (c) => {
    if (!(c.req.query('scope') ?? '').split(' ').includes('openid')) return c.text('scope must include openid', 400);
    return authorizePage(c, 'google', c.env.GOOGLE_CLIENT_ID);
  })
  .post('/o/oauth2/v2/auth', (c) => authorizeChosen(c, 'google', c.env.GOOGLE_CLIENT_ID))
  .post('/token', async (c) => {
    const f = await formFields(c);
    if (!c.env.GOOGLE_CLIENT_SECRET || !sameText(f.client_secret ?? '', c.env.GOOGLE_CLIENT_SECRET)) {
      return c.json({ error: 'invalid_client', error_description: 'The OAuth client was not found.' }, 401);
    }
    // Google requires redirect_uri at the token step
    if (!f.redirect_uri) return c.json({ error: 'invalid_request', error_description: 'Missing parameter: redirect_uri' }, 400);
    const redeemed = await redeemGrant(c, 'google', f, c.env.GOOGLE_CLIENT_ID);
    if ('error' in redeemed) return redeemed.error;
    const { person, nonce } = redeemed.grant;
    const key = await fakeSigningKey(c.var.db, 'google');
    const claims: Record<string, unknown> = {
      azp: f.client_id,
      email: person.email ?? undefined,
      email_verified: person.email ? true : undefined,
      name: `${person.firstName} ${person.lastName}`.trim(),
      given_name: person.firstName,
      family_name: person.lastName || undefined,
      nonce,
    };
    const idToken = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: key.kid, typ: 'JWT' })
      .setIssuer(issuer(c))
      .setAudience(f.client_id)
      .setSubject(person.subject)
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(await importJWK(key.privateJwk as Parameters<typeof importJWK>[0], 'RS256'));
    return c.json({
      access_token: await fakeAccessToken(c.env.JWT_SECRET, 'google', person),
      id_token: idToken,
      expires_in: 3599,
      token_type: 'Bearer',
      scope: 'openid https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile',
    });
  })
  .get('/certs', async (c) => {
    const key = await fakeSigningKey(c.var.db, 'google');
    const { kty, n, e } = key.publicJwk;
    return c.json({ keys: [{ kty, n, e, kid: key.kid, alg: 'RS256', use: 'sig' }] });
  });
