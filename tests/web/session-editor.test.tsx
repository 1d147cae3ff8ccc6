import { describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient } from '@tanstack/react-query';
import { Toaster } from '../../web/components/ui/toast.tsx';
import { dayjs } from '../../web/lib/dayjs.ts';
import { normalizeTime, shiftTime } from '../../web/features/session-editor/editor-time.ts';
import {
  descriptionPreview,
  eventFormData,
  newEventState,
  stateFromEvent,
  validateEvent,
  type EventFormState,
} from '../../web/features/session-editor/event-form.rules.ts';
import { EventForm } from '../../web/features/session-editor/event-form-dialog.tsx';
import { EventsTab } from '../../web/features/session-editor/events-tab.tsx';
import { ConsultationsTab } from '../../web/features/session-editor/consultations-tab.tsx';
import { validateType } from '../../web/features/session-editor/consultation-type-dialog.tsx';
import { normalizeHighlights, RichTextEditor } from '../../web/features/session-editor/rich-text-editor.tsx';
import { SlotForm } from '../../web/features/session-editor/slot-dialog.tsx';
import { newSlotState, switchKind, validateSlot, withEnd, withStart } from '../../web/features/session-editor/slot-rules.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { makeUser } from './fixtures.ts';
import { makeEventDetail, makeEventListItem } from './event-test-utils.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { SessionEditorScreen } from '../../web/features/session-editor/session-editor-screen.tsx';
import { MyEventsScreen } from '../../web/features/events/my-events-screen.tsx';
import { NO_BOOKING_RULES } from '../../worker/consultation-types/consultation-types.schemas.ts';

const TZ = 'Europe/Moscow';
const json = (body: unknown, status = 200) =>
  new Response(status === 204 ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type Call = { method: string; url: string; body: unknown };
type Route = { method?: string; path: RegExp; status?: number; body?: unknown };

/** A fetch stub that keeps the raw body (FormData stays FormData). */
function stubFetch(routes: Route[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
    let body: unknown = init?.body;
    if (body === undefined && input instanceof Request && method !== 'GET') body = await input.clone().text();
    if (typeof body === 'string' && body) body = JSON.parse(body);
    calls.push({ method, url, body });
    const route = routes.find((r) => (r.method ?? 'GET') === method && r.path.test(url));
    if (!route) return json({ detail: 'Не найдено', code: 'not_found' }, 404);
    return json(route.body ?? null, route.status ?? 200);
  });
  vi.stubGlobal('fetch', fetchMock);
  return calls;
}

const client = () => new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });

describe('rich-text description', () => {
  it('counts text without markup and stops at 500 characters', () => {
    const onChange = vi.fn();
    render(<RichTextEditor value="" onChange={onChange} maxLength={500} />);
    const box = screen.getByRole('textbox', { name: 'Описание' });
    const counter = screen.getByTestId('description-counter');
    expect(counter.textContent).toBe('0/500');

    box.innerHTML = `<b>${'а'.repeat(10)}</b>`;
    fireEvent.input(box);
    expect(counter.textContent).toBe('10/500');
    expect(onChange).toHaveBeenLastCalledWith(`<b>${'а'.repeat(10)}</b>`);

    box.innerHTML = `<h1>${'б'.repeat(500)}</h1>`;
    fireEvent.input(box);
    expect(counter.textContent).toBe('500/500');

    // one more character: rolled back and not passed on
    onChange.mockClear();
    box.innerHTML = `<h1>${'б'.repeat(501)}</h1>`;
    fireEvent.input(box);
    expect(onChange).not.toHaveBeenCalled();
    expect(counter.textContent).toBe('500/500');
    expect(box.textContent).toHaveLength(500);

    // typing at the limit is refused before it happens
    const typing = new InputEvent('beforeinput', { inputType: 'insertText', data: 'в', cancelable: true, bubbles: true });
    box.dispatchEvent(typing);
    expect(typing.defaultPrevented).toBe(true);
    // deleting is always allowed
    const deleting = new InputEvent('beforeinput', { inputType: 'deleteContentBackward', cancelable: true, bubbles: true });
    box.dispatchEvent(deleting);
    expect(deleting.defaultPrevented).toBe(false);
  });

  it('has the spec marks: bold, italic, underline, h1, h2, lists and four highlights', () => {
    render(<RichTextEditor value="" onChange={() => {}} maxLength={500} />);
    const toolbar = screen.getByRole('toolbar', { name: 'Форматирование' });
    for (const name of ['Жирный', 'Курсив', 'Подчёркнутый', 'Заголовок 1', 'Заголовок 2', 'Маркированный список', 'Нумерованный список']) {
      expect(within(toolbar).getByRole('button', { name })).toBeTruthy();
    }
    expect(within(toolbar).getAllByRole('button', { name: /^Выделить/ })).toHaveLength(4);
  });
});

