// The livestream landing's e-mail sign-up (issue 36): it used to thank the visitor and send nothing. Now the address is
// stored with its page, the visitor sees the server's confirmation, and an admin sees it in «Подписки на эфиры».
import { describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, signInWithSession, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
/** FORMA_SHOTS=<dir>: screenshots of the confirmation and the admins' list, to look at */
const shots = process.env.FORMA_SHOTS;
const { db, openPage } = useBrowserAndDb();

describe('the livestream landing sign-up', () => {
  it('stores the e-mail, confirms it to the visitor, and an admin sees it', async () => {
    const email = `e2e.stream.${Date.now()}@example.com`;
    const visitor = await openPage(390, 844);
    await gotoLiveApp(visitor, `${appUrl}/SuperpeerLanding`);
    const form = visitor.getByRole('form', { name: 'Sign up for early access' }).first();
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: /Sign up for free/ }).click();
    // the schema the API uses answers in the form, before anything is sent
    await form.getByText('Please accept the privacy policy to sign up.').waitFor();
    await form.getByRole('checkbox', { name: /I agree to the privacy policy/ }).check();
    await form.getByRole('button', { name: /Sign up for free/ }).click();
    await visitor.getByRole('status').filter({ hasText: `You're on the list. We'll email ${email} when your spot opens.` }).waitFor();
    if (shots) await visitor.screenshot({ path: `${shots}/waitlist-sent-390.png` });
    const { rows } = await db.query<{ source: string; created_at: Date }>('select source, created_at from waitlist_signups where email = $1', [email]);
    expect(rows).toMatchObject([{ source: '/SuperpeerLanding' }]);
    await visitor.context().close();

    const adminEmail = `e2e.waitlist.${Date.now()}@test.forma`;
    await db.query(`insert into users (email, first_name, last_name, role) values ($1, 'Ирина', 'Админова', 'admin')`, [adminEmail]);
    const admin = await openPage(1280);
    await signInWithSession(admin, db, adminEmail);
    await admin.goto(`${appUrl}/admin/callbacks`);
    await admin.getByRole('tab', { name: 'Подписки на эфиры' }).click();
    const item = admin.getByRole('list', { name: 'Подписки на эфиры' }).getByRole('listitem').filter({ hasText: email });
    await item.getByRole('link', { name: email }).waitFor();
    await item.getByText(/на странице \/SuperpeerLanding/).waitFor();
    if (shots) await admin.screenshot({ path: `${shots}/waitlist-admin-1280.png` });
    await admin.context().close();
  }, 90_000);
});
