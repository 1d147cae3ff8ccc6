import { describe, expect, it, vi } from 'vitest';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { WorkExperienceDialog } from '../../web/components/work-education/work-experience-dialog.tsx';
import { EducationDialog, educationYearLists } from '../../web/components/work-education/education-dialog.tsx';
import { WorkExperienceList } from '../../web/components/work-education/work-education-lists.tsx';
import { formatStudyPeriod, formatWorkPeriod } from '../../web/components/work-education/work-education.format.ts';
import { yearOptions } from '../../web/components/year-select.tsx';
import { WorkEducationTab } from '../../web/features/profile-settings/work-education-tab.tsx';
import { educationSchema } from '../../worker/profile/profile.schemas.ts';

const pick = (label: string, value: string | number) => fireEvent.change(screen.getByLabelText(label), { target: { value: String(value) } });

function fillWork() {
  fireEvent.change(screen.getByLabelText('Должность'), { target: { value: 'Frontend-разработчик' } });
  fireEvent.change(screen.getByLabelText('Компания'), { target: { value: 'Яндекс' } });
  pick('Дата начала, месяц', 3);
  pick('Дата начала, год', 2021);
}

describe('WorkExperienceDialog', () => {
  it("'Работаю сейчас' clears and disables the end date", () => {
    render(<WorkExperienceDialog open onOpenChange={() => {}} onSubmit={() => {}} />);
    pick('Дата окончания, месяц', 6);
    pick('Дата окончания, год', 2023);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Работаю сейчас' }));

    const month = (screen.getByLabelText('Дата окончания, месяц') as unknown as HTMLSelectElement);
    const year = (screen.getByLabelText('Дата окончания, год') as unknown as HTMLSelectElement);
    expect(month.value).toBe('');
    expect(year.value).toBe('');
    expect(month.disabled).toBe(true);
    expect(year.disabled).toBe(true);

    fireEvent.click(screen.getByRole('checkbox', { name: 'Работаю сейчас' }));
    expect(month.disabled).toBe(false);
  });

  it('rejects an end before the start, then saves the first days of the months', async () => {
    const onSubmit = vi.fn();
    const onOpenChange = vi.fn();
    render(<WorkExperienceDialog open onOpenChange={onOpenChange} onSubmit={onSubmit} />);
    fillWork();
    pick('Дата окончания, месяц', 1);
    pick('Дата окончания, год', 2020);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));

    expect(await screen.findByText('Дата окончания не может быть раньше даты начала')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    pick('Дата окончания, год', 2024);
    expect(screen.queryByText('Дата окончания не может быть раньше даты начала')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ position_title: 'Frontend-разработчик', company_name: 'Яндекс', start_date: '2021-03-01', end_date: '2024-01-01' }),
    );
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('requires the position, the company and the start month and year', () => {
    render(<WorkExperienceDialog open onOpenChange={() => {}} onSubmit={() => {}} />);
    pick('Дата начала, год', 2021);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(screen.getByText('Должность обязательна для заполнения')).toBeTruthy();
    expect(screen.getByText('Название компании обязательно для заполнения')).toBeTruthy();
    expect(screen.getByText('Дата начала обязательна для заполнения')).toBeTruthy();
  });

  it('opens an item without an end date as the current job', () => {
    render(
      <WorkExperienceDialog
        open
        onOpenChange={() => {}}
        onSubmit={() => {}}
        item={{ position_title: 'CTO', company_name: 'Форма', start_date: '2022-05-01', end_date: null }}
      />,
    );
    expect(screen.getByText('Редактировать место работы')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Работаю сейчас' }).getAttribute('aria-checked')).toBe('true');
    expect(((screen.getByLabelText('Дата начала, месяц') as unknown as HTMLSelectElement)).value).toBe('5');
  });
});

describe('EducationDialog', () => {
  it("rejects an end year before the start; 'Учусь сейчас' clears it", async () => {
    const onSubmit = vi.fn();
    render(<EducationDialog open onOpenChange={() => {}} onSubmit={onSubmit} />);
    fireEvent.change(screen.getByLabelText('Учебное заведение'), { target: { value: 'МГУ' } });
    fireEvent.change(screen.getByLabelText('Специальность'), { target: { value: 'Математика' } });
    pick('Год начала', 2015);
    pick('Год окончания', 2012);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Год окончания не может быть раньше года начала')).toBeTruthy();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Учусь сейчас' }));
    expect(((screen.getByLabelText('Год окончания') as unknown as HTMLSelectElement)).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ university_name: 'МГУ', specialty: 'Математика', start_year: 2015, end_year: null }));
  });

  it('offers the years the API takes: a start among this year and the 59 before it, an end up to 10 years ahead (issue 41)', () => {
    const years = yearOptions(50, new Date('2026-06-01'));
    expect(years).toHaveLength(50);
    expect(years[0]).toBe(2026);
    expect(years.at(-1)).toBe(1977);
    const lists = educationYearLists(new Date('2026-06-01'));
    expect([lists.start.length, lists.start[0], lists.start.at(-1)]).toEqual([60, 2026, 1967]);
    expect([lists.end.length, lists.end[0], lists.end.at(-1)]).toEqual([70, 2036, 1967]);

    render(<EducationDialog open onOpenChange={() => {}} onSubmit={() => {}} />);
    const now = new Date().getFullYear();
    const options = (label: string) => within(screen.getByLabelText(label)).getAllByRole('option').map((o) => (o as HTMLOptionElement).value).filter(Boolean).map(Number);
    const start = options('Год начала');
    const end = options('Год окончания');
    expect([start.length, Math.max(...start), Math.min(...start)]).toEqual([60, now, now - 59]);
    expect([end.length, Math.max(...end), Math.min(...end)]).toEqual([70, now + 10, now - 59]);
    // every year offered passes the shared schema the API checks with, and the next one beyond either end does not
    const study = { university_name: 'МГУ', specialty: 'Математика' };
    for (const y of start) expect(educationSchema.safeParse({ ...study, start_year: y, end_year: null }).success).toBe(true);
    for (const y of end) expect(educationSchema.safeParse({ ...study, start_year: now - 59, end_year: y }).success).toBe(true);
    const refusal = (body: object) => educationSchema.safeParse({ ...study, ...body }).error?.issues.map((i) => i.message);
    expect(refusal({ start_year: now - 60, end_year: null })).toEqual([`Год начала должен быть от ${now - 59} до ${now}`]);
    expect(refusal({ start_year: now, end_year: now + 11 })).toEqual([`Год окончания не может быть позже ${now + 10}`]);
  });
});

