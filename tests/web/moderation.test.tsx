import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { ModerationScreen } from '../../web/features/moderation/moderation-screen.tsx';
import type { ModerationApplication } from '../../web/features/moderation/moderation.api.ts';

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const item = (id: number, name: string): ModerationApplication => ({
  id,
  status: 'submitted',
  status_display: 'На модерации',
  payload: { mentor_description: 'Помогаю расти до senior', mentor_skills: ['React'], mentor_specialization: 'Frontend', work_experiences: [], educations: [] },
  rejection_reason: null,
  submitted_at: '2026-03-02T10:00:00Z',
  reviewed_at: null,
  user: { id, email: `${name}@example.com`, mentor_name: name, mentor_surname: 'Петров', mentor_avatar_url: null },
  interviews: [interview(id * 10, { application_id: id, status: 'held', checked_identity: true, checked_experience: true, outcome_note: 'Всё сходится' })],
});

type Interview = ModerationApplication['interviews'][number];
function interview(id: number, values: Partial<Interview> = {}): Interview {
  return {
    id,
    application_id: 1,
    starts_at: '2026-03-05T12:00:00Z',
    ends_at: '2026-03-05T12:30:00Z',
    status: 'offered',
    status_display: '',
    room_url: null,
    admin_id: 9,
    booked_at: null,
    outcome_note: null,
    outcome_at: null,
    checked_identity: false,
    checked_experience: false,
    checked_sample_session: false,
    ...values,
  };
}

/** the screen also asks for the coming interviews (GET /api/admin/mentor-interviews/): none unless a test says */
function stubFetch(handler: (input: RequestInfo | URL, init?: RequestInit) => Response | Promise<Response>, upcoming: unknown[] = []) {
  const spy = vi.fn((input: RequestInfo | URL, init?: RequestInit) =>
    String(input).includes('/mentor-interviews') && !init?.method?.match(/POST/) ? Promise.resolve(jsonResponse(upcoming)) : Promise.resolve(handler(input, init)),
  );
  vi.stubGlobal('fetch', spy);
  return spy;
}

function renderScreen() {
  return render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <ModerationScreen status="submitted" onStatusChange={() => {}} />
      <Toaster />
    </QueryClientProvider>,
  );
}

