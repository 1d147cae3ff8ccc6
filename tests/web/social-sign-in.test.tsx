import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { LoginFlow } from '../../web/features/auth/login-flow.tsx';
import { RegisterFlow } from '../../web/features/auth/register-flow.tsx';
import { socialErrorText } from '../../web/lib/social-error.ts';
import { useSignIn } from '../../web/features/account/use-sign-in.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { LEGAL_DOCUMENTS_VERSION } from '../../worker/auth/auth.schemas.ts';
import { makeUser } from './fixtures.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { json, mockApi } from './api-mock.ts';

// Decision 025 on the sign-in and registration screens: the offered providers' buttons, the error back from a
// provider, the link step (the e-mail's account proves itself with a code) and the registration a ticket waits for.

const offering = (...ids: string[]) => ({ 'GET /api/auth/providers': () => json(200, { providers: ids.map((id) => ({ id })) }) });

function stubAssign() {
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, href: window.location.href, origin: window.location.origin, hostname: window.location.hostname, assign });
  return assign;
}

function RegisterPage({ returnTo, socialTicket, socialProviderName }: { returnTo?: string; socialTicket?: string; socialProviderName?: string }) {
  const { remember, finish } = useSignIn(returnTo);
  return <RegisterFlow returnTo={returnTo} onRegistered={remember} onFinished={finish} socialTicket={socialTicket} socialProviderName={socialProviderName} />;
}

function LoginPage(props: { returnTo?: string; socialError?: string; socialLink?: string; socialLinkEmail?: string }) {
  const { finish } = useSignIn(props.returnTo);
  return <LoginFlow {...props} onSignedIn={finish} />;
}

const box = (n: number) => screen.getByLabelText(`Цифра ${n} из 4`) as HTMLInputElement;
const typeCode = (code: string) => code.split('').forEach((digit, i) => fireEvent.change(box(i + 1), { target: { value: digit } }));

