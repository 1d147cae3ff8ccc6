import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ProfileSetupWizard } from '../../web/features/profile-setup/profile-setup-wizard.tsx';
import { greetings, steps } from '../../web/features/profile-setup/wizard-state.ts';
import { makeUser } from './fixtures.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

function renderWizard(onSaved = vi.fn()) {
  const client = new QueryClient();
  const result = render(
    <QueryClientProvider client={client}>
      <ProfileSetupWizard accountEmail="anna@example.com" onSaved={onSaved} />
    </QueryClientProvider>,
  );
  return { ...result, onSaved };
}

/** Lets the bot type: one act per tick, so that each state update schedules the next timer. */
function advance(ms: number, step = 25) {
  for (let elapsed = 0; elapsed < ms; elapsed += step) act(() => vi.advanceTimersByTime(step));
}

const log = () => screen.getByRole('log');
const answerField = () => screen.getByLabelText('Ваш ответ') as HTMLInputElement;
function answer(text: string) {
  fireEvent.change(answerField(), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Отправить ответ' }));
}
function answerBasics() {
  answer('Анна');
  answer('Смирнова');
  answer('8 999 123 45 67');
  answer('anna@example.com');
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('profile setup wizard', () => {
  it('types two greetings and then question 1: 400 ms pause, then one character every 25 ms', () => {
    renderWizard();
    const first = greetings[0]!;
    act(() => vi.advanceTimersByTime(399));
    expect(log().textContent).not.toContain(first.slice(0, 1));
    act(() => vi.advanceTimersByTime(1)); // typing starts
    advance(25 * 3);
    expect(log().textContent).toContain(first.slice(0, 3));
    expect(log().textContent).not.toContain(first.slice(0, 4));
    advance(25 * (first.length - 3));
    expect(log().textContent).toContain(first);

    // the second greeting after its own 400 ms pause, then the first question
    advance(400 + 25 * greetings[1]!.length + 400 + 25 * steps[0]!.question.length);
    expect(log().textContent).toContain(greetings[1]);
    expect(log().textContent).toContain(steps[0]!.question);
    expect(screen.getByText('Шаг 1 из 8')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('13');
  });

  it('rejects empty names, a phone that is not one, and an e-mail without @', () => {
    renderWizard();
    answer('   ');
    expect(screen.getByText('Поле обязательно для заполнения')).toBeTruthy();
    // the account's name rule, which the profile's save applies too (issue 41)
    answer('А');
    expect(screen.getByText('Минимум 2 символа')).toBeTruthy();
    answer('Анна');
    answer('');
    expect(screen.getByText('Поле обязательно для заполнения')).toBeTruthy();
    answer('Смирнова');
    answer(' ');
    expect(screen.getByText('Введите номер телефона')).toBeTruthy();
    answer('12');
    expect(screen.getByText('Неверный формат телефона')).toBeTruthy();
    answer('+7 999 123-45-67');
    answer('anna.example.com');
    expect(screen.getByText('Email должен содержать «@»')).toBeTruthy();
    expect(screen.getByText('Шаг 4 из 8')).toBeTruthy();
  });

  it('shows each answer as a user message and fills the live preview', () => {
    renderWizard();
    answer('Анна');
    answer('Смирнова');
    expect(screen.getByRole('button', { name: 'Изменить ответ: Анна' })).toBeTruthy();
    expect(screen.getAllByText('Анна Смирнова').length).toBeGreaterThan(0);
    expect(screen.getByText('Шаг 3 из 8')).toBeTruthy();
  });

  it('editing an earlier answer truncates the conversation back to it and refocuses the field after 100 ms', () => {
    renderWizard();
    advance(10_000); // the opening is typed
    answer('Анна');
    answer('Смирнова');
    advance(400 + 25 * steps[2]!.question.length);
    expect(log().textContent).toContain(steps[2]!.question);

    fireEvent.click(screen.getByRole('button', { name: 'Изменить ответ: Анна' }));
    expect(log().textContent).not.toContain('Смирнова');
    expect(log().textContent).not.toContain(steps[1]!.question);
    expect(log().textContent).toContain(steps[0]!.question);
    expect(screen.getByText('Шаг 1 из 8')).toBeTruthy();
    expect(answerField().value).toBe('Анна');
    (document.activeElement as HTMLElement | null)?.blur();
    act(() => vi.advanceTimersByTime(99));
    expect(document.activeElement).not.toBe(answerField());
    act(() => vi.advanceTimersByTime(1));
    expect(document.activeElement).toBe(answerField());

    answer('Мария');
    expect(screen.getByRole('button', { name: 'Изменить ответ: Мария' })).toBeTruthy();
    expect(screen.getByText('Шаг 2 из 8')).toBeTruthy();
  });

  it('after step 4 shows the dialog; "Заполнить профиль полностью" continues at step 5 after 300 ms', () => {
    renderWizard();
    answerBasics();
    expect(screen.getByRole('dialog', { name: 'Отличный прогресс!' })).toBeTruthy();
    // persistent: Escape does not close it
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Заполнить профиль полностью' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(299));
    advance(400 + 25 * steps[4]!.question.length + 50);
    expect(log().textContent).toContain(steps[4]!.question);
    expect(screen.getByRole('button', { name: 'Наставник' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Ученик' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Профессионал' })).toBeTruthy();
  });

  it('steps 5 to 8 can be skipped ("Пропущено"); skills are limited to 5 and removable', () => {
    renderWizard();
    answerBasics();
    fireEvent.click(screen.getByRole('button', { name: 'Заполнить профиль полностью' }));
    advance(400);
    fireEvent.click(screen.getByRole('button', { name: 'Пропустить' }));
    expect(log().textContent).toContain('Пропущено');
    answer('Москва');
    fireEvent.click(screen.getByRole('button', { name: 'Пропустить' }));
    expect(screen.getByText('Шаг 8 из 8')).toBeTruthy();

    const skill = () => screen.getByLabelText('Навык', { selector: 'input' });
    const add = (name: string) => {
      fireEvent.change(skill(), { target: { value: name } });
      fireEvent.submit(skill().closest('form')!);
    };
    ['Python', 'SQL', 'Docker', 'Go', '  Rust  ', 'Kotlin'].forEach(add);
    expect(screen.getByText('Можно добавить не больше 5 навыков')).toBeTruthy();
    const chips = () => screen.getAllByRole('button', { name: /^Удалить навык/ }).map((b) => b.getAttribute('aria-label'));
    expect(chips()).toEqual(['Удалить навык Python', 'Удалить навык SQL', 'Удалить навык Docker', 'Удалить навык Go', 'Удалить навык Rust']);
    fireEvent.click(screen.getByRole('button', { name: 'Удалить навык SQL' }));
    expect(chips()).toHaveLength(4);
    add('   ');
    expect(screen.getByText('Введите название навыка')).toBeTruthy();
    expect(chips()).toHaveLength(4);

    fireEvent.click(screen.getByRole('button', { name: 'Готово' }));
    expect(screen.getByRole('dialog', { name: 'Профиль заполнен!' })).toBeTruthy();
  });

  it('"Начать пользоваться" saves the basic profile for real', async () => {
    const saved = makeUser({ mentor_name: 'Анна', mentor_surname: 'Смирнова', phone: '+79991234567' });
    const requests: { path: string; method?: string; body: Record<string, unknown> }[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
        requests.push({ path: String(input), method: init?.method, body: Object.fromEntries((init?.body as FormData).entries()) });
        return json(200, saved);
      }),
    );
    const { onSaved } = renderWizard();
    answerBasics();
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Начать пользоваться' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith(saved));
    expect(requests).toEqual([
      { path: expect.stringMatching(/^\/api\/users\/me\/?$/), method: 'PATCH', body: { mentor_name: 'Анна', mentor_surname: 'Смирнова', phone: '+79991234567' } },
    ]);
  });

  it('"Начать" saves everything except the e-mail and the role, skills as one JSON field', async () => {
    const requests: Record<string, unknown>[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_input: RequestInfo | URL, init?: RequestInit) => {
        requests.push(Object.fromEntries((init?.body as FormData).entries()));
        return json(200, makeUser());
      }),
    );
    const { onSaved } = renderWizard();
    answerBasics();
    fireEvent.click(screen.getByRole('button', { name: 'Заполнить профиль полностью' }));
    advance(400);
    fireEvent.click(screen.getByRole('button', { name: 'Наставник' }));
    answer('Казань');
    answer('Пишу на Go');
    fireEvent.change(screen.getByLabelText('Навык', { selector: 'input' }), { target: { value: 'Go' } });
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    fireEvent.click(screen.getByRole('button', { name: 'Готово' }));
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Начать' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests).toEqual([
      {
        mentor_name: 'Анна',
        mentor_surname: 'Смирнова',
        phone: '+79991234567',
        user_city_residence: 'Казань',
        mentor_description: 'Пишу на Go',
        mentor_skills: '["Go"]',
      },
    ]);
  });
});