describe('ModerationScreen', () => {
  it('shows the applicant and the submitted date in Russian', async () => {
    stubFetch(() => jsonResponse([item(1, 'Иван')]));
    renderScreen();
    expect(await screen.findByText('Иван Петров')).toBeTruthy();
    expect(screen.getByText('Иван@example.com')).toBeTruthy();
    expect(screen.getByText(/Отправлена 2 марта 2026/)).toBeTruthy();
  });

  it('names an applicant registered by phone, with no name nor e-mail yet', async () => {
    const byPhone = { ...item(3, 'Никто'), user: { id: 3, email: null, mentor_name: null, mentor_surname: null, mentor_avatar_url: null } };
    stubFetch(() => jsonResponse([byPhone]));
    renderScreen();
    expect(await screen.findByText('Без имени')).toBeTruthy();
    expect(screen.queryByText(/@/)).toBeNull();
  });

  it('requires a reason to reject, then sends it and removes the card', async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? jsonResponse({}) : jsonResponse(String(input).includes('submitted') && !fetchSpy.mock.calls.some(([, i]) => i?.method === 'POST') ? [item(1, 'Иван')] : []),
    );
    stubFetch(fetchSpy);
    renderScreen();

    fireEvent.click(await screen.findByRole('button', { name: 'Отклонить' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));
    expect(within(dialog).getByText('Укажите причину отказа')).toBeTruthy();
    expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    fireEvent.change(within(dialog).getByLabelText('Причина отказа'), { target: { value: '  Мало опыта  ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отклонить' }));

    await waitFor(() => expect(screen.queryByText('Иван Петров')).toBeNull());
    const call = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(call[0]).toBe('/api/admin/mentor-applications/1/reject');
    expect(JSON.parse(String(call[1]!.body))).toEqual({ reason: 'Мало опыта' });
    expect(await screen.findByText('Заявка отклонена')).toBeTruthy();
  });

  it('removes an approved card at once and puts it back when the call fails', async () => {
    let resolveApprove: (response: Response) => void = () => {};
    stubFetch((_input, init) =>
      init?.method === 'POST' ? new Promise<Response>((resolve) => (resolveApprove = resolve)) : jsonResponse([item(1, 'Иван'), item(2, 'Ольга')]),
    );
    renderScreen();

    await screen.findByText('Иван Петров');
    fireEvent.click(screen.getAllByRole('button', { name: 'Одобрить' })[0]!);
    await waitFor(() => expect(screen.queryByText('Иван Петров')).toBeNull());
    expect(screen.getByText('Ольга Петров')).toBeTruthy();

    resolveApprove(jsonResponse({ detail: 'Заявка уже рассмотрена', code: 'conflict' }, 409));
    expect(await screen.findByText('Не удалось одобрить заявку')).toBeTruthy();
    expect(await screen.findByText('Иван Петров')).toBeTruthy();
    const names = screen.getAllByText(/Петров$/).map((node) => node.textContent);
    expect(names).toEqual(['Иван Петров', 'Ольга Петров']);
  });

  it('shows an empty state', async () => {
    stubFetch(() => jsonResponse([]));
    renderScreen();
    expect(await screen.findByText('Нет заявок, ожидающих проверки')).toBeTruthy();
  });

  it('offers interview times and lets approve only after a held interview', async () => {
    const waiting = { ...item(1, 'Иван'), interviews: [interview(5, { status: 'offered', starts_at: '2026-03-06T09:00:00Z' })] };
    const fetchSpy = stubFetch((_input, init) => (init?.method === 'POST' ? jsonResponse([], 201) : jsonResponse([waiting])));
    renderScreen();
    expect(await screen.findByText('Иван Петров')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Одобрить' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Одобрить можно после проведённого видеоинтервью.')).toBeTruthy();
    expect(screen.getByText('Предложено, кандидат ещё не выбрал:')).toBeTruthy();
    // a date and a half hour, read in the admin's profile zone (Moscow without one), not the browser's clock
    fireEvent.change(screen.getByLabelText('Дата интервью 1'), { target: { value: '2026-03-10' } });
    fireEvent.change(screen.getByLabelText('Время интервью 1'), { target: { value: '15:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предложить время' }));
    await waitFor(() => expect(fetchSpy.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const call = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(call[0]).toBe('/api/admin/mentor-applications/1/interviews');
    expect(JSON.parse(String(call[1]!.body))).toEqual({ starts_at: ['2026-03-10T12:00:00.000Z'] });
    expect(await screen.findByText('Время предложено кандидату')).toBeTruthy();
  });

  it('lets the admin call off a booked interview that has not begun', async () => {
    const booked = { ...item(1, 'Иван'), interviews: [interview(8, { status: 'booked', starts_at: '2099-03-06T09:00:00Z', room_url: '/interview-conference/8' })] };
    const fetchSpy = stubFetch((_input, init) => (init?.method === 'POST' ? jsonResponse({ ...booked.interviews[0], status: 'withdrawn' }) : jsonResponse([booked])));
    renderScreen();
    expect(await screen.findByText('Итог можно будет записать после начала интервью.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Отменить интервью' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Отменить интервью' }));
    expect(await screen.findByText('Интервью отменено, кандидат получил уведомление')).toBeTruthy();
    expect(fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')![0]).toBe('/api/admin/mentor-interviews/8/cancel');
  });

  it('records the outcome of a booked interview that has begun, with what was checked', async () => {
    const booked = { ...item(1, 'Иван'), interviews: [interview(7, { status: 'booked', starts_at: '2020-03-06T09:00:00Z', room_url: '/interview-conference/7' })] };
    const fetchSpy = stubFetch((_input, init) =>
      init?.method === 'POST' ? jsonResponse({ detail: 'Проверьте', code: 'validation_error', fields: { note: 'Опишите итог интервью' } }, 400) : jsonResponse([booked]),
    );
    renderScreen();
    expect((await screen.findByRole('link', { name: 'Комната интервью' })).getAttribute('href')).toBe('/interview-conference/7');
    fireEvent.click(screen.getByLabelText('Личность: лицо и имя совпадают с документом'));
    fireEvent.click(screen.getByLabelText('Опыт: рассказ о работе и примеры совпадают с анкетой'));
    fireEvent.click(screen.getByRole('button', { name: 'Записать итог' }));
    expect(await screen.findByText('Опишите итог интервью')).toBeTruthy();
    const call = fetchSpy.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(call[0]).toBe('/api/admin/mentor-interviews/7/outcome');
    expect(JSON.parse(String(call[1]!.body))).toEqual({ outcome: 'held', note: '', checked_identity: true, checked_experience: true, checked_sample_session: false });
  });

  it('lists the coming interviews with their rooms', async () => {
    const coming = { ...interview(8, { status: 'booked', starts_at: '2026-03-07T09:00:00Z', room_url: '/interview-conference/8' }), applicant: { id: 4, email: 'a@b.c', mentor_name: 'Анна', mentor_surname: 'Кандидатова' } };
    stubFetch(() => jsonResponse([]), [coming]);
    renderScreen();
    const section = await screen.findByRole('region', { name: 'Ближайшие интервью' });
    expect(within(section).getByText(/Анна Кандидатова/)).toBeTruthy();
    expect(within(section).getByRole('link', { name: 'Комната' }).getAttribute('href')).toBe('/interview-conference/8');
  });
});
