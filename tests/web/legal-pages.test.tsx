// /privacy-policy and /offer: one section markup (web/features/legal/legal-document.tsx) numbers both documents'
// sections, each a heading that labels its section, and links them to each other and to the support chat.
import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { LegalSection } from '../../web/features/legal/legal-document.tsx';
import { PrivacyPolicy } from '../../web/features/legal/privacy-policy.tsx';
import { PublicOffer } from '../../web/features/legal/public-offer.tsx';
import { renderWithRouter } from './render-with-router.tsx';

const headings = () => screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);

describe('the legal documents', () => {
  it('a section shows its paragraph, its list and the paragraph after it, in that order, under its numbered heading', async () => {
    renderWithRouter(<LegalSection number={3} section={{ title: 'Кому мы передаём данные', before: 'Только тем:', items: ['Платёжному провайдеру', 'Сервисам писем'], after: 'И никому больше.' }} />);
    const section = await screen.findByRole('region', { name: '3. Кому мы передаём данные' });
    expect([...section.children].map((el) => el.tagName)).toEqual(['H2', 'P', 'UL', 'P']);
    expect(within(section).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Платёжному провайдеру', 'Сервисам писем']);
    expect(section.textContent).toContain('И никому больше.');
  });

  it('the privacy policy numbers its eight sections and leads to the support chat and the offer', async () => {
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
    ]);
    const rights = screen.getByRole('region', { name: '7. Ваши права' });
    expect(within(rights).getByRole('link', { name: 'поддержку' }).getAttribute('href')).toBe('/Support');
    expect(rights.textContent).toContain('Напишите нам в поддержку — мы ответим в течение 10 рабочих дней.');
    expect(screen.getByRole('link', { name: 'публичной оферте' }).getAttribute('href')).toBe('/offer');
  });

  it('the offer numbers its nine sections and leads to the privacy policy and the support chat', async () => {
    renderWithRouter(<PublicOffer />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Публичная оферта' })).toBeTruthy();
    expect(headings()).toHaveLength(9);
    expect(headings()[0]).toBe('1. Термины');
    expect(headings()[8]).toBe('9. Изменение оферты и связь с нами');
    const data = screen.getByRole('region', { name: '8. Персональные данные' });
    expect(data.textContent).toContain('Форма обрабатывает персональные данные пользователей по политике конфиденциальности.');
    expect(within(data).getByRole('link').getAttribute('href')).toBe('/privacy-policy');
    expect(screen.getByRole('link', { name: 'поддержку' }).getAttribute('href')).toBe('/Support');
  });
});