describe('highlights', () => {
  it('moves a colour the browser put on <b> or <li> onto a span the server keeps', () => {
    const root = document.createElement('div');
    root.innerHTML = '<b style="background-color: rgb(254, 240, 138);">жёлтый</b><ul><li style="background-color: #bbf7d0">пункт</li></ul><span style="background-color: #bfdbfe">синий</span>';
    normalizeHighlights(root);
    expect(root.querySelector('b')!.getAttribute('style')).toBeNull();
    expect(root.querySelector('b > span')!.textContent).toBe('жёлтый');
    expect(root.querySelector('li > span')).not.toBeNull();
    expect(root.querySelectorAll('span')).toHaveLength(3);
  });
});

describe('event form rules', () => {
  const now = new Date('2030-03-06T09:00:00Z'); // 12:00 in Moscow
  const filled = (patch: Partial<EventFormState> = {}): EventFormState => ({ ...newEventState(), title: 'Вебинар', date: '2030-03-10', ...patch });

  it('defaults: 20 seats, 18:00, Образование', () => {
    const state = newEventState();
    expect(state.seats).toBe('20');
    expect(state.time).toBe('18:00');
    expect(state.category).toBe('Образование');
    expect(state.noLimit).toBe(false);
  });

  it('every message of §5.4', () => {
    const check = (patch: Partial<EventFormState>) => validateEvent(filled(patch), { timeZone: TZ, now }).errors;
    expect(check({ title: '  ' }).title).toBe('Поле обязательно для заполнения');
    expect(check({ title: 'Вебинар\u0085BEGIN:VEVENT' }).title).toBe('Поле не должно содержать переводов строки и управляющих символов');
    expect(check({ category: 'Спорт' }).category).toBe('Выберите действительную категорию');
    expect(check({ date: '' }).date).toBe('Поле обязательно для заполнения');
    expect(check({ date: '2030-03-05' }).date).toBe('Дата не может быть в прошлом');
    expect(check({ time: '18-00' }).time).toBe('Некорректный формат времени (ЧЧ:ММ)');
    // today 12:00 in Moscow: 12:45 is less than an hour ahead, 13:00 is enough
    expect(check({ date: '2030-03-06', time: '12:45' }).time).toBe('Укажите более позднее время');
    expect(check({ date: '2030-03-06', time: '13:00' }).time).toBeUndefined();
    expect(check({ price: '' }).price).toBe('Цена обязательна');
    expect(check({ price: 'abc' }).price).toBe('Цена должна быть числом');
    expect(check({ price: '10.5' }).price).toBe('Цена должна быть целым числом');
    expect(check({ price: '150001' }).price).toBe('Цена должна быть от 0 до 150,000');
    expect(check({ price: '-1' }).price).toBe('Цена должна быть от 0 до 150,000');
    expect(check({ seats: '0' }).seats).toBe('Минимум 1 участник');
    expect(check({ seats: '0', noLimit: true }).seats).toBeUndefined();
    expect(check({ description: `<p>${'x'.repeat(501)}</p>` }).description).toBe('Превышен лимит в 500 символов');
    expect(check({ description: `<p><b>${'x'.repeat(500)}</b></p>` }).description).toBeUndefined();
  });

  it('sends the start as an ISO instant in the mentor zone and 0 seats for no limit', () => {
    const { values } = validateEvent(filled({ noLimit: true, discount: '15', price: '1500' }), { timeZone: TZ, now });
    expect(values).toMatchObject({ date: '2030-03-10T15:00:00.000Z', total_spots: 0, discount: 15, price: 1500, event_category: 'Образование' });
  });

  it('cuts card previews at 100 characters of text', () => {
    expect(descriptionPreview(`<h1>${'я'.repeat(120)}</h1>`)).toBe(`${'я'.repeat(100)}…`);
    expect(descriptionPreview('<p>Коротко <b>и ясно</b></p>')).toBe('Коротко и ясно');
  });

  it('time picker: 15-minute steps, hour capped at 23, empty is 00:00', () => {
    expect(normalizeTime('')).toBe('00:00');
    expect(normalizeTime('9')).toBe('09:00');
    expect(normalizeTime('930')).toBe('09:30');
    expect(normalizeTime('25:07')).toBe('23:00');
    expect(normalizeTime('10:08')).toBe('10:15');
    expect(normalizeTime('10:59')).toBe('10:45');
    expect(shiftTime('23:30', 60)).toBe('00:30');
  });
});

