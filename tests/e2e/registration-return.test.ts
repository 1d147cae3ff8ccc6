// Issue 35, as a new person meets it: «Записаться» and «Войдите для участия» bring them back to the page and the action
// that asked them to sign in; a reload on registration's third step stays there; «Запомнить меня» off keeps the session
// for the browser session only; the consent links lead to real documents and the consent is kept with the account.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { gotoLiveApp, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

/** The newest 4-digit code mailed (or texted) to `to` after `after` (epoch ms), from the dev mailbox. */
async function codeFor(page: Page, to: string, after: number) {
  for (let i = 0; i < 100; i++) {
    const res = await page.request.get(`${appUrl}/api/dev/mailbox/?email=${encodeURIComponent(to)}`);
    const messages = (await res.json()) as Array<{ text: string; created_at?: string }>;
    const fresh = messages.filter((m) => !m.created_at || Date.parse(m.created_at) >= after - 1000);
    const code = /\b\d{4}\b/.exec(fresh[0]?.text ?? '')?.[0];
    if (code) return code;
    await page.waitForTimeout(100);
  }
  throw new Error(`no code for ${to}`);
}

async function typeCode(page: Page, to: string, after: number) {
  const first = page.getByLabel('Цифра 1 из 4');
  await first.waitFor();
  const code = await codeFor(page, to, after);
  await first.click();
  await page.keyboard.type(code);
}

/** A mentor with an active consultation type that has free time ahead (the booking dialog then has something to show). */
async function mentorWithType() {
  const { rows } = await db.query<{ mentor_id: number; type_name: string }>(
    `select t.mentor_id, t.name as type_name
       from consultation_types t
      where t.archived_at is null
        and exists (select 1 from consultation_slots s where s.consultation_type_id = t.id and s.deleted_at is null and s.starts_at > now() + interval '2 hours')
        and (select count(*) from consultation_types o where o.mentor_id = t.mentor_id and o.archived_at is null and o.name = t.name) = 1
      order by t.mentor_id, t.id
      limit 1`,
  );
  if (!rows[0]) throw new Error('the demo data has no consultation type with free time');
  return rows[0];
}

