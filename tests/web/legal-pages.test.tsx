// /privacy-policy and /offer: one section markup (web/features/legal/legal-document.tsx) numbers both documents'
// sections, each a heading that labels its section, and links them to each other and to the support chat.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { screen, within } from '@testing-library/react';
import { LegalSection } from '../../web/features/legal/legal-document.tsx';
import { PrivacyPolicy } from '../../web/features/legal/privacy-policy.tsx';
import { PublicOffer } from '../../web/features/legal/public-offer.tsx';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

/** what a deployment with every detail set answers (worker/legal/operator.ts) */
const OPERATOR = { name: 'ООО «Форма»', inn: '7701234567', ogrn: '1237700000000', address: '101000, г. Москва, ул. Примерная, д. 1', email: 'privacy@forma.example' };
const noRetry = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

beforeEach(() => {
  mockFetch([{ path: /\/api\/legal\/operator\/?$/, body: OPERATOR }]);
});
afterEach(() => vi.unstubAllGlobals());

describe('the legal documents', () => {
  it('a section shows its paragraph, its list and the paragraph after it, in that order, under its numbered heading', async () => {
    renderWithRouter(<LegalSection number={3} section={{ title: 'Кому мы передаём данные', before: 'Только тем:', items: ['Платёжному провайдеру', 'Сервисам писем'], after: 'И никому больше.' }} />);
    const section = await screen.findByRole('region', { name: '3. Кому мы передаём данные' });
    expect([...section.children].map((el) => el.tagName)).toEqual(['H2', 'P', 'UL', 'P']);
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Платёжному провайдеру', 'Сервисам писем']);
    expect(section.textContent).toContain('И никому больше.');
  });

  it('the privacy policy numbers its nine sections, leads to the support chat and the offer, and names the operator', async () => {
    renderWithRouter(<PrivacyPolicy />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Политика конфиденциальности' })).toBeTruthy();
    expect(headings()).toEqual([
      '1. Какие данные мы обрабатываем',
      '2. Зачем мы их обрабатываем',
      '3. Кому мы передаём данные',
      '4. Сколько мы храним данные',
      '5. Файлы cookie',
      '6. Как мы защищаем данные',
      '7. Ваши права',
      '8. Изменения политики',
      '9. Оператор персональных данных',
    ]);
    const rights = screen.getByRole('region', { name: '7. Ваши права' });
    expect(within(rights).getByRole('link', { name: 'поддержку' }).getAttribute('href')).toBe('/Support');
    expect(rights.textContent).toContain('Напишите нам в поддержку — мы ответим в течение 10 рабочих дней.');
    expect(screen.getByRole('link', { name: 'публичной оферте' }).getAttribute('href')).toBe('/offer');
    // the operator as the deployment names it (152-ФЗ: who processes the data and where to write)
    const operator = screen.getByRole('region', { name: '9. Оператор персональных данных' });
    await within(operator).findByText('ООО «Форма»');
    expect([...operator.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Оператор', 'ИНН', 'ОГРН', 'Адрес', 'Электронная почта']);
    expect(within(operator).getByRole('link', { name: 'privacy@forma.example' }).getAttribute('href')).toBe('mailto:privacy@forma.example');
  });

  it('names only the details the deployment set, and offers a retry when they do not load', async () => {
    mockFetch([{ path: /\/api\/legal\/operator\/?$/, body: { name: 'Форма — локальный запуск', inn: null, ogrn: '312774600000012', address: null, email: null } }]);
    renderWithRouter(<PublicOffer />, { queryClient: noRetry() });
    const details = await screen.findByRole('region', { name: '10. Реквизиты' });
    await within(details).findByText('Форма — локальный запуск');
    // fifteen digits is an individual entrepreneur's number
    expect([...details.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Оператор', 'ОГРНИП']);

    mockFetch([{ path: /\/api\/legal\/operator\/?$/, status: 500, body: { detail: 'Ошибка', code: 'internal' } }]);
    renderWithRouter(<PrivacyPolicy />, { queryClient: noRetry() });
    expect((await screen.findByRole('alert')).textContent).toContain('Не удалось загрузить реквизиты оператора');
  });

  it('the offer numbers its ten sections (the last its details) and leads to the privacy policy and the support chat', async () => {
    renderWithRouter(<PublicOffer />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Публичная оферта' })).toBeTruthy();
    expect(headings()).toHaveLength(10);
    expect(headings()[0]).toBe('1. Термины');
    expect(headings()[8]).toBe('9. Изменение оферты и связь с нами');
    expect(headings()[9]).toBe('10. Реквизиты');
    const data = screen.getByRole('region', { name: '8. Персональные данные' });
    expect(data.textContent).toContain('Форма обрабатывает персональные данные пользователей по политике конфиденциальности.');
    expect(within(data).getByRole('link').getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'поддержку' }).getAttribute('href')).toBe('/Support');
  });
});
