// A social sign-in the way a browser makes it (decision 025): our start, the provider fake's consent page answered,
// its redirect back to our callback, all through the real Worker entry with the browser's cookies in a jar (redirects
// not followed: each is a step of the browser the test plays).
import { expect } from 'vitest';
import { ACCESS_COOKIE } from '../../worker/auth/access-token.ts';
import type { SocialProviderId } from '../../worker/auth/social.schemas.ts';
import { CookieJar, post } from './auth-helpers.ts';
import { call, ORIGIN } from './helpers.ts';

export type Person = { person: 'mentor' | 'mentee' } | { first_name: string; last_name?: string; email?: string };

/** POST start: answers the provider's authorize address (the fake's, on our origin). */
export async function start(provider: SocialProviderId, body: Record<string, unknown>, jar: CookieJar) {
  const res = await post(`/api/auth/social/${provider}/start/`, body, { jar });
  expect(res.status, await res.clone().text()).toBe(200);
  return ((await res.json()) as { authorize_url: string }).authorize_url;
}

/** The person chooses on the fake's page: answers where the fake redirects the browser (our callback). */
export async function consent(authorizeUrl: string, person: Person, tamper: (form: URLSearchParams) => void = () => {}) {
  const url = new URL(authorizeUrl);
  expect(url.origin).toBe(ORIGIN);
  const page = await call(url.pathname + url.search);
  expect(page.status, await page.clone().text()).toBe(200);
  const form = new URLSearchParams(url.search);
  for (const [k, v] of Object.entries(person)) form.set(k, v ?? '');
  tamper(form);
  const res = await call(url.pathname, { method: 'POST', body: form.toString(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, redirect: 'manual' });
  expect(res.status, await res.clone().text()).toBe(302);
  return res.headers.get('location')!;
}

/** The browser follows the provider's redirect to our callback: answers where we send it next. */
export async function callback(location: string, jar: CookieJar) {
  const url = new URL(location, ORIGIN);
  const res = jar.store(await call(url.pathname + url.search, { headers: jar.cookies.size ? { cookie: jar.header() } : {}, redirect: 'manual' }));
  expect(res.status).toBe(302);
  return new URL(res.headers.get('location')!, ORIGIN);
}

/** The whole round trip; answers our final redirect. */
export async function roundTrip(provider: SocialProviderId, body: Record<string, unknown>, person: Person, jar = new CookieJar()) {
  return callback(await consent(await start(provider, body, jar), person), jar);
}

export const hasSession = (jar: CookieJar) => jar.cookies.has(ACCESS_COOKIE);