describe('sign-in and registration (issue 35)', () => {
  it('«Записаться» → registration: consent kept, step 3 survives a reload, back on the mentor page with the dialog open', { timeout: 120_000 }, async () => {
    const { mentor_id: mentorId, type_name: typeName } = await mentorWithType();
    const email = `e2e.return.${Date.now()}@test.forma`;
    const page = await openPage(390, 844);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));

    await gotoLiveApp(page, `${appUrl}/mentor_info/${mentorId}`);
    const typeCard = page.locator('#consultation-types li').filter({ has: page.getByText(typeName, { exact: true }) });
    await typeCard.getByRole('button', { name: 'Записаться' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    // the login card, not the mentor page's event links (the old page stays while the new one loads)
    await page.getByText('Ещё нет аккаунта?').getByRole('link', { name: 'Зарегистрироваться' }).click();
    await page.waitForURL(/\/register\?redirect=/);
    await page.getByText('Шаг 1 из 3').waitFor();

    // the consent's links are the published documents, not «#»
    const policy = page.getByRole('link', { name: 'политику конфиденциальности' });
    expect(await policy.getAttribute('href')).toBe('/privacy-policy');
    expect(await page.getByRole('link', { name: 'публичную оферту' }).getAttribute('href')).toBe('/offer');

    await page.getByRole('tab', { name: 'По email' }).click();
    await page.getByRole('textbox', { name: 'Email' }).fill(email);
    await page.getByRole('checkbox', { name: /Я принимаю/ }).click();
    await page.getByRole('checkbox', { name: 'Запомнить меня' }).click();
    const asked = Date.now();
    await page.getByRole('button', { name: 'Далее' }).click();
    await typeCode(page, email, asked);
    await page.getByText('Шаг 3 из 3').waitFor();

    // «Запомнить меня» off: the refresh cookie ends with the browser session
    const refresh = (await page.context().cookies()).find((cookie) => cookie.name === 'forma_refresh');
    expect(refresh?.expires).toBe(-1);
    // the consent is kept with the account: which edition, when
    const { rows: consents } = await db.query<{ document: string; version: string }>(
      `select c.document, c.version from legal_consents c join users u on u.id = c.user_id where u.email = $1 order by c.document`,
      [email],
    );
    expect(consents.map((row) => row.document)).toEqual(['privacy_policy', 'public_offer']);

    // a reload resumes at the step the account is at
    await page.reload();
    await page.getByText('Шаг 3 из 3').waitFor();
    await page.getByLabel('Имя').fill('Ксения');
    await page.getByLabel('Фамилия').fill('Морозова');
    await page.getByLabel('Телефон').fill(`9${String(Date.now()).slice(-9)}`);
    await page.getByRole('button', { name: 'Завершить регистрацию' }).click();

    // back where «Записаться» was pressed, with that type's booking dialog open
    await page.waitForURL(new RegExp(`/mentor_info/${mentorId}$`));
    await page.getByRole('dialog').getByText('Шаг 1/2').waitFor();
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('«Войдите для участия» → sign-in: back on the event, registered', { timeout: 90_000 }, async () => {
    const { rows } = await db.query<{ id: number }>(
      `select id from events
        where is_public and not is_canceled and price = 0 and starts_at > now() + interval '1 day'
          and (total_spots = 0 or taken_spots < total_spots)
        order by starts_at, id limit 1`,
    );
    const eventId = rows[0]!.id;
    const email = `e2e.event.${Date.now()}@test.forma`;
    await db.query(`insert into users (email, first_name, last_name) values ($1, 'Олег', 'Смирнов')`, [email]);
    const page = await openPage(1280);

    await gotoLiveApp(page, `${appUrl}/event_info/${eventId}`);
    await page.getByRole('button', { name: 'Войдите для участия' }).click();
    await page.waitForURL(/\/login\?redirect=/);
    await page.getByLabel('Email').fill(email);
    const asked = Date.now();
    await page.getByRole('button', { name: 'Получить код' }).click();
    await typeCode(page, email, asked);

    await page.waitForURL(new RegExp(`/event_info/${eventId}$`));
    await page.getByText('Вы зарегистрированы').first().waitFor();
    const { rows: registered } = await db.query(
      `select 1 from event_registrations r join users u on u.id = r.user_id where u.email = $1 and r.event_id = $2 and r.status = 'confirmed'`,
      [email, eventId],
    );
    expect(registered).toHaveLength(1);
    // «Запомнить меня» is on by default: the session outlives the browser session
    const refresh = (await page.context().cookies()).find((cookie) => cookie.name === 'forma_refresh');
    expect(refresh!.expires).toBeGreaterThan(Date.now() / 1000 + 86_400);
    await page.context().close();
  });

  it('the footer and the landing lead to the documents and to support, not to «#» or a placeholder handle', { timeout: 60_000 }, async () => {
    const page = await openPage(390, 844);
    await gotoLiveApp(page, `${appUrl}/AllMentors`);
    await page.locator('footer').getByRole('link', { name: 'Политика конфиденциальности' }).click();
    await page.getByRole('heading', { name: 'Политика конфиденциальности', level: 1 }).waitFor();
    expect(await page.getByText('152-ФЗ', { exact: false }).count()).toBeGreaterThan(0);
    await page.locator('footer').getByRole('link', { name: 'Публичная оферта' }).click();
    await page.getByRole('heading', { name: 'Публичная оферта', level: 1 }).waitFor();
    await page.getByText('5 % от суммы оплаты', { exact: false }).waitFor();
    expect(await page.locator('footer a[href="#"]').count()).toBe(0);

    await gotoLiveApp(page, `${appUrl}/`);
    const ask = page.getByRole('link', { name: 'Задать вопрос' });
    await ask.waitFor();
    expect(await ask.getAttribute('href')).toBe('/Support');
    await page.context().close();
  });
});
