import type { ComponentProps } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { SignInMethodsCard } from '../../web/features/profile-settings/sign-in-methods-card.tsx';
import { json, mockApi } from './api-mock.ts';

// The settings' «Способы входа» card (decision 025).

function renderCard(props: ComponentProps<typeof SignInMethodsCard> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SignInMethodsCard {...props} />
      <Toaster />
    </QueryClientProvider>,
  );
}

const vkLinked = { provider: 'vk', shown: 'anna@mail.ru', linked_at: '2026-11-20T10:00:00.000Z' };
const identities = (...items: (typeof vkLinked)[]) => () => json(200, { identities: items, has_email: true, has_phone: false });
const offering = (...ids: string[]) => () => json(200, { providers: ids.map((id) => ({ id, name: id })) });
const row = (name: string) => screen.getByText(name, { selector: 'span.font-medium' }).closest('li')!;

describe('«Способы входа»', () => {
  it('lists the linked providers with what they show, offers the others that are configured, hides the rest', async () => {
    mockApi({
      'GET /api/auth/identities': identities(vkLinked, { provider: 'telegram', shown: 'Анна Смирнова', linked_at: '2026-11-21T10:00:00.000Z' }),
      'GET /api/auth/providers': offering('vk', 'google'),
    });
    renderCard();
    expect(await screen.findByRole('heading', { name: 'Способы входа' })).toBeTruthy();
    await screen.findByRole('button', { name: 'Отвязать VK' });
    expect(within(row('VK')).getByText('anna@mail.ru')).toBeTruthy();
    expect(within(row('VK')).getByText('привязан 20 ноября 2026')).toBeTruthy();
    // linked while Telegram was offered: it can still be unlinked
    expect(within(row('Telegram')).getByRole('button', { name: 'Отвязать Telegram' })).toBeTruthy();
    expect(within(row('Google')).getByText('Не привязан')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Привязать Google' })).toBeTruthy();
    expect(screen.queryByText('Яндекс')).toBeNull();
  });

  it('is not shown when nothing is linked and no provider is offered', async () => {
    const calls = mockApi({ 'GET /api/auth/identities': identities(), 'GET /api/auth/providers': offering() });
    renderCard();
    await waitFor(() => expect(calls.map((call) => call.path).sort()).toEqual(['/api/auth/identities', '/api/auth/providers']));
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Способы входа' })).toBeNull());
  });

  it('«Привязать» starts a link that comes back to the settings, and leaves for the provider', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, href: window.location.href, hostname: window.location.hostname, assign });
    const calls = mockApi({
      'GET /api/auth/identities': identities(),
      'GET /api/auth/providers': offering('yandex'),
      'POST /api/auth/social/yandex/start': () => json(200, { authorize_url: '/dev/social/yandex/authorize?state=s3' }),
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Привязать Яндекс' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/social/yandex/authorize?state=s3'));
    expect(calls.at(-1)).toEqual({ path: '/api/auth/social/yandex/start', method: 'POST', body: { intent: 'link', return_to: '/ProfileSettings' } });
  });

  it('«Отвязать» asks first, unlinks and says so; the refusal of the last way in is shown in the server’s words', async () => {
    let linked = [vkLinked];
    let refuse = true;
    const calls = mockApi({
      'GET /api/auth/identities': () => json(200, { identities: linked, has_email: false, has_phone: false }),
      'GET /api/auth/providers': offering('vk'),
      'DELETE /api/auth/identities/vk': () => {
        if (refuse) return json(409, { code: 'last_sign_in_method', detail: 'Это единственный способ входа: сначала добавьте почту или другой способ' });
        linked = [];
        return new Response(null, { status: 204 });
      },
    });
    renderCard();
    fireEvent.click(await screen.findByRole('button', { name: 'Отвязать VK' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Отвязать VK?' });
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отвязать' }));
    expect(await screen.findByText('Это единственный способ входа: сначала добавьте почту или другой способ')).toBeTruthy();
    expect(screen.getByText('Не удалось отвязать VK')).toBeTruthy();

    refuse = false;
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Отвязать' }));
    expect(await screen.findByText('VK отвязан')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Привязать VK' })).toBeTruthy();
    expect(calls.filter((call) => call.method === 'DELETE')).toHaveLength(2);
  });

  it('back from the provider, says once that it was linked, or why not, and lets the page drop the parameters', async () => {
    mockApi({ 'GET /api/auth/identities': identities(vkLinked), 'GET /api/auth/providers': offering('vk') });
    const told = vi.fn();
    renderCard({ back: { linked: 'vk' }, onBackTold: told });
    expect(await screen.findByText('VK привязан')).toBeTruthy();
    expect(told).toHaveBeenCalledTimes(1);
  });

  it('a refused link is said with its reason', async () => {
    mockApi({ 'GET /api/auth/identities': identities(), 'GET /api/auth/providers': offering('vk') });
    renderCard({ back: { error: 'already_linked', provider: 'vk' }, onBackTold: vi.fn() });
    expect(await screen.findByText('Не удалось привязать VK: этот аккаунт уже привязан к другому профилю Формы')).toBeTruthy();
  });
});
