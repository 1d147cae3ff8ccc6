// The paged lists' one footer (web/components/paged-list-footer.tsx): «Показать ещё», and when a next page fails, an
// alert with «Повторить» under the pages already shown — on every screen that uses it, the call-back inbox included.
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { CallbackInboxScreen } from '../../web/features/callbacks/callback-inbox-screen.tsx';
import type { CallbackRequest } from '../../web/features/callbacks/callbacks.api.ts';
import { SupportInboxScreen } from '../../web/features/support/support-inbox-screen.tsx';
import type { SupportInboxRoom } from '../../web/features/support/support.api.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Answers the first page, fails the next page while `failing` says so (a 4xx: the query doesn't retry it). */
function pagedApi(path: RegExp, first: unknown, second: unknown) {
  const state = { failing: true };
  const { fetchMock } = mockFetch([]);
  fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, 'http://x');
    if (!path.test(url.pathname)) return json({ detail: 'Не найдено', code: 'not_found' }, 404);
    if (url.searchParams.get('offset') === '0') return json(first);
    return state.failing ? json({ detail: 'Слишком много запросов', code: 'rate_limited' }, 429) : json(second);
  });
  return state;
}

async function nextPageFailsThenRetries(state: { failing: boolean }, errorText: string, secondItem: string) {
  fireEvent.click(await screen.findByRole('button', { name: 'Показать ещё' }));
  const alert = await screen.findByRole('alert');
  expect(alert.textContent).toContain(errorText);
  state.failing = false;
  fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
  expect(await screen.findByText(secondItem)).toBeTruthy();
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
}

const callback = (id: number): CallbackRequest => ({
  id,
  name: `Звонящий ${id}`,
  phone: '+7 900 000-00-0' + id,
  created_at: '2030-03-06T09:00:00Z',
  done_at: null,
  done_by: null,
});

const room = (n: number): SupportInboxRoom => ({
  roomId: `0b7c1f6e-2d7a-4a43-9f0e-1c7d7a1f0a0${n}`,
  user: { id: 10 + n, name: `Пользователь ${n}`, email: null, avatar: null },
  lastMessage: { id: 100 + n, content: `Вопрос ${n}`, senderId: 10 + n, username: `Пользователь ${n}`, from_user: true, timestamp: '2030-03-06T09:00:00Z' },
  unreadCount: 0,
  joined: false,
});

describe('a paged list whose next page fails', () => {
  it('/admin/callbacks keeps the requests shown and offers «Повторить», which loads the page', async () => {
    const state = pagedApi(/\/api\/callback-requests/, { results: [callback(1)], has_more: true, waiting: 2 }, { results: [callback(2)], has_more: false, waiting: 2 });
    renderWithRouter(<CallbackInboxScreen />);
    expect(await screen.findByText('Звонящий 1')).toBeTruthy();
    await nextPageFailsThenRetries(state, 'Не удалось загрузить следующие заявки', 'Звонящий 2');
    expect(screen.getByText('Звонящий 1')).toBeTruthy();
  });

  it('/admin/support does the same with its own words', async () => {
    const state = pagedApi(/\/api\/support\/rooms/, { results: [room(1)], has_more: true }, { results: [room(2)], has_more: false });
    renderWithRouter(<SupportInboxScreen />);
    expect(await screen.findByText('Пользователь 1')).toBeTruthy();
    await nextPageFailsThenRetries(state, 'Не удалось загрузить следующие обращения', 'Пользователь 2');
  });
});
