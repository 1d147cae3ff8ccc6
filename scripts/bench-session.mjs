// Sessions for the bench: access tokens signed with the local secret from wrangler.toml (the bench stack runs
// with it), so no sign-in flow is in the measurement.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './local-env.mjs';
import { ACCESS_COOKIE, signAccessToken } from '../worker/auth/access-token.ts';

const secret = /^JWT_SECRET\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))[1];

/**
 * The Cookie header of a signed-in user. `ttlSeconds` outlasts the access token's 15 minutes for the soak, whose people
 * stay signed in for its whole run (a browser renews the token every 15 minutes, one request; the soak leaves it out).
 */
export const sessionCookie = async (id, role, ttlSeconds) => `${ACCESS_COOKIE}=${await signAccessToken({ id, role }, secret, ttlSeconds)}`;
