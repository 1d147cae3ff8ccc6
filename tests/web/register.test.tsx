import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { RegisterFlow } from '../../web/features/auth/register-flow.tsx';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { useSignIn } from '../../web/features/account/use-sign-in.ts';
import { makeUser } from './fixtures.ts';
import { renderWithRouter } from './render-with-router.tsx';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

type Call = { path: string; method: string; body: Record<string, unknown> };

function mockApi(handlers: Record<string, (call: Call) => Response>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/\/$/, '');
      const body =
        init?.body instanceof FormData
          ? Object.fromEntries(init.body.entries())
          : typeof init?.body === 'string'
            ? (JSON.parse(init.body) as Record<string, unknown>)
            : {};
      const call = { path, method: init?.method ?? 'GET', body };
      // the social buttons read which providers are offered (social-sign-in.test.tsx covers them)
      if (path !== '/api/auth/providers') calls.push(call);
      const handler = handlers[`${call.method} ${path}`];
      return handler ? handler(call) : json(404, { detail: 'Не найдено', code: 'not_found' });
    }),
  );
  return calls;
}

// The same wiring as web/routes/register.tsx.
function RegisterPage() {
  const { remember, finish } = useSignIn();
  return <RegisterFlow onRegistered={remember} onFinished={finish} />;
}

const next = () => fireEvent.click(screen.getByRole('button', { name: 'Далее' }));
const box = (n: number) => screen.getByLabelText(`Цифра ${n} из 4`) as HTMLInputElement;
const typeCode = (code: string) => code.split('').forEach((digit, i) => fireEvent.change(box(i + 1), { target: { value: digit } }));

describe('registration, step "registration"', () => {
  it('asks for the phone and the consent', async () => {
    const calls = mockApi({});
    renderWithRouter(<RegisterPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Далее' }));
    expect(screen.getByText('Телефон обязателен')).toBeTruthy();
    expect(screen.getByText('Необходимо принять политику')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '999123' } });
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 (999) 123');
    next();
    expect(screen.getByText('Неверный формат телефона')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it('checks the e-mail on the e-mail tab', async () => {
    mockApi({});
    renderWithRouter(<RegisterPage />);
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'По email' }), { button: 0 });
    next();
    expect(await screen.findByText('Email обязателен')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'anna' } });
    next();
    expect(screen.getByText('Неверный формат email')).toBeTruthy();
  });

  it('links to login', async () => {
    mockApi({});
    renderWithRouter(<RegisterPage />);
    expect((await screen.findByRole('link', { name: 'Войти' })).getAttribute('href')).toBe('/login');
  });
});

