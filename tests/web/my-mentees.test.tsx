import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import type { Mentee } from '../../web/features/my-mentees/my-mentees.api.ts';
import { MENTEES_SEARCH_DEBOUNCE_MS, MyMenteesScreen } from '../../web/features/my-mentees/my-mentees-screen.tsx';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';

const ROOM = '8b0c1c6e-2f1a-4c8e-9a51-0d5f3c2b7a10';
const NEW_ROOM = '0f6a9d1e-1111-4c8e-9a51-0d5f3c2b7a10';

const mentee = (overrides: Partial<Mentee> = {}): Mentee => ({
  id: 42,
  name: 'Анна',
  surname: 'Петрова',
  avatar_url: null,
  bookings_count: 3,
  registrations_count: 1,
  last_contact: '2026-11-20T12:00:00.000Z',
  next_meeting: null,
  chat_room_id: ROOM,
  reliability: null,
  ...overrides,
});

const ivan = mentee({ id: 43, name: 'Иван', surname: 'Смирнов', bookings_count: 1, registrations_count: 0, last_contact: '2026-09-01T09:00:00.000Z', chat_room_id: null });

function renderScreen() {
  return renderWithRouter(
    <>
      <MyMenteesScreen timeZone="Europe/Moscow" />
      <Toaster />
    </>,
    { path: '/MyMentee', queryClient: new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } }) },
  );
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('my mentees screen', () => {
  it('lists the mentees with counts and the last contact date in Russian', async () => {
    const { calls } = mockFetch([{ path: /\/api\/mentees\/?$/, body: [mentee(), ivan] }]);
    renderScreen();
    const anna = await screen.findByRole('article', { name: 'Анна Петрова' });
    expect(within(anna).getByText('3 бронирования · 1 регистрация')).toBeTruthy();
    expect(within(anna).getByText('Последний контакт: 20 ноября 2026')).toBeTruthy();
    const second = screen.getByRole('article', { name: 'Иван Смирнов' });
    expect(within(second).getByText('1 бронирование · 0 регистраций')).toBeTruthy();
    expect(within(second).getByText('Последний контакт: 1 сентября 2026')).toBeTruthy();
    expect(screen.getByText('2 ученика')).toBeTruthy();
    expect(calls.map((call) => call.url)).toEqual([expect.stringMatching(/^\/api\/mentees\/?$/)]);
  });

  it('says «Следующая встреча» for a date ahead, never «Последний контакт» (issue 35 item 15)', async () => {
    mockFetch([{ path: /\/api\/mentees\/?$/, body: [mentee({ last_contact: null, next_meeting: '2026-12-02T12:00:00.000Z' }), mentee({ id: 44, name: 'Вера', surname: 'Ким', next_meeting: '2026-12-05T12:00:00.000Z' })] }]);
    renderScreen();
    const anna = await screen.findByRole('article', { name: 'Анна Петрова' });
    expect(within(anna).getByText('Следующая встреча: 2 декабря 2026')).toBeTruthy();
    expect(within(anna).queryByText(/Последний контакт/)).toBeNull();
    const vera = screen.getByRole('article', { name: 'Вера Ким' });
    expect(within(vera).getByText('Последний контакт: 20 ноября 2026')).toBeTruthy();
    expect(within(vera).getByText('Следующая встреча: 5 декабря 2026')).toBeTruthy();
  });

  it('shows a booker’s attendance and late cancellations (decision 021); nothing for an event’s guest', async () => {
    mockFetch([
      { path: /\/api\/mentees\/42\/history/, body: [] },
      {
        path: /\/api\/mentees\/?$/,
        body: [
          mentee({ reliability: { attendance: { attended: 4, due: 5 }, late_cancellations_90d: { canceled: 1, bookings: 6 } } }),
          mentee({ id: 44, name: 'Вера', surname: 'Ким', bookings_count: 0, reliability: null }),
        ],
      },
    ]);
    renderScreen();
    const anna = await screen.findByRole('article', { name: 'Анна Петрова' });
    expect(within(anna).getByText('Приходит на 4 из 5 встреч · 1 поздняя отмена за 90 дн.')).toBeTruthy();
    expect(within(screen.getByRole('article', { name: 'Вера Ким' })).queryByText(/встреч/)).toBeNull();
    // opened, the row shows the two figures with what they are computed from
    fireEvent.click(within(anna).getByRole('button', { name: 'Анна Петрова' }));
    const figures = await within(anna).findByRole('region', { name: 'Надёжность ученика' });
    expect(within(figures).getByText('80 %')).toBeTruthy();
    expect(within(figures).getByText('1 из 6 записей, меньше чем за 24 ч до начала')).toBeTruthy();
  });

  it("the name opens what the mentee booked and attended, an event linking to its page (issue 35 item 22)", async () => {
    const { calls } = mockFetch([
      { path: /\/api\/mentees\/?$/, body: [mentee()] },
      {
        path: /\/api\/mentees\/42\/history\/?$/,
        body: [
          { kind: 'event', id: 9, title: 'Открытый урок', starts_at: '2026-12-05T12:00:00.000Z', state: 'ahead' },
          { kind: 'consultation', id: 5, title: 'Разбор резюме', starts_at: '2026-11-20T12:00:00.000Z', state: 'done' },
        ],
      },
    ]);
    renderScreen();
    const anna = await screen.findByRole('article', { name: 'Анна Петрова' });
    const name = within(anna).getByRole('button', { name: 'Анна Петрова' });
    expect(name.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(name);
    const history = await within(anna).findByRole('list', { name: 'История занятий' });
    expect(name.getAttribute('aria-expanded')).toBe('true');
    expect(within(history).getByRole('link', { name: 'Открытый урок' }).getAttribute('href')).toBe('/event_info/9');
    expect(within(history).getByText('Разбор резюме')).toBeTruthy();
    expect(within(history).getByText('20 ноября 2026 · Завершено')).toBeTruthy();
    expect(calls.some((call) => /\/api\/mentees\/42\/history/.test(call.url))).toBe(true);
  });

  it('sends ?search= only after the 300 ms pause, once for the whole word', async () => {
    const { calls } = mockFetch([
      { path: /\/api\/mentees\/?\?search=/, body: [mentee()] },
      { path: /\/api\/mentees\/?$/, body: [mentee(), ivan] },
    ]);
    renderScreen();
    await screen.findByRole('article', { name: 'Иван Смирнов' });
    const input = screen.getByRole('searchbox', { name: 'Поиск по имени' });
    fireEvent.change(input, { target: { value: 'А' } });
    await sleep(100);
    fireEvent.change(input, { target: { value: 'Ан' } });
    await sleep(100);
    fireEvent.change(input, { target: { value: 'Анна' } });
    await sleep(MENTEES_SEARCH_DEBOUNCE_MS - 100);
    expect(calls).toHaveLength(1);

    await waitFor(() => expect(screen.queryByRole('article', { name: 'Иван Смирнов' })).toBeNull());
    expect(calls).toHaveLength(2);
    const searched = new URL(calls[1]!.url, 'http://localhost');
    expect(searched.pathname).toMatch(/^\/api\/mentees\/?$/);
    expect(searched.searchParams.get('search')).toBe('Анна');
    expect(screen.getByRole('article', { name: 'Анна Петрова' })).toBeTruthy();
  });

  it("shows 'Ничего не найдено' for a search without results, and the reset brings the list back", async () => {
    mockFetch([
      { path: /\/api\/mentees\/?\?search=/, body: [] },
      { path: /\/api\/mentees\/?$/, body: [mentee()] },
    ]);
    renderScreen();
    await screen.findByRole('article', { name: 'Анна Петрова' });
    fireEvent.change(screen.getByRole('searchbox', { name: 'Поиск по имени' }), { target: { value: 'Пётр' } });
    expect(await screen.findByText('Ничего не найдено')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Сбросить поиск' }));
    expect(await screen.findByRole('article', { name: 'Анна Петрова' })).toBeTruthy();
  });

  it('shows the empty state when the mentor has no mentees', async () => {
    mockFetch([{ path: /\/api\/mentees\b/, body: [] }]);
    renderScreen();
    expect(await screen.findByText('У вас пока нет учеников')).toBeTruthy();
  });

  it('shows a skeleton, then the load error with a retry', async () => {
    let fail = true;
    mockFetch([
      {
        path: /\/api\/mentees\b/,
        get status() {
          return fail ? 500 : 200;
        },
        get body() {
          return fail ? { detail: 'Внутренняя ошибка сервера', code: 'internal' } : [mentee()];
        },
      } as never,
    ]);
    renderScreen();
    expect(await screen.findByRole('status', { name: 'Загрузка' })).toBeTruthy();
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Не удалось загрузить учеников')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await screen.findByRole('article', { name: 'Анна Петрова' })).toBeTruthy();
  });

  it("'Написать' goes straight to the known room", async () => {
    const { calls } = mockFetch([{ path: /\/api\/mentees\b/, body: [mentee()] }]);
    const { router } = renderScreen();
    const anna = await screen.findByRole('article', { name: 'Анна Петрова' });
    fireEvent.click(within(anna).getByRole('button', { name: 'Написать' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ChatsPage'));
    expect(router.state.location.search).toEqual({ roomId: ROOM });
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it("'Написать' without a room asks POST /api/chats/with-user/ and opens the room it returns", async () => {
    const { calls } = mockFetch([
      { method: 'POST', path: /\/api\/chats\/with-user\/?$/, body: { roomId: NEW_ROOM } },
      { path: /\/api\/mentees\b/, body: [ivan] },
    ]);
    const { router } = renderScreen();
    const row = await screen.findByRole('article', { name: 'Иван Смирнов' });
    fireEvent.click(within(row).getByRole('button', { name: 'Написать' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ChatsPage'));
    expect(router.state.location.search).toEqual({ roomId: NEW_ROOM });
    const post = calls.find((call) => call.method === 'POST')!;
    expect(post.url).toMatch(/\/api\/chats\/with-user\/?$/);
    expect(post.body).toEqual({ mentor_profile_id: 43 });
  });

  it("says so when the chat can't be opened", async () => {
    mockFetch([
      { method: 'POST', path: /\/api\/chats\/with-user\/?$/, status: 400, body: { detail: 'Нельзя написать самому себе', code: 'validation_error' } },
      { path: /\/api\/mentees\b/, body: [ivan] },
    ]);
    const { router } = renderScreen();
    const row = await screen.findByRole('article', { name: 'Иван Смирнов' });
    fireEvent.click(within(row).getByRole('button', { name: 'Написать' }));
    expect(await screen.findByText('Не удалось открыть чат')).toBeTruthy();
    expect(screen.getByText('Нельзя написать самому себе')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/MyMentee');
  });
});