describe('social buttons', () => {
  it('shows only the offered providers, Yandex among them, and hides «или через» when none is offered', async () => {
    mockApi(offering('vk', 'yandex'));
    const { unmount } = renderWithRouter(<RegisterPage />, { path: '/register' });
    expect(await screen.findByRole('button', { name: 'VK' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Яндекс' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Telegram' })).toBeNull();
    expect(screen.getByText('или через')).toBeTruthy();
    unmount();

    mockApi(offering());
    renderWithRouter(<RegisterPage />, { path: '/register' });
    await screen.findByRole('button', { name: 'Далее' });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByText('или через')).toBeNull();
  });

  it('on /register asks for the consent first (the message of «Далее»), then starts a registration with it and leaves', async () => {
    const assign = stubAssign();
    const calls = mockApi({
      ...offering('vk', 'google', 'telegram'),
      'POST /api/auth/social/vk/start': () => json(200, { authorize_url: 'http://127.0.0.1:8787/dev/social/vk/authorize?state=s1' }),
    });
    renderWithRouter(<RegisterPage returnTo="/mentor_info/7" />, { path: '/register' });
    fireEvent.click(await screen.findByRole('button', { name: 'VK' }));
    expect(screen.getByText('Необходимо принять политику')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Запомнить меня' }));
    fireEvent.click(screen.getByRole('button', { name: 'VK' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:8787/dev/social/vk/authorize?state=s1'));
    expect(calls.at(-1)).toEqual({
      path: '/api/auth/social/vk/start',
      method: 'POST',
      body: { intent: 'register', consent_version: LEGAL_DOCUMENTS_VERSION, remember: false, return_to: '/mentor_info/7' },
    });
    // the clicked button keeps its spinner while the browser leaves; the others wait
    expect(screen.getByRole('status', { name: 'Переходим в VK' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Google' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('on /login starts a sign-in with remember and the return path; a refused start is said under the buttons', async () => {
    const assign = stubAssign();
    let refuse = true;
    const calls = mockApi({
      ...offering('google'),
      'POST /api/auth/social/google/start': () =>
        refuse ? json(429, { code: 'rate_limited', detail: 'Слишком много попыток. Попробуйте через 5 мин.' }) : json(200, { authorize_url: '/dev/social/google/authorize?state=s2' }),
    });
    renderWithRouter(<LoginPage returnTo="/ChatsPage" />, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Google' }));
    expect(await screen.findByText('Слишком много попыток. Попробуйте через 5 мин.')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();

    refuse = false;
    fireEvent.click(screen.getByRole('button', { name: 'Google' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/dev/social/google/authorize?state=s2'));
    expect(calls.at(-1)?.body).toEqual({ intent: 'sign_in', remember: true, return_to: '/ChatsPage' });
  });
});

describe('back from a provider on /login', () => {
  it('says why the sign-in failed, in Russian and naming the provider', async () => {
    mockApi(offering('vk'));
    expect(socialErrorText('state_invalid', 'vk')).toBe('Не удалось войти через VK: ссылка для входа устарела или открыта в другом браузере. Начните вход ещё раз');
    expect(socialErrorText('something_new')).toBe('Не удалось войти через соцсеть: сервис не подтвердил вход. Попробуйте ещё раз или войдите по почте');
    renderWithRouter(<LoginPage socialError={socialErrorText('denied', 'vk')} />, { path: '/login' });
    expect((await screen.findByRole('alert')).textContent).toBe('Не удалось войти через VK: вход отменён на стороне сервиса');
    // the ordinary form and the buttons stay to try again
    expect(screen.getByLabelText('Email')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'VK' })).toBeTruthy();
  });

  it('the link step: the e-mailed code proves the account, which is then signed in and goes to the return path', async () => {
    const user = makeUser({ id: 9 });
    let wrong = true;
    const calls = mockApi({
      'POST /api/auth/social/confirm-link': () => (wrong ? json(400, { code: 'invalid_code', detail: 'Неверный или устаревший код' }) : json(200, user)),
    });
    const { router, queryClient } = renderWithRouter(<LoginPage socialLink="tkt_abcdefgh" returnTo="/ChatsPage" />, { path: '/login' });
    expect(await screen.findByText(/Аккаунт с этой почтой уже есть\. Подтвердите, что это вы: мы отправили код на эту почту/)).toBeTruthy();
    // a code the screen cannot ask for again has no resend button; the way back is there
    expect(screen.queryByRole('button', { name: /Отправить код/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Войти другим способом' })).toBeTruthy();

    typeCode('1111');
    expect(await screen.findByText('Неверный или устаревший код')).toBeTruthy();
    wrong = false;
    typeCode('2468');
    await waitFor(() => expect(router.state.location.pathname).toBe('/ChatsPage'));
    expect(calls.filter((call) => call.path === '/api/auth/social/confirm-link').at(-1)?.body).toEqual({ ticket: 'tkt_abcdefgh', passcode: '2468' });
    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toEqual(user);
  });

  it('names the account by its masked e-mail; an expired ticket says so in the server’s words', async () => {
    mockApi({ 'POST /api/auth/social/confirm-link': () => json(400, { code: 'ticket_invalid', detail: 'Ссылка устарела: войдите через VK ещё раз' }) });
    renderWithRouter(<LoginPage socialLink="tkt_abcdefgh" socialLinkEmail="a***@mail.ru" />, { path: '/login' });
    expect((await screen.findByText(/уже/)).textContent).toBe('Аккаунт с почтой a***@mail.ru уже есть. Подтвердите, что это вы: мы отправили код на эту почту.');
    await screen.findByLabelText('Цифра 1 из 4');
    typeCode('1234');
    expect(await screen.findByText('Ссылка устарела: войдите через VK ещё раз')).toBeTruthy();
  });
});

describe('/register with a ticket', () => {
  it('asks for the consent, then makes the account through the provider and goes to the return path', async () => {
    const user = makeUser({ id: 11, mentor_name: 'Анна' });
    const calls = mockApi({ 'POST /api/auth/social/register': () => json(201, user) });
    const { router, queryClient } = renderWithRouter(<RegisterPage socialTicket="tkt_12345678" socialProviderName="VK" returnTo="/mentor_info/7" />, { path: '/register' });
    expect(await screen.findByText('Аккаунта ещё нет: подтвердите согласие, чтобы зарегистрироваться через VK.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Регистрация через VK' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(screen.getByText('Необходимо принять политику')).toBeTruthy();
    expect(calls.filter((call) => call.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/mentor_info/7'));
    expect(calls.at(-1)).toEqual({
      path: '/api/auth/social/register',
      method: 'POST',
      body: { ticket: 'tkt_12345678', consent_version: LEGAL_DOCUMENTS_VERSION, role: 'mentee', remember: true },
    });
    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toEqual(user);
  });

  it('an account the provider gave no name goes on to the profile step', async () => {
    mockApi({ 'POST /api/auth/social/register': () => json(201, makeUser({ id: 12, mentor_name: '', mentor_surname: '' })) });
    renderWithRouter(<RegisterPage socialTicket="tkt_12345678" />, { path: '/register' });
    expect(await screen.findByText('Аккаунта ещё нет: подтвердите согласие, чтобы зарегистрироваться.')).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Я принимаю/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Зарегистрироваться' }));
    expect(await screen.findByRole('heading', { name: 'Расскажите о себе' })).toBeTruthy();
  });
});
