// A phone is the account's only after a code sent to it is entered (decision 013). The attack of issue 14: someone
// writes another person's number into their own profile; when the number's owner later registers by SMS, they used
// to be signed into the attacker's account. Now the number waits unconfirmed, signs nobody in, and the owner gets an
// account of their own.
import { desc, eq } from 'drizzle-orm';
import { devMailbox } from '../../drizzle/schema/outbox.ts';
import { LEGAL_DOCUMENTS_VERSION } from '../../worker/auth/auth.schemas.ts';
import { describe, expect, it } from 'vitest';
import { users } from '../../drizzle/schema/users.ts';
import { createUser } from '../factories.ts';
import { post, waitForCode, waitForMessage } from './auth-helpers.ts';
import { useTestDb } from './helpers.ts';
import { asUser } from './json-api.ts';
import { apiAs, expectError, expectMatch, expectOk } from './typed-api.ts';

const t = useTestDb();
const uniquePhone = () => `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
type Me = { id: number; phone: string | null; phone_confirmed: boolean };

type Person = { id: number; role: 'mentee' | 'mentor' | 'admin' };
/** the typed client's /users/me as this user, on the spec's paths with the trailing slash */
const meOf = (user: Person) => apiAs(asUser(user), { trailingSlash: true }).users.me;
/** PATCH /users/me/ reads its own JSON-or-multipart body (no validator to build it from): the JSON goes as the request's body */
const patchMe = (user: Person, body: { phone: string; mentor_name?: string }) =>
  meOf(user).$patch({}, { headers: { 'content-type': 'application/json' }, init: { body: JSON.stringify(body) } });
const setPhone = (user: Person, phone: string) => patchMe(user, { phone });
const confirm = (user: Person, passcode: string) => meOf(user).phone.confirm.$post({ json: { passcode } });

/** The newest message to an address so far (0 for none): texts are sent after the answer, so wait past it. */
const lastMessageId = async (to: string) =>
  (await t.db.select({ id: devMailbox.id }).from(devMailbox).where(eq(devMailbox.recipient, to)).orderBy(desc(devMailbox.id)).limit(1))[0]?.id ?? 0;

/** Registration by SMS to the end: the account it signs into. */
async function registerByPhone(phone: string) {
  const after = await lastMessageId(phone);
  expect((await post('/api/registration/register/', { phone, consent_version: LEGAL_DOCUMENTS_VERSION })).status).toBe(200);
  const sms = await waitForMessage(t.db, phone, { after });
  const res = await post('/api/registration/confirm_registration/', { phone, passcode: /\d{4}/.exec(sms.text)![0] });
  return { me: (await res.json()) as Me, status: res.status };
}

/** Sign-in by SMS: the account it signs into, or the refusal. */
async function signInByPhone(phone: string, after: number) {
  await post('/api/auth/request_login_passcode/', { phone });
  const sms = await waitForMessage(t.db, phone, { after });
  return post('/api/verify-passcode/verify_login/', { phone, passcode: /\d{4}/.exec(sms.text)![0] });
}

describe('a phone in the profile', () => {
  it('signs nobody in until confirmed: the number’s owner registering by SMS gets an account of their own', async () => {
    const attacker = await createUser(t.db);
    const victimPhone = uniquePhone();
    const written = await expectOk(setPhone(attacker, victimPhone), 200);
    expectMatch(written, { phone: victimPhone, phone_confirmed: false });
    // the number's owner got a code they did not ask for, and ignore it
    await waitForMessage(t.db, victimPhone);

    const { me, status } = await registerByPhone(victimPhone);
    expect(status).toBe(201);
    expect(me.id).not.toBe(attacker.id);
    expect(me).toMatchObject({ phone: victimPhone, phone_confirmed: true });
    // sign-in by the number reaches the owner, never the one who typed it
    const last = await waitForMessage(t.db, victimPhone);
    const signedIn = await signInByPhone(victimPhone, last.id);
    expect(((await signedIn.json()) as Me).id).toBe(me.id);
    // the attacker never saw a code: guessing gets them nowhere, and the owner's number stays the owner's
    await expectError(confirm(attacker, '0000'), 400);
    const [row] = await t.db.select({ phone: users.phone, pending: users.pendingPhone }).from(users).where(eq(users.id, attacker.id));
    expect(row).toEqual({ phone: null, pending: victimPhone });
  });

  it('becomes the account’s phone with the code texted to it, and then signs in', async () => {
    const user = await createUser(t.db);
    const phone = uniquePhone();
    await expectOk(setPhone(user, phone), 200);
    const { code, messageId } = await waitForCode(t.db, phone);
    expectMatch(await expectOk(confirm(user, code), 200), { id: user.id, phone, phone_confirmed: true });
    expect(((await (await signInByPhone(phone, messageId)).json()) as Me).id).toBe(user.id);
    // the same number again changes nothing and texts nothing
    expectMatch(await expectOk(setPhone(user, phone), 200), { phone, phone_confirmed: true });
    expect((await expectError(confirm(user, code), 409)).code).toBe('no_pending_phone');
  });

  it('keeps the proven number signing in while a new one waits, and refuses a number someone confirmed meanwhile', async () => {
    const { me: owner } = await registerByPhone(uniquePhone());
    const ownerUser = { id: owner.id, role: 'mentee' as const };
    const oldPhone = owner.phone!;
    const wanted = uniquePhone();
    await expectOk(setPhone(ownerUser, wanted), 200);
    const { code } = await waitForCode(t.db, wanted, { after: 0 });
    const last = await waitForMessage(t.db, oldPhone);
    expect(((await (await signInByPhone(oldPhone, last.id)).json()) as Me).id).toBe(owner.id);

    // someone else proves the same number first
    const other = await createUser(t.db);
    const before = await lastMessageId(wanted);
    await expectOk(setPhone(other, wanted), 200);
    const { code: otherCode } = await waitForCode(t.db, wanted, { after: before });
    expectMatch(await expectOk(confirm(other, otherCode), 200), { phone: wanted, phone_confirmed: true });
    // the first code was retired by the second; a fresh one proves the number, but it is taken
    await expectError(confirm(ownerUser, code), 400);
    const beforeResend = await lastMessageId(wanted);
    await expectOk(meOf(ownerUser).phone.resend.$post(), 200);
    const fresh = await waitForCode(t.db, wanted, { after: beforeResend });
    expect(await expectError(confirm(ownerUser, fresh.code), 409)).toEqual({ detail: 'Этот телефон уже привязан к другому аккаунту', code: 'phone_taken' });
  });

  it('limits the codes to one number: past the limit the whole change is refused and nothing is written', async () => {
    const phone = uniquePhone();
    const people = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
    for (const person of people.slice(0, 5)) await expectOk(setPhone(person, phone), 200);
    await expectError(patchMe(people[5]!, { phone, mentor_name: 'Новое' }), 429);
    const [row] = await t.db.select({ pending: users.pendingPhone, name: users.firstName }).from(users).where(eq(users.id, people[5]!.id));
    expect(row).toEqual({ pending: null, name: 'Тест' });
  });
});
