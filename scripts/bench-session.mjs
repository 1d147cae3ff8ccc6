// Sessions for the bench: access tokens signed with the local secret from wrangler.toml (the bench stack runs
// with it), so no sign-in flow is in the measurement.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { root } from './local-env.mjs';
import { ACCESS_COOKIE, signAccessToken } from '../worker/auth/access-token.ts';

const secret = /^JWT_SECRET\s*=\s*"([^"]+)"/m.exec(readFileSync(path.join(root, 'wrangler.toml'), 'utf8'))[1];

/** The Cookie header of a signed-in user. */
export const sessionCookie = async (id, role) => `${ACCESS_COOKIE}=${await signAccessToken({ id, role }, secret)}`;
