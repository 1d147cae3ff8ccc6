import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { legalConsents } from '../../drizzle/schema/auth.ts';
import { mentorApplications, users } from '../../drizzle/schema/users.ts';
import { LEGAL_DOCUMENTS_VERSION } from '../../worker/auth/auth.schemas.ts';
import { createUser, uniqueEmail } from '../factories.ts';
import { CookieJar, get, post, waitForCode, waitForMessage } from './auth-helpers.ts';
import { useTestDb } from './helpers.ts';

const t = useTestDb();
const uniquePhone = () => `+79${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

describe('registration', () => {
  it('by e-mail: a code, then the account (a mentee) and a session', async () => {
    const email = uniqueEmail('new');
    const res = await post('/api/registration/register/', { email, role: 'mentee', consent_version: LEGAL_DOCUMENTS_VERSION });
    expect(res.status).toBe(200);
    const { code } = await waitForCode(t.db, email);
    const jar = new CookieJar();
    const confirmed = await post('/api/registration/confirm_registration/', { email, passcode: code }, { jar });
    expect(confirmed.status).toBe(201);
    expect(await confirmed.json()).toMatchObject({ email, user_role: 'mentee' });
    expect((await get('/api/users/me/', jar)).status).toBe(200);
  });

  it("accepts the old client's {username, password, email} shape", async () => {
    const email = uniqueEmail('legacy');
    const res = await post('/api/registration/register/', { username: 'user', password: 'placeholder', email, consent_version: LEGAL_DOCUMENTS_VERSION });
    expect(res.status).toBe(200);
    const { code } = await waitForCode(t.db, email);
    const confirmed = await post('/api/registration/confirm_registration/', { email, passcode: code, username: 'user', password: 'placeholder' });
    expect(confirmed.status).toBe(201);
  });

  it('never makes a mentor directly: "I want to teach" opens a draft mentor application', async () => {
    const email = uniqueEmail('teacher');
    await post('/api/registration/register/', { email, role: 'mentor', consent_version: LEGAL_DOCUMENTS_VERSION });
    const { code } = await waitForCode(t.db, email);
    const confirmed = await post('/api/registration/confirm_registration/', { email, passcode: code });
    const me = await confirmed.json<{ id: number; user_role: string }>();
    expect(me.user_role).toBe('mentee');
    const [application] = await t.db.select().from(mentorApplications).where(eq(mentorApplications.userId, me.id));
    expect(application.status).toBe('draft');
  });

  it('answers the same for an existing e-mail and lets that person simply sign in', async () => {
    const user = await createUser(t.db);
    const res = await post('/api/registration/register/', { email: user.email, consent_version: LEGAL_DOCUMENTS_VERSION });
    expect(res.status).toBe(200);
    const message = await waitForMessage(t.db, user.email!);
    expect(message.subject).toBe('Вы уже зарегистрированы в Форме');
    const code = /\d{4}/.exec(message.text)![0];
    const confirmed = await post('/api/registration/confirm_registration/', { email: user.email, passcode: code });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toMatchObject({ id: user.id });
  });

  it('by phone: the code comes by SMS and the account has no e-mail yet', async () => {
    const phone = uniquePhone();
    expect((await post('/api/registration/register/', { phone, consent_version: LEGAL_DOCUMENTS_VERSION })).status).toBe(200);
    const sms = await waitForMessage(t.db, phone);
    expect(sms.channel).toBe('sms');
    const code = /\d{4}/.exec(sms.text)![0];
    const confirmed = await post('/api/registration/confirm_registration/', { phone, passcode: code });
    expect(confirmed.status).toBe(201);
    const me = await confirmed.json<{ id: number; email: string | null; phone: string }>();
    expect(me).toMatchObject({ email: null, phone });
    // and signs in later with the phone
    await post('/api/auth/request_login_passcode/', { phone });
    const login = await waitForMessage(t.db, phone, { after: sms.id });
    const signedIn = await post('/api/verify-passcode/verify_login/', { phone, passcode: /\d{4}/.exec(login.text)![0] });
    expect(signedIn.status).toBe(200);
  });

  it('checks the phone format', async () => {
    const res = await post('/api/registration/register/', { phone: '89991234567' });
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('Неверный формат телефона');
  });

  it('refuses a wrong confirmation code and creates nothing', async () => {
    const email = uniqueEmail('wrong');
    await post('/api/registration/register/', { email, consent_version: LEGAL_DOCUMENTS_VERSION });
    const { code } = await waitForCode(t.db, email);
    const bad = String((Number(code) + 1) % 10_000).padStart(4, '0');
    const res = await post('/api/registration/confirm_registration/', { email, passcode: bad });
    expect(res.status).toBe(400);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
  });

  it('creates one account when the same confirmation races', async () => {
    const email = uniqueEmail('race');
    await post('/api/registration/register/', { email, consent_version: LEGAL_DOCUMENTS_VERSION });
    const { code } = await waitForCode(t.db, email);
    const results = await Promise.all([1, 2, 3].map(() => post('/api/registration/confirm_registration/', { email, passcode: code })));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(await t.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });
});

describe('consent to the privacy policy and the public offer (issue 35)', () => {
  it('is kept with the account: which edition, and when', async () => {
    const email = uniqueEmail('consent');
    const before = Date.now();
    await post('/api/registration/register/', { email, consent_version: LEGAL_DOCUMENTS_VERSION });
    const { code } = await waitForCode(t.db, email);
    const me = await (await post('/api/registration/confirm_registration/', { email, passcode: code })).json<{ id: number }>();
    const rows = await t.db.select().from(legalConsents).where(eq(legalConsents.userId, me.id));
    expect(rows.map((row) => [row.document, row.version]).sort()).toEqual([
      ['privacy_policy', LEGAL_DOCUMENTS_VERSION],
      ['public_offer', LEGAL_DOCUMENTS_VERSION],
    ]);
    for (const row of rows) expect(row.acceptedAt.getTime()).toBeGreaterThanOrEqual(before - 5000);
  });

  it('is required: no code goes out without it, and an outdated edition is named as such', async () => {
    const email = uniqueEmail('noconsent');
    const missing = await post('/api/registration/register/', { email });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ fields: { consent_version: 'Необходимо принять политику' } });
    const outdated = await post('/api/registration/register/', { email, consent_version: '2000-01-01' });
    expect(outdated.status).toBe(400);
    expect(await outdated.json()).toMatchObject({ fields: { consent_version: 'Документы обновились: обновите страницу и примите их снова' } });
  });
});