describe('registration by phone, all three steps', () => {
  it('sends the code, confirms it, saves the profile and goes to /AllMentors', async () => {
    const registered = makeUser({ id: 5, email: null as never, phone: '+79991234567', mentor_name: '', mentor_surname: '' });
    const saved = { ...registered, mentor_name: 'Анна', mentor_surname: 'Смирнова' };
    const calls = mockApi({
      'POST /api/registration/register': () => json(200, { detail: 'ok' }),
      'POST /api/registration/confirm_registration': () => json(201, registered),
      'PATCH /api/users/me': () => json(200, saved),
    });
    const { router, queryClient } = renderWithRouter(<RegisterPage />, { path: '/register' });

    fireEvent.change(await screen.findByLabelText('Телефон'), { target: { value: '8 999 123-45-67' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /политику конфиденциальности/ }));
    next();

    // step "verification"
    expect(await screen.findByText('+7 (999) 123-45-67')).toBeTruthy();
    expect(calls[0]).toMatchObject({ path: '/api/registration/register', body: { phone: '+79991234567' } });
    expect((screen.getByRole('button', { name: 'Отправить код через 30 сек.' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Войти с другим номером' })).toBeTruthy();
    typeCode('1234');

    // step "profile": the phone is prefilled, there is no e-mail to show
    const name = await screen.findByLabelText('Имя');
    expect(calls[1]).toMatchObject({ path: '/api/registration/confirm_registration', body: { phone: '+79991234567', passcode: '1234' } });
    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toEqual(registered);
    expect((screen.getByLabelText('Телефон') as HTMLInputElement).value).toBe('+7 (999) 123-45-67');
    expect(screen.queryByLabelText('Email')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Завершить регистрацию' }));
    expect(screen.getAllByText('Поле обязательно для заполнения')).toHaveLength(2);
    fireEvent.change(name, { target: { value: 'А' } });
    fireEvent.click(screen.getByRole('button', { name: 'Завершить регистрацию' }));
    expect(screen.getByText('Минимум 2 символа')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'x'.repeat(51) } });
    fireEvent.click(screen.getByRole('button', { name: 'Завершить регистрацию' }));
    expect(screen.getByText('Максимум 50 символов')).toBeTruthy();

    fireEvent.change(name, { target: { value: '  Анна ' } });
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Смирнова' } });
    fireEvent.click(screen.getByRole('button', { name: 'Завершить регистрацию' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/AllMentors'));
    expect(calls[2]).toEqual({ path: '/api/users/me', method: 'PATCH', body: { mentor_name: 'Анна', mentor_surname: 'Смирнова', phone: '+79991234567' } });
    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toEqual(saved);
  });
});

describe('registration by e-mail', () => {
  async function reachProfile(patch: () => Response) {
    const registered = makeUser({ id: 6, email: 'new@example.com', mentor_name: '', mentor_surname: '' });
    const calls = mockApi({
      'POST /api/registration/register': () => json(200, { detail: 'ok' }),
      'POST /api/registration/confirm_registration': (call) =>
        call.body.passcode === '0000' ? json(400, { code: 'invalid_code', detail: 'Неверный или устаревший код' }) : json(201, registered),
      'PATCH /api/users/me': patch,
    });
    const result = renderWithRouter(<RegisterPage />, { path: '/register' });
    fireEvent.mouseDown(await screen.findByRole('tab', { name: 'По email' }), { button: 0 });
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'new@example.com' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /политику конфиденциальности/ }));
    next();
    expect(await screen.findByRole('button', { name: 'Войти с другим email' })).toBeTruthy();
    typeCode('0000');
    expect(await screen.findByText('Неверный или устаревший код')).toBeTruthy();
    typeCode('1234');
    await screen.findByLabelText('Имя');
    return { ...result, calls };
  }

  it('shows the e-mail read-only and the server field errors under the fields', async () => {
    await reachProfile(() => json(400, { code: 'validation_error', detail: 'Проверьте поля', fields: { phone: 'Этот номер уже занят' } }));
    const email = screen.getByLabelText('Email') as HTMLInputElement;
    expect(email.value).toBe('new@example.com');
    expect(email.readOnly).toBe(true);

    fireEvent.change(screen.getByLabelText('Имя'), { target: { value: 'Иван' } });
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Петров' } });
    fireEvent.change(screen.getByLabelText('Телефон'), { target: { value: '9001112233' } });
    fireEvent.click(screen.getByRole('button', { name: 'Завершить регистрацию' }));
    const message = await screen.findByText('Этот номер уже занят');
    expect(screen.getByLabelText('Телефон').getAttribute('aria-describedby')).toBe(message.parentElement!.id);
  });

  it('goes back from the profile to the verification and from there to step one', async () => {
    await reachProfile(() => json(500, {}));
    fireEvent.click(screen.getByRole('button', { name: 'Назад к подтверждению' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Войти с другим email' }));
    const form = (await screen.findByRole('button', { name: 'Далее' })).closest('form')!;
    expect((within(form).getByLabelText('Email') as HTMLInputElement).value).toBe('new@example.com');
  });
});

describe('registration resumed (issue 35)', () => {
  it('a signed-in account without a name opens at step 3, without a way back to the spent code', async () => {
    renderWithRouter(<RegisterFlow resumeAs={makeUser({ mentor_name: '', mentor_surname: '' })} onRegistered={() => {}} onFinished={() => {}} />);
    expect(await screen.findByText(/Шаг 3 из 3/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Завершить регистрацию' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Назад к подтверждению/ })).toBeNull();
  });
});