describe('event form', () => {
  const future = dayjs().tz(TZ).add(10, 'day').format('YYYY-MM-DD');

  function renderForm() {
    const onDone = vi.fn();
    renderWithRouter(
      <>
        <EventForm initial={newEventState()} eventId={null} mentorId={7} timeZone={TZ} onDone={onDone} />
        <Toaster />
      </>,
      { queryClient: client() },
    );
    return onDone;
  }

  it('shows the messages and sends nothing while the form is wrong', async () => {
    const calls = stubFetch([]);
    renderForm();
    fireEvent.click(await screen.findByRole('button', { name: 'Создать мероприятие' }));
    expect(await screen.findAllByText('Поле обязательно для заполнения')).toHaveLength(2); // title and date
    fireEvent.change(screen.getByLabelText('Цена, ₽ *'), { target: { value: 'abc' } });
    expect(await screen.findByText('Цена должна быть числом')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Количество мест *'), { target: { value: '0' } });
    expect(await screen.findByText('Минимум 1 участник')).toBeTruthy();
    // (the only call is the meeting room's limits, read for the seats warning)
    expect(calls.filter((c) => c.method !== 'GET')).toHaveLength(0);
  });

  it('warns the mentor when the seats outgrow the meeting room without the SFU, and not when they fit or the SFU is there', async () => {
    const limits = (sfu: boolean): Route => ({ path: /\/api\/conferences\/limits/, body: { mesh_limit: 4, sfu, sfu_max_peers: 100 } });
    stubFetch([limits(false)]);
    renderForm();
    // the default 20 seats: the mentor and 20 people cannot meet in a room of 4
    const warning = await screen.findByTestId('meeting-seats-warning');
    expect(warning.textContent).toBe(
      'Видеовстреча вместит вас и 3 участников: видеосервер для больших встреч не подключён. Остальные участники не смогут войти в комнату — укажите не больше 3 мест или проведите встречу в другом сервисе.',
    );
    fireEvent.change(screen.getByLabelText('Количество мест *'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByTestId('meeting-seats-warning')).toBeNull());
    fireEvent.change(screen.getByLabelText('Количество мест *'), { target: { value: '4' } });
    expect(await screen.findByTestId('meeting-seats-warning')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Количество мест *'), { target: { value: '3' } });
    await waitFor(() => expect(screen.queryByTestId('meeting-seats-warning')).toBeNull());
    // «Без ограничений» outgrows any room
    fireEvent.click(screen.getByRole('checkbox', { name: 'Без ограничений' }));
    expect(await screen.findByTestId('meeting-seats-warning')).toBeTruthy();
    cleanup();
    // with the SFU configured the room carries the event: nothing to say
    stubFetch([limits(true)]);
    renderForm();
    await screen.findByRole('button', { name: 'Создать мероприятие' });
    await act(async () => {
      await new Promise((r) => setTimeout(r, 20));
    });
    expect(screen.queryByTestId('meeting-seats-warning')).toBeNull();
  });

  it('refuses a cover that is not an image or is over 5 MB', async () => {
    stubFetch([]);
    renderForm();
    const input = await screen.findByLabelText('Файл обложки');
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Пожалуйста, загрузите изображение.')).toBeTruthy();
    const big = new File([new Uint8Array(5_242_881)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Файл слишком большой. Максимальный размер 5MB.')).toBeTruthy();
    expect(screen.getAllByText(/1920x1080/).length).toBeGreaterThan(0);
  });

  it('posts multipart to AddEvent with the spec fields and the cover in event_image', async () => {
    const calls = stubFetch([{ method: 'POST', path: /\/api\/events\/AddEvent\/?$/, status: 201, body: { id: 5 } }]);
    const onDone = renderForm();
    fireEvent.change(await screen.findByLabelText('Название *'), { target: { value: 'Карьерный вебинар' } });
    fireEvent.change(screen.getByLabelText('Дата *'), { target: { value: future } });
    fireEvent.change(screen.getByLabelText('Цена, ₽ *'), { target: { value: '1500' } });
    fireEvent.change(screen.getByLabelText('Скидка, %'), { target: { value: '10' } });
    const cover = new File([new Uint8Array([137, 80, 78, 71])], 'cover.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Файл обложки'), { target: { files: [cover] } });
    expect(await screen.findByAltText('Обложка мероприятия')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Создать мероприятие' }));

    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.url).toMatch(/^\/api\/events\/AddEvent\/?$/);
    expect(post.body).toBeInstanceOf(FormData);
    const form = post.body as FormData;
    expect(form.get('title')).toBe('Карьерный вебинар');
    expect(form.get('date')).toBe(dayjs.tz(`${future}T18:00:00`, TZ).toISOString());
    expect(form.get('price')).toBe('1500');
    expect(form.get('discount')).toBe('10');
    expect(form.get('total_spots')).toBe('20');
    expect(form.get('available_spots')).toBe('20');
    expect(form.get('event_category')).toBe('Образование');
    expect(form.get('mentor_id')).toBe('7');
    expect(form.get('is_public')).toBe('true');
    expect(form.get('is_canceled')).toBe('false');
    expect(form.get('remove_image')).toBe('false');
    expect((form.get('event_image') as File).name).toBe('cover.png');
    expect(await screen.findByText('Мероприятие успешно создано')).toBeTruthy();
  });

  it('shows the server refusal as «Не удалось сохранить: …»', async () => {
    stubFetch([{ method: 'POST', path: /AddEvent/, status: 400, body: { detail: 'Проверьте поля', code: 'validation_error', fields: { total_spots: 'Не больше 100 000 мест' } } }]);
    renderForm();
    fireEvent.change(await screen.findByLabelText('Название *'), { target: { value: 'Вебинар' } });
    fireEvent.change(screen.getByLabelText('Дата *'), { target: { value: future } });
    fireEvent.click(screen.getByRole('button', { name: 'Создать мероприятие' }));
    expect(await screen.findByText('Не удалось сохранить: Проверьте поля')).toBeTruthy();
    expect(await screen.findByText('Не больше 100 000 мест')).toBeTruthy();
  });

  it('edits through UpdateEvent: JSON without a new cover, multipart with remove_image when the cover goes', async () => {
    const calls = stubFetch([{ method: 'PUT', path: /\/api\/events\/UpdateEvent\/?\?id=11$/, body: { id: 11 } }]);
    const onDone = vi.fn();
    const initial = stateFromEvent(
      { title: 'Старое', description: '<p>Текст</p>', category: 'Карьера', date: dayjs.tz(`${future}T19:30:00`, TZ).toISOString(), price: 500, discount: 5, total_spots: 0, image_url: '/media/c.png' },
      TZ,
    );
    expect(initial).toMatchObject({ time: '19:30', noLimit: true, discount: '5', category: 'Карьера' });
    renderWithRouter(<EventForm initial={initial} eventId={11} mentorId={7} timeZone={TZ} onDone={onDone} />, { queryClient: client() });
    fireEvent.change(await screen.findByLabelText('Название *'), { target: { value: 'Новое' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const put = calls.find((c) => c.method === 'PUT')!;
    expect(put.body).toMatchObject({ title: 'Новое', total_spots: 0, discount: 5, price: 500, event_category: 'Карьера', mentor_id: 7 });
    expect(put.body).not.toHaveProperty('is_public');

    fireEvent.click(screen.getByRole('button', { name: 'Удалить обложку' }));
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(2));
    const second = calls.filter((c) => c.method === 'PUT')[1]!;
    expect(second.body).toBeInstanceOf(FormData);
    expect((second.body as FormData).get('remove_image')).toBe('true');
  });

  it('builds remove_image as a string flag for UpdateEvent', () => {
    const { values } = validateEvent({ ...newEventState(), title: 'x', date: future }, { timeZone: TZ });
    const form = eventFormData(values!, { mentorId: 7, image: null, removeImage: true, isNew: false });
    expect(form.get('remove_image')).toBe('true');
    expect(form.get('event_image')).toBeNull();
    expect(form.get('available_spots')).toBeNull();
  });

  it('stores the draft under previewEvent and opens /event_info/preview', async () => {
    stubFetch([]);
    const open = vi.fn();
    vi.stubGlobal('open', open);
    renderForm();
    fireEvent.change(await screen.findByLabelText('Название *'), { target: { value: 'Черновик' } });
    fireEvent.click(screen.getByRole('button', { name: 'Предпросмотр' }));
    expect(JSON.parse(localStorage.getItem('previewEvent')!)).toMatchObject({ title: 'Черновик', mentorId: 7, total_spots: 20 });
    expect(open).toHaveBeenCalledWith('/event_info/preview', '_blank', 'noopener');
  });
});

const EVENT = makeEventListItem({
  id: 11,
  title: 'Вебинар о карьере',
  date: '2030-03-10T15:00:00.000Z',
  price: 0,
  image_url: null,
  total_spots: 0,
  available_spots: null,
  category: 'Карьера',
  status: 'live',
  mentor: 7,
  mentor_info: { id: 7, mentor_name: 'Анна', mentor_surname: 'С', mentor_avatar_url: null },
  description: `<p>${'д'.repeat(150)}</p>`,
  age_restriction: 18,
});

describe('events tab', () => {
  it('shows the empty state with its button', async () => {
    stubFetch([{ path: /GetUserEvents/, body: [] }]);
    const onCreate = vi.fn();
    renderWithRouter(<EventsTab userId={7} timeZone={TZ} onCreate={onCreate} onEdit={() => {}} />, { queryClient: client() });
    expect(await screen.findByText('У вас пока нет групповых мероприятий')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Создать первое мероприятие' }));
    expect(onCreate).toHaveBeenCalled();
  });

  it('cards: 100-character preview, Бесплатно, Без ограничений, discount', async () => {
    stubFetch([
      {
        path: /GetUserEvents/,
        body: [EVENT, { ...EVENT, id: 12, title: 'Платное', price: 2000, discount: 20, total_spots: 30, available_spots: 25, description: '' }],
      },
    ]);
    renderWithRouter(<EventsTab userId={7} timeZone={TZ} onCreate={() => {}} onEdit={() => {}} />, { queryClient: client() });
    const cards = await screen.findAllByTestId('editor-event-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText(`${'д'.repeat(100)}…`)).toBeTruthy();
    expect(within(cards[0]!).getByText('Бесплатно')).toBeTruthy();
    expect(within(cards[0]!).getByText('Без ограничений')).toBeTruthy();
    expect(within(cards[1]!).getByText('Скидка 20%')).toBeTruthy();
    expect(within(cards[1]!).getByText('5 из 30 мест занято')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Добавить мероприятие' })).toBeTruthy();
  });

  it('delete asks first; a refusal because of payments offers cancelling', async () => {
    const calls = stubFetch([
      { path: /GetUserEvents/, body: [EVENT] },
      { method: 'DELETE', path: /DeleteEvent/, status: 409, body: { detail: 'Нельзя', code: 'event_has_paid_participants' } },
      { method: 'POST', path: /cancel_event/, body: { id: 11 } },
    ]);
    renderWithRouter(
      <>
        <EventsTab userId={7} timeZone={TZ} onCreate={() => {}} onEdit={() => {}} />
        <Toaster />
      </>,
      { queryClient: client() },
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Удалить «Вебинар о карьере»' }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Удалить мероприятие?')).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' }));
    const offer = await screen.findByText('Удалить нельзя — отменить мероприятие?');
    expect(calls.some((c) => c.method === 'DELETE' && c.url.includes('/api/events/DeleteEvent?id=11'))).toBe(true);
    fireEvent.click(within(offer.closest('[role="alertdialog"]') as HTMLElement).getByRole('button', { name: 'Отменить мероприятие' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ event_id: 11 }));
  });

  it('a deleted event leaves every view of the mentor\'s events, «Мои мероприятия» too', async () => {
    const calls: Call[] = stubFetch([
      { path: /GetUserEvents/, get body() { return calls.some((c) => c.method === 'DELETE') ? [] : [EVENT]; } },
      { path: /my-registrations/, body: [] },
      { method: 'DELETE', path: /DeleteEvent/, status: 204 },
    ]);
    renderWithRouter(
      <>
        <EventsTab userId={7} timeZone={TZ} onCreate={() => {}} onEdit={() => {}} />
        <MyEventsScreen user={makeUser({ id: 7, user_role: 'mentor' })} />
      </>,
      { queryClient: client() },
    );
    await waitFor(() => expect(screen.getAllByText('Вебинар о карьере')).toHaveLength(2));
    fireEvent.click(screen.getByRole('button', { name: 'Удалить «Вебинар о карьере»' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(screen.queryAllByText('Вебинар о карьере')).toHaveLength(0));
    // one list, read once per refresh, whichever views show it
    expect(calls.filter((c) => c.method === 'GET' && /GetUserEvents/.test(c.url))).toHaveLength(2);
  });
});

describe('slot rules (§4.5)', () => {
  const today = '2030-03-06';

  it('a new slot is one-time, today, 09:00 to 09:00 + duration', () => {
    expect(newSlotState(90, today)).toMatchObject({ kind: 'one-time', date: today, start: '09:00', end: '10:30', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'] });
  });

  it('switching to recurring clears the date, repeats until +3 months on mon–fri; back to one-time sets today', () => {
    const recurring = switchKind({ ...newSlotState(60, today), date: '2030-03-20', weekdays: ['sat'] }, 'recurring', today);
    expect(recurring).toMatchObject({ kind: 'recurring', date: '', repeatUntil: '2030-06-06', weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'] });
    const oneTime = switchKind(recurring, 'one-time', today);
    expect(oneTime).toMatchObject({ kind: 'one-time', date: today, repeatUntil: '' });
  });

  it('start and end stay one duration apart', () => {
    const state = newSlotState(45, today);
    expect(withStart(state, '14:00', 45)).toMatchObject({ start: '14:00', end: '14:45' });
    expect(withEnd(state, '12:00', 45)).toMatchObject({ start: '11:15', end: '12:00' });
  });

  it('date messages of §5.3', () => {
    const check = (patch: object) => validateSlot({ ...newSlotState(60, today), ...patch }, { durationMinutes: 60, timeZone: TZ, today }).errors;
    expect(check({ date: '' }).date).toBe('Поле даты обязательно для заполнения');
    expect(check({ date: '2030-03-05' }).date).toBe('Дата не может быть раньше сегодняшнего дня');
    expect(check({ date: '2031-04-11' }).date).toBe('Пожалуйста, выберите более раннюю дату');
    expect(check({ date: '2031-04-10' }).date).toBeUndefined();
  });

  it('consultation type messages of §5.3', () => {
    const check = (patch: object) => validateType({ name: 'Разбор', description: '', duration: '60', costs: '1000', ...patch }).errors;
    expect(check({ name: '' }).name).toBe('Название обязательно для заполнения');
    expect(check({ name: 'я'.repeat(256) }).name).toBe('Название не должно превышать 255 символов');
    expect(check({ name: 'Разбор\u2028резюме' }).name).toBe('Поле не должно содержать переводов строки и управляющих символов');
    expect(check({ duration: '' }).duration_minutes).toBe('Длительность обязательна');
    expect(check({ duration: '-5' }).duration_minutes).toBe('Длительность не может быть меньше 0 минут');
    expect(check({ duration: '1001' }).duration_minutes).toBe('Длительность не может превышать 1000 минут');
    expect(check({ costs: '' }).costs).toBe('Стоимость обязательна');
    expect(check({ costs: '-1' }).costs).toBe('Стоимость не может быть меньше 0 рублей');
    expect(check({ costs: '150001' }).costs).toBe('Стоимость не может превышать 150000 рублей');
  });
});

const TYPE = { id: 3, name: 'Разбор резюме', description: '', duration_minutes: 60, costs: 2500, loyalty_steps: [], packages: [], is_recorded: true, booking_rules: NO_BOOKING_RULES, user: 7 };

describe('slot form', () => {
  function renderSlotForm() {
    renderWithRouter(
      <>
        <SlotForm type={TYPE} slot={null} userId={7} timeZone={TZ} onDone={() => {}} />
        <Toaster />
      </>,
      { queryClient: client() },
    );
  }

  it('moves the end with the start and the start with the end', async () => {
    stubFetch([]);
    renderSlotForm();
    const start = (await screen.findByLabelText('Начало')) as HTMLInputElement;
    const end = screen.getByLabelText('Окончание') as HTMLInputElement;
    expect(start.value).toBe('09:00');
    expect(end.value).toBe('10:00');
    fireEvent.change(start, { target: { value: '14:30' } });
    expect(end.value).toBe('15:30');
    fireEvent.change(end, { target: { value: '1' } });
    fireEvent.blur(end);
    expect(end.value).toBe('01:00');
    expect(start.value).toBe('00:00');
  });

  it('switches to recurring with mon–fri and repeat-until, and posts a custom series', async () => {
    const calls = stubFetch([{ method: 'POST', path: /create_recurrent_slots/, status: 201, body: { recurrence_id: 1, created: 12, skipped: [] } }]);
    renderSlotForm();
    expect(await screen.findByLabelText('Дата')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Повторять' }));
    expect(screen.queryByLabelText('Дата')).toBeNull();
    const until = screen.getByLabelText('Повторять до') as HTMLInputElement;
    expect(until.value).toBe(dayjs().tz(TZ).add(3, 'month').format('YYYY-MM-DD'));
    const pressed = screen.getAllByRole('button', { pressed: true }).map((b) => b.textContent);
    expect(pressed).toEqual(['Пн', 'Вт', 'Ср', 'Чт', 'Пт']);
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    expect(calls.find((c) => c.method === 'POST')!.body).toMatchObject({
      consultation_type: 3,
      repeat_type: 'custom',
      custom_weekdays: ['mon', 'tue', 'wed', 'thu', 'fri'],
      repeat_until: until.value,
      user_id: 7,
      time_zone: TZ,
    });
    expect(await screen.findByText('Добавлено 12 слотов')).toBeTruthy();
  });

  it('a one-time slot without a date: field message and the spec toast', async () => {
    const calls = stubFetch([]);
    renderSlotForm();
    fireEvent.change(await screen.findByLabelText('Дата'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));
    expect(await screen.findByText('Поле даты обязательно для заполнения')).toBeTruthy();
    expect(await screen.findByText('Укажи дату для единоразового слота!')).toBeTruthy();
    expect(calls).toHaveLength(0);
  });
});

describe('personal sessions tab', () => {
  const slot = (id: number, start: string, extra: object = {}) => ({
    id,
    start_time: start,
    end_time: new Date(Date.parse(start) + 3_600_000).toISOString(),
    consultation_type: 3,
    repeat_type: 'none',
    custom_weekdays: [],
    repeat_until: null,
    recurrence_id: null,
    user_id: 7,
    is_booked: false,
    ...extra,
  });

  it('asks «Вы уверены, что хотите удалить это время?» before deleting a slot, and deletes a whole series', async () => {
    const calls = stubFetch([
      { path: /consultation-types\/all/, body: [TYPE] },
      {
        path: /consultation-type-slots\/all/,
        body: [
          slot(21, '2030-03-10T06:00:00.000Z'),
          slot(22, '2030-03-11T06:00:00.000Z', { recurrence_id: 5, repeat_type: 'custom', custom_weekdays: ['mon', 'wed'], repeat_until: '2030-06-01' }),
        ],
      },
      { method: 'DELETE', path: /consultation-type-slots\/21\/delete/, status: 204 },
      { method: 'DELETE', path: /consultation-type-slots\/22\/delete_series/, body: { deleted: 8, kept_booked: 1 } },
    ]);
    renderWithRouter(
      <>
        <ConsultationsTab userId={7} timeZone={TZ} />
        <Toaster />
      </>,
      { queryClient: client() },
    );
    expect(await screen.findByText('Разбор резюме')).toBeTruthy();
    expect(screen.getByText(/Пн, Ср · 09:00–10:00 · до 1 июня 2030/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Удалить время вс, 10 мар/ }));
    const confirm = await screen.findByRole('alertdialog');
    expect(within(confirm).getByText('Вы уверены, что хотите удалить это время?')).toBeTruthy();
    await act(async () => fireEvent.click(within(confirm).getByRole('button', { name: 'Удалить' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.includes('/21/delete'))).toBe(true));
    expect(await screen.findByText('Время удалено')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Удалить серию' }));
    const series = await screen.findByRole('alertdialog');
    await act(async () => fireEvent.click(within(series).getByRole('button', { name: 'Удалить серию' })));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url.includes('/22/delete_series'))).toBe(true));
    expect(await screen.findByText('Серия удалена: 8')).toBeTruthy();
  });

  it('a failed slot delete shows «Ошибка при удалении слота: …»', async () => {
    stubFetch([
      { path: /consultation-types\/all/, body: [TYPE] },
      { path: /consultation-type-slots\/all/, body: [slot(21, '2030-03-10T06:00:00.000Z')] },
      { method: 'DELETE', path: /\/21\/delete/, status: 409, body: { detail: 'Это время уже забронировано', code: 'slot_booked' } },
    ]);
    renderWithRouter(
      <>
        <ConsultationsTab userId={7} timeZone={TZ} />
        <Toaster />
      </>,
      { queryClient: client() },
    );
    fireEvent.click(await screen.findByRole('button', { name: /Удалить время/ }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Ошибка при удалении слота: Это время уже забронировано')).toBeTruthy();
  });
});

describe('session editor screen', () => {
  it('has the two tabs of §2.8 and opens the event form for /edit_event/{id}', async () => {
    stubFetch([
      { path: /GetUserEvents/, body: [EVENT] },
      { path: /GetEvent\/\?id=11/, body: makeEventDetail({ ...EVENT, discount: null, is_canceled: false, duration_minutes: 60, event_id_mentor: 7, registrations_count: 0 }) },
    ]);
    const queryClient = client();
    queryClient.setQueryData(sessionQueries.me().queryKey, makeUser({ id: 7, user_role: 'mentor' } as never));
    const onEditClosed = vi.fn();
    renderWithRouter(<SessionEditorScreen editEventId={11} onEditClosed={onEditClosed} />, { queryClient });
    // the open dialog hides the page from the accessibility tree
    expect(await screen.findByRole('heading', { name: 'Редактор сессий', hidden: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Мероприятия', hidden: true })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'Личные сессии', hidden: true })).toBeTruthy();
    const dialog = await screen.findByRole('dialog', { name: 'Редактирование мероприятия' });
    expect(((await within(dialog).findByLabelText('Название *')) as HTMLInputElement).value).toBe('Вебинар о карьере');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Отмена' }));
    await waitFor(() => expect(onEditClosed).toHaveBeenCalled());
  });
});
