// The livestream landing's e-mail sign-up (issue 36): stored with its page, confirmed, limited against floods like the
// call-back requests, refused in the error envelope when the address is bad, and listed to admins only.
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { waitlistSignups } from '../../drizzle/schema/callbacks.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { call, useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectOk } from './typed-api.ts';

const t = useTestDb();
const as = (user?: Parameters<typeof apiAs>[0]) => apiAs(user, { trailingSlash: true });

let addressSeq = 0;
/** A visitor's address of its own per test (the limits count per address and per network). */
const freshAddress = () => `10.${60 + (addressSeq++ % 150)}.${Math.floor(Math.random() * 250)}.9`;

function signUp(body: unknown, ip = freshAddress()) {
  return call('/api/waitlist-signups/', { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip }, body: JSON.stringify(body) });
}

describe('a visitor signs up on the livestream landing', () => {
  it('is stored with the page and when, and confirmed to the address given', async () => {
    const email = uniqueEmail('stream');
    const res = await signUp({ email: `  ${email} `, source: '/SuperpeerLanding', consent: true });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ detail: `You're on the list. We'll email ${email} when your spot opens.` });
    const stored = await t.db.select().from(waitlistSignups).where(eq(waitlistSignups.email, email));
    expect(stored).toMatchObject([{ email, source: '/SuperpeerLanding' }]);
    expect(Date.now() - stored[0].createdAt.getTime()).toBeLessThan(60_000);
  });

  it('signing up again with the same address (any case) is the one sign-up it was', async () => {
    const email = uniqueEmail('again');
    expect((await signUp({ email, source: '/SuperpeerLanding', consent: true })).status).toBe(201);
    expect((await signUp({ email: email.toUpperCase(), source: '/SuperpeerLanding', consent: true })).status).toBe(201);
    const stored = await t.db.select().from(waitlistSignups).where(sql`lower(${waitlistSignups.email}) = ${email}`);
    expect(stored).toHaveLength(1);
  });

  it('refuses a bad address, an unknown page and no consent in the error envelope, field by field', async () => {
    const res = await signUp({ email: 'not-an-email', source: '/Elsewhere', consent: false });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      code: 'validation_error',
      detail: 'Please enter a valid email address.',
      fields: {
        email: 'Please enter a valid email address.',
        source: 'Unknown sign-up page.',
        consent: 'Please accept the privacy policy to sign up.',
      },
    });
    const empty = await signUp({ email: '   ', source: '/SuperpeerLanding', consent: true });
    expect(await empty.json()).toMatchObject({ code: 'validation_error', fields: { email: 'Please enter your email address.' } });
  });

  it('is limited per address: the fourth sign-up in an hour is refused, saying how long to wait', async () => {
    const ip = freshAddress();
    for (let i = 0; i < 3; i++) expect((await signUp({ email: uniqueEmail('bot'), source: '/SuperpeerLanding', consent: true }, ip)).status).toBe(201);
    const refused = await signUp({ email: uniqueEmail('bot'), source: '/SuperpeerLanding', consent: true }, ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', detail: 'You have already signed up. Please try again in an hour.' });
  });

  it('is limited per e-mail address, whatever the network', async () => {
    const email = uniqueEmail('victim');
    expect((await signUp({ email, source: '/SuperpeerLanding', consent: true })).status).toBe(201);
    expect((await signUp({ email, source: '/SuperpeerLanding', consent: true })).status).toBe(201);
    const refused = await signUp({ email: email.toUpperCase(), source: '/SuperpeerLanding', consent: true });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ code: 'rate_limited', detail: 'This address is already on the list. Please try again tomorrow.' });
  });
});

describe("the admins' list of sign-ups", () => {
  it('lists them newest first to admins only, with how many there are', async () => {
    const [admin, mentee] = await Promise.all([createUser(t.db, { role: 'admin' }).then(asUser), createUser(t.db).then(asUser)]);
    const email = uniqueEmail('listed');
    expect((await signUp({ email, source: '/SuperpeerLanding', consent: true })).status).toBe(201);

    expect(await expectError(as()['waitlist-signups'].$get({ query: {} }), 401)).toMatchObject({ code: 'not_authenticated' });
    await expectError(as(mentee)['waitlist-signups'].$get({ query: {} }), 403);

    const page = await expectOk(as(admin)['waitlist-signups'].$get({ query: { limit: '100' } }), 200);
    expect(page.total).toBeGreaterThanOrEqual(1);
    expect(page.results.find((row) => row.email === email)).toMatchObject({ source: '/SuperpeerLanding' });
    const times = page.results.map((row) => Date.parse(row.created_at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });
});
