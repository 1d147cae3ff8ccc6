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
});

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
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([item(1, 'Иван')])));
    renderScreen();
    expect(await screen.findByText('Иван Петров')).toBeTruthy();
    expect(screen.getByText('Иван@example.com')).toBeTruthy();
    expect(screen.getByText(/Отправлена 2 марта 2026/)).toBeTruthy();
  });

  it('names an applicant registered by phone, with no name nor e-mail yet', async () => {
    const byPhone = { ...item(3, 'Никто'), user: { id: 3, email: null, mentor_name: null, mentor_surname: null, mentor_avatar_url: null } };
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([byPhone])));
    renderScreen();
    expect(await screen.findByText('Без имени')).toBeTruthy();
    expect(screen.queryByText(/@/)).toBeNull();
  });

  it('requires a reason to reject, then sends it and removes the card', async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      init?.method === 'POST' ? jsonResponse({}) : jsonResponse(String(input).includes('submitted') && !fetchSpy.mock.calls.some(([, i]) => i?.method === 'POST') ? [item(1, 'Иван')] : []),
    );
    vi.stubGlobal('fetch', fetchSpy);
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
    vi.stubGlobal(
      'fetch',
      vi.fn((_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST' ? new Promise<Response>((resolve) => (resolveApprove = resolve)) : Promise.resolve(jsonResponse([item(1, 'Иван'), item(2, 'Ольга')])),
      ),
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
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse([])));
    renderScreen();
    expect(await screen.findByText('Нет заявок, ожидающих проверки')).toBeTruthy();
  });
});
