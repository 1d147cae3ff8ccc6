import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { ProfileTab } from '../../web/features/profile-settings/profile-tab.tsx';
import type { ProfileUser } from '../../web/features/profile-settings/profile-settings.api.ts';
import { makeUser } from './fixtures.ts';

function renderProfile(user: ProfileUser = makeUser({ user_city_residence: 'Москва', mentor_description: 'Привет' }), onSaved = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <ProfileTab user={user} onSaved={onSaved} />
      <Toaster />
    </QueryClientProvider>,
  );
  return { onSaved };
}

const saveBar = () => screen.queryByRole('region', { name: 'Несохранённые изменения' });

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

describe('ProfileTab', () => {
  it('shows the save bar only when something changed, and hides it on cancel', () => {
    renderProfile();
    expect(saveBar()).toBeNull();

    const city = screen.getByLabelText('Город') as HTMLInputElement;
    fireEvent.change(city, { target: { value: 'Казань' } });
    expect(saveBar()).not.toBeNull();

    // Typing the original value back is "no change" again.
    fireEvent.change(city, { target: { value: 'Москва' } });
    expect(saveBar()).toBeNull();

    fireEvent.change(city, { target: { value: 'Казань' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(saveBar()).toBeNull();
    expect(city.value).toBe('Москва');
  });

  it('sends only the changed fields, stores the answer, notifies and hides the bar', async () => {
    const saved = makeUser({ user_city_residence: 'Казань', mentor_description: 'Привет' });
    const fetchSpy = vi.fn(async (_input: RequestInfo | URL, _init?: RequestInit) => jsonResponse(saved));
    vi.stubGlobal('fetch', fetchSpy);
    const { onSaved } = renderProfile();

    fireEvent.change(screen.getByLabelText('Город'), { target: { value: ' Казань ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(url).toBe('/api/users/me/');
    expect(init?.method).toBe('PATCH');
    const body = init?.body as FormData;
    expect([...body.keys()]).toEqual(['user_city_residence']);
    expect(body.get('user_city_residence')).toBe('Казань');
    expect(await screen.findByText('Изменения успешно сохранены')).toBeTruthy();
    expect(saveBar()).toBeNull();
  });

  it('keeps the changes and reports a failed save', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'Ошибка', code: 'validation_error', fields: { mentor_tg_title: 'Слишком длинно' } }, 400)));
    renderProfile();
    fireEvent.change(screen.getByLabelText('Название канала'), { target: { value: 'Канал' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));

    expect(await screen.findByText('Произошла ошибка при сохранении данных')).toBeTruthy();
    expect(screen.getByText('Слишком длинно')).toBeTruthy();
    expect(saveBar()).not.toBeNull();
  });

  it('counts the description up to 500', () => {
    renderProfile();
    expect(screen.getByText('6/500')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Описание'), { target: { value: 'a'.repeat(42) } });
    expect(screen.getByText('42/500')).toBeTruthy();
  });

  it('normalises the Telegram link and rejects what is not one', () => {
    renderProfile();
    const link = screen.getByLabelText('Ссылка на Telegram') as HTMLInputElement;

    fireEvent.change(link, { target: { value: 'https://t.me/anna_dev' } });
    fireEvent.blur(link);
    expect(link.value).toBe('t.me/anna_dev');

    fireEvent.change(link, { target: { value: '@anna_dev' } });
    fireEvent.blur(link);
    expect(link.value).toBe('t.me/anna_dev');

    fireEvent.change(link, { target: { value: 't.me/анна dev' } });
    fireEvent.blur(link);
    expect(screen.getByText('Некорректный формат ссылки на Telegram')).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
  });

  it('does not save with an invalid Telegram link', () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    renderProfile();
    fireEvent.change(screen.getByLabelText('Ссылка на Telegram'), { target: { value: 'not a link' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить изменения' }));
    expect(screen.getByText('Некорректный формат ссылки на Telegram')).toBeTruthy();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('checks the avatar type and size on the client; a removal counts as a change', () => {
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }));
    renderProfile(makeUser({ mentor_avatar_url: '/media/a.png' }));
    const input = screen.getByLabelText('Файл фото профиля');

    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(screen.getByText('Пожалуйста, выберите изображение')).toBeTruthy();
    expect(saveBar()).toBeNull();

    const big = new File(['x'], 'big.png', { type: 'image/png' });
    Object.defineProperty(big, 'size', { value: 5_242_881 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(screen.getByText('Размер файла не должен превышать 5MB')).toBeTruthy();
    expect(saveBar()).toBeNull();

    fireEvent.change(input, { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    expect(saveBar()).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить' }));
    expect(saveBar()).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить фото' }));
    expect(saveBar()).not.toBeNull();
  });

  it('shows the load failure message', () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ProfileTab user={null} loadFailed onSaved={() => {}} />
      </QueryClientProvider>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Произошла ошибка при загрузке данных пользователя');
  });
});

describe('the phone on the settings screen', () => {
  it('saves a new number, which waits for its SMS code; the code confirms it', async () => {
    const waiting = makeUser({ phone: '+79991234567', phone_confirmed: false });
    const confirmed = makeUser({ phone: '+79991234567', phone_confirmed: true });
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) =>
      jsonResponse(String(input).includes('/phone/confirm') ? confirmed : waiting),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const onSaved = vi.fn();
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    const view = (user: ProfileUser) => (
      <QueryClientProvider client={client}>
        <ProfileTab user={user} onSaved={onSaved} />
        <Toaster />
      </QueryClientProvider>
    );
    const { rerender } = render(view(makeUser()));

    fireEvent.change(screen.getByLabelText('Номер'), { target: { value: '9991234567' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить номер' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(waiting));
    const [url, init] = fetchSpy.mock.calls[0]!;
    expect(String(url)).toBe('/api/users/me/');
    expect((init?.body as FormData).get('phone')).toBe('+79991234567');
    expect(await screen.findByText('Мы отправили код на новый номер')).toBeTruthy();

    rerender(view(waiting));
    expect(screen.getByText('Не подтверждён')).toBeTruthy();
    expect(screen.getByText(/по нему нельзя войти/)).toBeTruthy();
    // an SMS-autofilled code lands in the first box and spreads; the last digit sends it
    const group = screen.getByRole('group', { name: 'Код из SMS' });
    fireEvent.change(within(group).getByLabelText('Цифра 1 из 4'), { target: { value: '1234' } });
    await waitFor(() => expect(onSaved).toHaveBeenLastCalledWith(confirmed));
    const confirmCall = fetchSpy.mock.calls.find(([u]) => String(u).includes('/phone/confirm'))!;
    expect(JSON.parse(String(confirmCall[1]?.body))).toEqual({ passcode: '1234' });
    rerender(view(confirmed));
    expect(screen.getByText('Подтверждён')).toBeTruthy();
  });
});
