import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ApplicationForm } from '../../web/features/mentor-application/application-form.tsx';
import { completePayload, type MentorApplication } from '../../web/features/mentor-application/mentor-application.api.ts';
import { canSubmit, submitErrors } from '../../web/features/mentor-application/mentor-application.rules.ts';
import { MentorApplicationScreen } from '../../web/features/mentor-application/mentor-application-screen.tsx';

const about = 'Восемь лет пишу фронтенд и помогаю джунам расти.';
const ready = completePayload({ mentor_name: 'Анна', mentor_surname: 'Смирнова', mentor_description: about, mentor_skills: ['React'] });

function jsonResponse(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function application(overrides: Partial<MentorApplication> = {}): MentorApplication {
  return {
    id: 3,
    status: 'draft',
    status_display: 'Черновик',
    payload: ready,
    rejection_reason: null,
    created_at: '2026-03-01T10:00:00Z',
    updated_at: '2026-03-01T10:00:00Z',
    submitted_at: null,
    reviewed_at: null,
    ...overrides,
  };
}

describe('submit rule', () => {
  it('needs a draft, a name, a surname, 30 characters about oneself and a skill', () => {
    expect(canSubmit('draft', ready)).toBe(true);
    expect(canSubmit('submitted', ready)).toBe(false);
    expect(canSubmit('draft', { ...ready, mentor_name: '  ' })).toBe(false);
    expect(canSubmit('draft', { ...ready, mentor_surname: '' })).toBe(false);
    expect(canSubmit('draft', { ...ready, mentor_description: 'a'.repeat(29) })).toBe(false);
    expect(canSubmit('draft', { ...ready, mentor_description: 'a'.repeat(30) })).toBe(true);
    expect(canSubmit('draft', { ...ready, mentor_skills: [] })).toBe(false);
    expect(submitErrors(completePayload({}))).toEqual({
      mentor_name: 'Обязательное поле',
      mentor_surname: 'Обязательное поле',
      mentor_description: 'Минимум 30 символов',
      mentor_skills: 'Добавьте навык',
    });
  });
});

describe('ApplicationForm', () => {
  function renderForm(initial = completePayload({}), status = 'draft') {
    const onSubmit = vi.fn();
    const onSaveDraft = vi.fn();
    render(<ApplicationForm initial={initial} status={status} saving={false} submitting={false} onSaveDraft={onSaveDraft} onSubmit={onSubmit} />);
    return { onSubmit, onSaveDraft, submit: () => screen.getByRole('button', { name: 'Отправить на модерацию' }) as HTMLButtonElement };
  }

  it('enables submit only when the rule is met, with the messages on the touched fields', () => {
    const { submit, onSubmit } = renderForm();
    expect(submit().disabled).toBe(true);

    const name = screen.getByLabelText('Имя');
    fireEvent.blur(name);
    expect(screen.getByText('Обязательное поле')).toBeTruthy();
    fireEvent.change(name, { target: { value: 'Анна' } });
    fireEvent.change(screen.getByLabelText('Фамилия'), { target: { value: 'Смирнова' } });

    const aboutField = screen.getByLabelText('О себе');
    fireEvent.change(aboutField, { target: { value: 'Коротко' } });
    fireEvent.blur(aboutField);
    expect(screen.getByText('Минимум 30 символов')).toBeTruthy();
    expect(screen.getByText('7/500')).toBeTruthy();
    fireEvent.change(aboutField, { target: { value: about } });
    expect(screen.queryByText('Минимум 30 символов')).toBeNull();
    expect(submit().disabled).toBe(true);

    const skill = screen.getByLabelText('Навыки');
    fireEvent.blur(skill);
    expect(screen.getByText('Добавьте навык')).toBeTruthy();
    fireEvent.change(skill, { target: { value: 'React' } });
    fireEvent.keyDown(skill, { key: 'Enter' });
    expect(screen.getByRole('button', { name: 'Удалить навык React' })).toBeTruthy();
    expect(submit().disabled).toBe(false);

    fireEvent.click(submit());
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ mentor_name: 'Анна', mentor_skills: ['React'], mentor_description: about }));

    fireEvent.click(screen.getByRole('button', { name: 'Удалить навык React' }));
    expect(submit().disabled).toBe(true);
  });

  it('keeps submit disabled outside the draft status', () => {
    const { submit } = renderForm(ready, 'submitted');
    expect(submit().disabled).toBe(true);
  });

  it('saves a draft without the submit rule but with a normalised Telegram link', () => {
    const { onSaveDraft } = renderForm(completePayload({ mentor_title: '@anna_dev' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить черновик' }));
    expect(onSaveDraft).toHaveBeenCalledWith(expect.objectContaining({ mentor_title: 't.me/anna_dev' }));
  });
});

describe('MentorApplicationScreen', () => {
  function renderScreen() {
    return render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
        <MentorApplicationScreen initialPayload={ready} backButton={<button type="button">Назад</button>} />
      </QueryClientProvider>,
    );
  }

  it('creates a draft from the profile when there is no application', async () => {
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === '/api/mentor-applications/me') return jsonResponse({ detail: 'Не найдено', code: 'not_found' }, 404);
      if (String(input) === '/api/mentor-applications' && init?.method === 'POST') return jsonResponse(application(JSON.parse(String(init.body))), 201);
      return jsonResponse({ detail: 'x', code: 'x' }, 500);
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderScreen();

    expect(await screen.findByText('Черновик')).toBeTruthy();
    expect((screen.getByLabelText('Имя') as HTMLInputElement).value).toBe('Анна');
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST')).toHaveLength(1);
  });

  it('saves, then submits, and shows the read-only view', async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
        if (String(input).endsWith('/submit')) return jsonResponse(application({ status: 'submitted', status_display: 'На модерации', submitted_at: '2026-03-02T10:00:00Z' }));
        return jsonResponse(application());
      }),
    );
    renderScreen();

    fireEvent.click(await screen.findByRole('button', { name: 'Отправить на модерацию' }));
    expect(await screen.findByText('Заявка на модерации')).toBeTruthy();
    expect(calls.slice(0, 3)).toEqual(['GET /api/mentor-applications/me', 'PATCH /api/mentor-applications/3', 'POST /api/mentor-applications/3/submit']);
    expect(screen.queryByRole('button', { name: 'Отправить на модерацию' })).toBeNull();
  });

  it('shows the rejection reason and starts a new application', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) =>
        init?.method === 'POST'
          ? jsonResponse(application({ id: 4 }), 201)
          : jsonResponse(application({ status: 'rejected', status_display: 'Отклонено', rejection_reason: 'Мало опыта' })),
      ),
    );
    renderScreen();
    expect(await screen.findByText('Мало опыта')).toBeTruthy();
    expect(screen.getByText('Отклонено')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Подать новую заявку' }));
    await waitFor(() => expect(screen.getByText('Черновик')).toBeTruthy());
  });

  const offeredAt = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
  const interview = (id: number, status: 'offered' | 'booked', startsAt: string) => ({
    id,
    application_id: 3,
    starts_at: startsAt,
    ends_at: startsAt,
    status,
    status_display: '',
    room_url: status === 'booked' ? `/interview-conference/${id}` : null,
  });

  it('lets a submitted applicant pick one of the offered interview times, then shows the room', async () => {
    const [first, second] = [offeredAt(2), offeredAt(3)];
    let booked = false;
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/mentor-interviews/12/book' && init?.method === 'POST') {
        booked = true;
        return jsonResponse(interview(12, 'booked', second));
      }
      if (url === '/api/mentor-applications/me/interviews') return jsonResponse(booked ? [interview(12, 'booked', second)] : [interview(11, 'offered', first), interview(12, 'offered', second)]);
      return jsonResponse(application({ status: 'submitted', status_display: 'На модерации', submitted_at: '2026-03-02T10:00:00Z' }));
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderScreen();
    expect(await screen.findByText('Выберите удобное время (30 минут):')).toBeTruthy();
    const submit = screen.getByRole('button', { name: 'Записаться на интервью' }) as HTMLButtonElement;
    expect(submit.disabled).toBe(true);
    fireEvent.click(screen.getAllByRole('radio')[1]!);
    fireEvent.click(submit);
    const room = await screen.findByRole('link', { name: 'Перейти в комнату интервью' });
    expect(room.getAttribute('href')).toBe('/interview-conference/12');
    expect(screen.getByText(/Интервью назначено на/)).toBeTruthy();
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url))).toEqual(['/api/mentor-interviews/12/book']);
  });

  it('lets the applicant call a booked time off, and then offers the other times again', async () => {
    const [first, second] = [offeredAt(2), offeredAt(3)];
    let canceled = false;
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/mentor-interviews/12/cancel' && init?.method === 'POST') {
        canceled = true;
        return jsonResponse({ ...interview(12, 'booked', second), status: 'withdrawn', room_url: null });
      }
      if (url === '/api/mentor-applications/me/interviews') return jsonResponse(canceled ? [interview(11, 'offered', first)] : [interview(12, 'booked', second)]);
      return jsonResponse(application({ status: 'submitted', status_display: 'На модерации', submitted_at: '2026-03-02T10:00:00Z' }));
    });
    vi.stubGlobal('fetch', fetchSpy);
    renderScreen();
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить или выбрать другое время' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Отменить интервью' }));
    expect(await screen.findByText('Выберите удобное время (30 минут):')).toBeTruthy();
    expect(screen.getAllByRole('radio')).toHaveLength(1);
    expect(fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST').map(([url]) => String(url))).toEqual(['/api/mentor-interviews/12/cancel']);
  });

  it('says the times are coming when none is offered yet', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL) =>
        String(input).endsWith('/interviews') ? jsonResponse([]) : jsonResponse(application({ status: 'submitted', status_display: 'На модерации' })),
      ),
    );
    renderScreen();
    expect(await screen.findByText(/Скоро мы предложим время для интервью на 30 минут/)).toBeTruthy();
  });
});
