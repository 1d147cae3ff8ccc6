// The demo mentor creates a paid event with a cover and formatted text in "Редактор сессий", previews it,
// finds it in the editor's grid and on /AllEvents, then edits it.
import { describe, expect, inject, it } from 'vitest';
import { signIn, useBrowserAndDb } from './browser.ts';

const appUrl = inject('appUrl');
const { db, openPage } = useBrowserAndDb();

/** A real 1x1 PNG: the server checks a cover by its bytes. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

describe('the session editor', () => {
  // a long flow through four screens: 26 s idle, 43 s with a core busy, over 90 s with both cores busy
  it('creates a paid event with a cover and bold text, previews, lists and edits it', { timeout: 180_000 }, async () => {
    const page = await openPage(1280);
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await signIn(page, 'mentor@forma.test');
    await page.goto(`${appUrl}/CreateEntityPage`);
    await page.getByRole('button', { name: /Добавить мероприятие|Создать первое мероприятие/ }).click();
    const dialog = page.getByRole('dialog');

    const title = `Акварель по-мокрому ${Date.now()}`;
    const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
    await dialog.getByLabel('Название *').fill(title);
    await dialog.getByLabel('Дата *').fill(day);
    await dialog.getByLabel('Цена, ₽ *').fill('1500');
    await dialog.getByLabel('Файл обложки').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: PNG });
    const editor = dialog.getByRole('textbox', { name: 'Описание' });
    await editor.click();
    await page.keyboard.type('Программа встречи');
    await page.keyboard.press('Control+A');
    await dialog.getByRole('button', { name: 'Жирный' }).click();
    await expect.poll(() => dialog.getByTestId('description-counter').textContent()).toBe('17/500');

    const [preview] = await Promise.all([page.context().waitForEvent('page'), dialog.getByRole('button', { name: 'Предпросмотр' }).click()]);
    await preview.getByText(title).first().waitFor();
    await preview.close();

    await dialog.getByRole('button', { name: 'Создать мероприятие' }).click();
    await page.getByText(title).first().waitFor();
    const { rows } = await db.query<{ id: number; description: string; price: number; image_url: string | null; starts_at: Date }>(
      'select id, description, price, image_url, starts_at from events where title = $1',
      [title],
    );
    expect(rows).toHaveLength(1);
    const event = rows[0]!;
    expect(event.price).toBe(1500);
    expect(event.image_url).toMatch(/^\/media\/files\//);
    expect(event.description).toMatch(/<(b|strong)>Программа встречи<\/(b|strong)>/);
    // 18:00 in the mentor's zone (Europe/Moscow), the form's default time
    expect(event.starts_at.toISOString()).toBe(`${day}T15:00:00.000Z`);

    await page.goto(`${appUrl}/AllEvents?search=${encodeURIComponent(title)}`);
    await page.getByText(title).first().waitFor();

    await page.goto(`${appUrl}/edit_event/${event.id}`);
    const edit = page.getByRole('dialog');
    await expect.poll(() => edit.getByLabel('Название *').inputValue(), { timeout: 20_000 }).toBe(title);
    await edit.getByLabel('Цена, ₽ *').fill('2000');
    await edit.getByRole('button', { name: 'Сохранить' }).click();
    await expect.poll(async () => (await db.query('select price from events where id = $1', [event.id])).rows[0].price).toBe(2000);
    expect(errors).toEqual([]);
  });
});