describe('formatting', () => {
  it('shows periods in Russian', () => {
    expect(formatWorkPeriod('2021-03-01', null)).toBe('март 2021 — по настоящее время');
    expect(formatWorkPeriod('2017-09-01', '2021-02-01')).toBe('сентябрь 2017 — февраль 2021');
    expect(formatStudyPeriod(2011, 2015)).toBe('2011 — 2015');
    expect(formatStudyPeriod(2024, null)).toBe('2024 — по настоящее время');
  });
});

describe('WorkExperienceList delete', () => {
  const items = [{ key: 1, position_title: 'CTO', company_name: 'Форма', start_date: '2022-05-01', end_date: null }];

  it('asks before deleting and deletes only after confirmation', async () => {
    const onDelete = vi.fn().mockResolvedValue(undefined);
    render(<WorkExperienceList items={items} onCreate={() => {}} onUpdate={() => {}} onDelete={onDelete} />);

    fireEvent.click(screen.getByRole('button', { name: 'Удалить: CTO' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Вы действительно хотите удалить этот элемент?')).toBeTruthy();
    expect(within(dialog).getByText('Это действие нельзя будет отменить.')).toBeTruthy();

    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(onDelete).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить: CTO' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(onDelete).toHaveBeenCalledWith(1));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });
});

describe('WorkEducationTab', () => {
  function jsonResponse(body: unknown, status = 200) {
    return new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  }

  it('loads both lists, deletes through the API and notifies', async () => {
    const work = [{ id: 5, position_title: 'CTO', company_name: 'Форма', start_date: '2022-05-01', end_date: null, user_id: 1 }];
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/\/$/, '');
      if (init?.method === 'DELETE') return jsonResponse(null, 204);
      if (url === '/api/work-experiences') return jsonResponse(work);
      if (url === '/api/educations') return jsonResponse([]);
      return jsonResponse({ detail: 'x', code: 'x' }, 404);
    });
    vi.stubGlobal('fetch', fetchSpy);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WorkEducationTab userId={1} />
        <Toaster />
      </QueryClientProvider>,
    );

    expect(await screen.findByText('май 2022 — по настоящее время')).toBeTruthy();
    expect(screen.getByText('Образование пока не добавлено')).toBeTruthy();

    work.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Удалить: CTO' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));

    expect(await screen.findByText('Место работы успешно удалено')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith('/api/work-experiences/5', expect.objectContaining({ method: 'DELETE' }));
    await waitFor(() => expect(screen.queryByText('CTO')).toBeNull());
  });

  it('adds and deletes an education with spec 001’s notices, and says when a save failed', async () => {
    const year = new Date().getFullYear();
    const studies = [{ id: 7, university_name: 'МГУ', specialty: 'Математика', start_year: year - 10, end_year: year - 5, user_id: 1 }];
    let saveFails = true;
    const fetchSpy = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input).replace(/\/$/, '');
      if (init?.method === 'DELETE') return jsonResponse(null, 204);
      if (init?.method === 'POST') return saveFails ? jsonResponse({ detail: 'Сбой', code: 'internal_error' }, 500) : jsonResponse({ ...studies[0], id: 8 }, 201);
      if (url === '/api/work-experiences') return jsonResponse([]);
      if (url === '/api/educations') return jsonResponse(studies);
      return jsonResponse({ detail: 'x', code: 'x' }, 404);
    });
    vi.stubGlobal('fetch', fetchSpy);
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WorkEducationTab userId={1} />
        <Toaster />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('МГУ')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Добавить образование' }));
    fireEvent.change(await screen.findByLabelText('Учебное заведение'), { target: { value: 'ВШЭ' } });
    fireEvent.change(screen.getByLabelText('Специальность'), { target: { value: 'Экономика' } });
    pick('Год начала', year - 4);
    pick('Год окончания', year + 1);
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Произошла ошибка при сохранении образования')).toBeTruthy();
    saveFails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Добавить' }));
    expect(await screen.findByText('Образование успешно добавлено')).toBeTruthy();
    const posted = fetchSpy.mock.calls.filter(([, init]) => init?.method === 'POST').at(-1)!;
    expect(JSON.parse(String(posted[1]!.body))).toEqual({ university_name: 'ВШЭ', specialty: 'Экономика', start_year: year - 4, end_year: year + 1, user_id: 1 });

    fireEvent.click(screen.getByRole('button', { name: 'Удалить: МГУ' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Образование успешно удалено')).toBeTruthy();
    expect(fetchSpy).toHaveBeenCalledWith('/api/educations/7', expect.objectContaining({ method: 'DELETE' }));
  });

  it('shows the load errors of spec 001', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ detail: 'Ошибка', code: 'x' }, 400)));
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <WorkEducationTab />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Ошибка при загрузке опыта работы')).toBeTruthy();
    expect(await screen.findByText('Ошибка при загрузке образования')).toBeTruthy();
  });
});
