import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginFlow } from '../../web/features/auth/login-flow.tsx';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { useSignIn } from '../../web/features/account/use-sign-in.ts';
import { makeUser } from './fixtures.ts';
import { renderWithRouter } from './render-with-router.tsx';

type Handler = (body: Record<string, unknown>) => Response;
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** A fetch that answers by path (with or without the trailing slash) and records the JSON bodies. */
function mockApi(handlers: Record<string, Handler>) {
  const calls: { path: string; body: Record<string, unknown> }[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://localhost').pathname.replace(/\/$/, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    // the social buttons read which providers are offered (social-sign-in.test.tsx covers them)
    if (path !== '/api/auth/providers') calls.push({ path, body });
    const handler = handlers[path];
    return handler ? handler(body) : json(404, { detail: 'Не найдено', code: 'not_found' });
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

// The same wiring as web/routes/login.tsx.
function LoginPage() {
  const { finish } = useSignIn();
  return <LoginFlow onSignedIn={finish} />;
}

async function requestCode(email = 'anna@example.com') {
  fireEvent.change(await screen.findByLabelText('Email'), { target: { value: email } });
  fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
}

const box = (n: number) => screen.getByLabelText(`Цифра ${n} из 4`) as HTMLInputElement;
function typeCode(code: string) {
  code.split('').forEach((digit, i) => fireEvent.change(box(i + 1), { target: { value: digit } }));
}

describe('login', () => {
  it('checks the e-mail before asking for a code', async () => {
    const calls = mockApi({});
    renderWithRouter(<LoginPage />, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Email обязателен')).toBeTruthy();
    await requestCode('anna@');
    expect(await screen.findByText('Неверный формат email')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('says the user was not found when the code request fails, and shows the rate-limit detail as is', async () => {
    let status = 500;
    mockApi({
      '/api/auth/request_login_passcode': () =>
        status === 429 ? json(429, { code: 'rate_limited', detail: 'Слишком много попыток. Попробуйте через 15 минут' }) : json(500, { code: 'internal_error', detail: 'Внутренняя ошибка сервера' }),
    });
    renderWithRouter(<LoginPage />, { path: '/login' });
    await requestCode();
    expect(await screen.findByText('Пользователь не найден или произошла ошибка')).toBeTruthy();
    status = 429;
    fireEvent.click(screen.getByRole('button', { name: 'Получить код' }));
    expect(await screen.findByText('Слишком много попыток. Попробуйте через 15 минут')).toBeTruthy();
    expect(screen.getByLabelText('Email')).toBeTruthy(); // still on step 1
  });

  it('moves to the code step with a 30 s resend countdown, and back with "Войти с другим email"', async () => {
    const calls = mockApi({ '/api/auth/request_login_passcode': () => json(200, { detail: 'ok' }) });
    renderWithRouter(<LoginPage />, { path: '/login' });
    await requestCode('  Anna@Example.com ');
    expect(await screen.findByText('anna@example.com')).toBeTruthy();
    expect(calls[0]).toEqual({ path: '/api/auth/request_login_passcode', body: { email: 'anna@example.com' } });
    const resend = screen.getByRole('button', { name: 'Отправить код повторно через 30 сек.' }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
    expect(document.activeElement).toBe(box(1));

    fireEvent.click(screen.getByRole('button', { name: 'Войти с другим email' }));
    expect(((await screen.findByLabelText('Email')) as HTMLInputElement).value).toBe('Anna@Example.com');
  });

  it('clears and refocuses the boxes after a wrong code', async () => {
    mockApi({
      '/api/auth/request_login_passcode': () => json(200, { detail: 'ok' }),
      '/api/verify-passcode/verify_login': () => json(400, { code: 'invalid_code', detail: 'Неверный или устаревший код' }),
    });
    renderWithRouter(<LoginPage />, { path: '/login' });
    await requestCode();
    await screen.findByLabelText('Цифра 1 из 4');
    typeCode('1234');
    expect(await screen.findByText('Неверный код или ошибка сервера')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(box(1)));
    expect([1, 2, 3, 4].map((n) => box(n).value).join('')).toBe('');
  });

  it('signs in on the 4th digit: the user goes into the session cache and the page moves to /AllMentors', async () => {
    const user = makeUser({ id: 42 });
    const calls = mockApi({
      '/api/auth/request_login_passcode': () => json(200, { detail: 'ok' }),
      '/api/verify-passcode/verify_login': () => json(200, user),
    });
    const { router, queryClient } = renderWithRouter(<LoginPage />, { path: '/login' });
    await requestCode();
    await screen.findByLabelText('Цифра 1 из 4');
    typeCode('4321');
    await waitFor(() => expect(router.state.location.pathname).toBe('/AllMentors'));
    expect(calls.at(-1)).toEqual({ path: '/api/verify-passcode/verify_login', body: { email: 'anna@example.com', passcode: '4321', remember: true } });
    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toEqual(user);
  });
});
