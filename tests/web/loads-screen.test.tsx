import { describe, expect, it } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ChatFilesSection } from '../../web/features/downloads/chat-files-section.tsx';
import type { ChatFile, Receipt, RecordingDownload } from '../../web/features/downloads/downloads.api.ts';
import { LoadsScreen } from '../../web/features/downloads/loads-screen.tsx';
import { ReceiptsSection } from '../../web/features/downloads/receipts-section.tsx';
import { RecordingsSection } from '../../web/features/downloads/recordings-section.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch, type MockRoute } from './mentor-test-utils.ts';

const ZONE = 'Europe/Moscow';
const ROOM = '0b7c1f6e-2d7a-4a43-9f0e-1c7d7a1f0a01';
const PAYMENT = '5d1c7f4e-2d7a-4a43-9f0e-1c7d7a1f0b01';

function chatFile(id: number, overrides: Partial<ChatFile> = {}): ChatFile {
  return {
    id,
    name: `файл-${id}.pdf`,
    size: 3.4 * 1024,
    type: 'application/pdf',
    created_at: '2030-03-06T09:00:00Z',
    room: { id: ROOM, name: 'Борис Ментор' },
    sender: { id: 7, name: 'Борис Ментор' },
    url: `/api/chats/${ROOM}/files/${id}/`,
    ...overrides,
  };
}

function receipt(overrides: Partial<Receipt> = {}): Receipt {
  return {
    id: PAYMENT,
    status: 'released',
    amount: 1500,
    paid_at: '2030-03-01T07:00:00Z',
    payment_method: 'bank_card',
    service: { type: 'consultation', id: 3, title: 'Разбор резюме', date: '2030-03-05T12:00:00Z' },
    seller: { id: 7, name: 'Борис Ментор' },
    fee: 75,
    refund: null,
    discount: null,
    package: null,
    fiscal_receipts: [],
    receipt_url: `/api/downloads/receipts/${PAYMENT}/`,
    ...overrides,
  };
}

const page = <T,>(results: T[], has_more = false) => ({ results, has_more });

function renderLoads(routes: MockRoute[]) {
  const mocks = mockFetch(routes);
  const view = renderWithRouter(
    <LoadsScreen>
      <ChatFilesSection userId={1} timeZone={ZONE} />
      <ReceiptsSection userId={1} timeZone={ZONE} />
    </LoadsScreen>,
    { path: '/loads' },
  );
  return { ...mocks, ...view };
}

const section = async (name: string) => within((await screen.findByRole('heading', { name })).closest('section')!);

describe('/loads', () => {
  // the subtitle named files and receipts only, above a mentor's earnings and everyone's calendar link
  it('says in its subtitle what the page holds, a mentor\'s earnings too', async () => {
    renderWithRouter(<LoadsScreen>{null}</LoadsScreen>, { path: '/loads' });
    expect((await screen.findByText(/в одном месте/)).textContent).toBe('Расписание для вашего календаря, записи встреч, файлы из ваших чатов и чеки оплат — в одном месте.');
  });

  it('names the earnings first for a mentor', async () => {
    renderWithRouter(<LoadsScreen asMentor>{null}</LoadsScreen>, { path: '/loads' });
    expect((await screen.findByText(/в одном месте/)).textContent).toMatch(/^Доходы и выплаты, расписание/);
  });

  it('lists chat files with download links and Russian sizes, and receipts with their links', async () => {
    renderLoads([
      { path: /\/api\/downloads\/chat-files\?/, body: page([chatFile(1), chatFile(2, { name: 'план.txt', size: 512, type: 'text/plain', sender: null })]) },
      {
        path: /\/api\/downloads\/receipts\?/,
        body: page([
          receipt(),
          receipt({ id: 'r2', status: 'refunded', amount: 2500, fee: null, service: { type: 'event', id: 9, title: 'Вебинар о карьере', date: '2030-03-10T15:00:00Z' }, refund: { amount: 2500, status: 'succeeded', created_at: '2030-03-02T10:00:00Z' }, receipt_url: '/api/downloads/receipts/r2/' }),
        ]),
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Загрузки', level: 1 })).toBeTruthy();
    const files = await section('Файлы из чатов');
    const fileItems = within(await files.findByRole('list')).getAllByRole('listitem');
    expect(fileItems).toHaveLength(2);
    const link = within(fileItems[0]).getByRole('link', { name: 'файл-1.pdf' });
    expect(link.getAttribute('href')).toBe(`/api/chats/${ROOM}/files/1/`);
    expect(link.hasAttribute('download')).toBe(true);
    expect(within(fileItems[0]).getByRole('link', { name: 'Скачать файл-1.pdf' }).getAttribute('href')).toBe(`/api/chats/${ROOM}/files/1/`);
    expect(within(fileItems[0]).getByTestId('file-size').textContent).toBe('3,4 КБ');
    expect(fileItems[0].textContent).toContain('PDF');
    expect(fileItems[0].textContent).toContain('6 марта 2030 12:00');
    expect(within(fileItems[0]).getByRole('link', { name: 'Борис Ментор' }).getAttribute('href')).toBe(`/ChatsPage?roomId=${ROOM}`);
    expect(within(fileItems[1]).getByTestId('file-size').textContent).toBe('512 Б');

    const receipts = await section('Платежи и чеки');
    const receiptItems = within(await receipts.findByRole('list')).getAllByRole('listitem');
    expect(receiptItems[0].textContent).toContain('Консультация «Разбор резюме»');
    expect(receiptItems[0].textContent).toContain('1\u00A0500\u00A0₽');
    expect(receiptItems[0].textContent).toContain('Оплачено 1 марта 2030 10:00');
    const receiptLink = within(receiptItems[0]).getByRole('link', { name: 'Квитанция об оплате' });
    expect(receiptLink.getAttribute('href')).toBe(`/api/downloads/receipts/${PAYMENT}/`);
    expect(receiptLink.getAttribute('target')).toBe('_blank');
    expect(receiptItems[1].textContent).toContain('Мероприятие «Вебинар о карьере»');
    expect(receiptItems[1].textContent).toContain('Возвращено');
    expect(within(receiptItems[1]).getByTestId('refund').textContent).toBe('Возврат 2\u00A0500\u00A0₽ — выполнен, 2 марта 2030 13:00');
  });

  it('says a receipt’s loyalty discount: the price without it and why (issue 36)', async () => {
    const discount = { regular_amount: 2000, percent: 10, consultation_number: 3, mentor_name: 'Борис' };
    renderLoads([
      { path: /\/api\/downloads\/chat-files\?/, body: page([]) },
      { path: /\/api\/downloads\/receipts\?/, body: page([receipt({ amount: 1800, discount })]) },
    ]);
    const receipts = await section('Платежи и чеки');
    const line = await receipts.findByTestId('discount');
    expect(line.textContent?.replace(/\s/g, ' ')).toBe('Без скидки 2 000 ₽ · 3-я консультация с Борисом: −10 %');
  });

  it('lists each payment’s fiscal receipts compactly: kind, sum and state, and a registered one’s ФН/ФД/ФП (decision 020)', async () => {
    const fiscal_receipts: Receipt['fiscal_receipts'] = [
      { kind: 'payment', status: 'succeeded', amount: 2500, registered_at: '2030-03-01T07:01:00Z', fiscal: { fn: '9960440300012345', fd: '4021', fp: '2716375041' } },
      { kind: 'settlement', status: 'not_sent', amount: 1500, registered_at: null, fiscal: null },
      { kind: 'refund', status: 'pending', amount: 1000.5, registered_at: null, fiscal: null },
    ];
    renderLoads([
      { path: /\/api\/downloads\/chat-files\?/, body: page([]) },
      { path: /\/api\/downloads\/receipts\?/, body: page([receipt({ amount: 2500, fiscal_receipts }), receipt({ id: 'r2', receipt_url: '/api/downloads/receipts/r2/' })]) },
    ]);
    const receipts = await section('Платежи и чеки');
    const [first, second] = within(await receipts.findByRole('list', { name: 'Платежи и чеки' })).getAllByRole('listitem').filter((li) => li.parentElement?.getAttribute('aria-labelledby') === 'loads-receipts');
    const lines = within(first).getAllByTestId('fiscal-receipt').map((li) => li.textContent?.replace(/\s/g, ' '));
    expect(lines).toEqual([
      'Кассовый чек: приход · 2 500 ₽ · ЗарегистрированФН 9960440300012345 · ФД 4021 · ФП 2716375041',
      'Кассовый чек: зачёт предоплаты · 1 500 ₽ · Не зарегистрирован — повторим',
      'Кассовый чек: возврат прихода · 1 000,50 ₽ · Регистрируется',
    ]);
    // a payment made before fiscal receipts shows none, and each keeps its own printable summary
    expect(within(first).getAllByTestId('fiscal-data').map((line) => line.textContent?.replace(/\s/g, ' '))).toEqual(['ФН 9960440300012345 · ФД 4021 · ФП 2716375041']);
    expect(within(second).queryByTestId('fiscal-receipt')).toBeNull();
    expect(within(first).getByRole('link', { name: 'Квитанция об оплате' }).getAttribute('href')).toBe(`/api/downloads/receipts/${PAYMENT}/`);
  });

  it('shows skeletons while loading, then empty states in Russian', async () => {
    let release!: () => void;
    const wait = new Promise<void>((resolve) => (release = resolve));
    renderLoads([
      { path: /\/api\/downloads\/chat-files\?/, body: page([]), wait },
      { path: /\/api\/downloads\/receipts\?/, body: page([]), wait },
    ]);
    expect(await screen.findByRole('status', { name: 'Загрузка файлов' })).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Загрузка платежей' })).toBeTruthy();
    release();
    expect(await screen.findByText('Файлов пока нет')).toBeTruthy();
    expect(await screen.findByText('Оплат пока нет')).toBeTruthy();
  });

  it('shows a failure with «Повторить» in one section while the other loads', async () => {
    let fail = true;
    const { fetchMock } = renderLoads([]);
    fetchMock.mockImplementation(async (input: RequestInfo | URL) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
      if (url.includes('chat-files')) return fail ? json({ detail: 'Не удалось загрузить файлы', code: 'bad_request' }, 400) : json(page([chatFile(1)]));
      return json(page([receipt()]));
    });
    const files = await section('Файлы из чатов');
    const alert = await files.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить файлы');
    expect(await (await section('Платежи и чеки')).findByText('Консультация «Разбор резюме»')).toBeTruthy();
    fail = false;
    fireEvent.click(within(alert).getByRole('button', { name: 'Повторить' }));
    expect(await files.findByRole('link', { name: 'файл-1.pdf' })).toBeTruthy();
  });

  it('loads more with «Показать ещё»', async () => {
    const { calls } = renderLoads([
      { path: /\/api\/downloads\/chat-files\?offset=0/, body: page([chatFile(1)], true) },
      { path: /\/api\/downloads\/chat-files\?offset=1/, body: page([chatFile(2)]) },
      { path: /\/api\/downloads\/receipts\?/, body: page([]) },
    ]);
    const files = await section('Файлы из чатов');
    fireEvent.click(await files.findByRole('button', { name: 'Показать ещё' }));
    expect(await files.findByRole('link', { name: 'файл-2.pdf' })).toBeTruthy();
    expect(files.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    const offsets = calls.filter((c) => c.url.includes('chat-files')).map((c) => new URL(c.url, 'http://x').searchParams.get('offset'));
    expect(offsets).toEqual(['0', '1']);
  });
});

function recordingDownload(id: number, overrides: Partial<RecordingDownload> = {}): RecordingDownload {
  return {
    id,
    title: 'Разбор резюме',
    content_type: 'consultationbooking',
    object_id: 40 + id,
    duration_ms: 754_000,
    size: 12.5 * 1024 * 1024,
    started_at: '2030-03-06T09:00:00Z',
    expires_at: '2030-04-05T09:00:00Z',
    mentor: { id: 7, name: 'Борис Ментор' },
    url: `/recording/${id}`,
    ...overrides,
  };
}

describe('/loads: «Записи встреч» (issue 36)', () => {
  const renderRecordings = (routes: MockRoute[]) => {
    const mocks = mockFetch(routes);
    renderWithRouter(
      <LoadsScreen>
        <RecordingsSection userId={1} timeZone={ZONE} />
      </LoadsScreen>,
      { path: '/loads' },
    );
    return mocks;
  };

  it('lists my meetings’ recordings, each linking to its page, with its length, size, mentor and how long it is kept', async () => {
    renderRecordings([
      {
        path: /\/api\/downloads\/recordings\?/,
        body: page([recordingDownload(5), recordingDownload(6, { title: 'Вебинар о карьере', content_type: 'events', duration_ms: 45_000, size: 800 * 1024 })]),
      },
    ]);
    const recordings = await section('Записи встреч');
    const items = within(await recordings.findByRole('list')).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]).getByRole('link', { name: 'Разбор резюме' }).getAttribute('href')).toBe('/recording/5');
    expect(within(items[0]).getByRole('link', { name: 'Смотреть запись «Разбор резюме»' }).getAttribute('href')).toBe('/recording/5');
    expect(items[0].textContent).toContain('Консультация · Борис Ментор · 6 марта 2030 12:00');
    expect(within(items[0]).getByTestId('recording-length').textContent).toBe('12 мин 34 с');
    expect(items[0].textContent).toContain('12,5 МБ · хранится до 5 апреля 2030');
    expect(within(items[1]).getByRole('link', { name: 'Вебинар о карьере' }).getAttribute('href')).toBe('/recording/6');
    expect(items[1].textContent).toContain('Мероприятие · Борис Ментор');
    expect(within(items[1]).getByTestId('recording-length').textContent).toBe('45 с');
  });

  it('says there are none yet', async () => {
    renderRecordings([{ path: /\/api\/downloads\/recordings\?/, body: page([]) }]);
    const recordings = await section('Записи встреч');
    expect(await recordings.findByText('Записей пока нет')).toBeTruthy();
    expect(recordings.getByText('Когда записанная встреча закончится, её запись появится здесь.')).toBeTruthy();
  });

  it('pages with «Показать ещё» like the other lists', async () => {
    const { calls } = renderRecordings([
      { path: /\/api\/downloads\/recordings\?offset=0/, body: page([recordingDownload(1)], true) },
      { path: /\/api\/downloads\/recordings\?offset=1/, body: page([recordingDownload(2, { title: 'Вторая встреча' })]) },
    ]);
    const recordings = await section('Записи встреч');
    fireEvent.click(await recordings.findByRole('button', { name: 'Показать ещё' }));
    expect(await recordings.findByRole('link', { name: 'Вторая встреча' })).toBeTruthy();
    expect(recordings.queryByRole('button', { name: 'Показать ещё' })).toBeNull();
    const asked = calls.filter((c) => c.url.includes('recordings')).map((c) => new URL(c.url, 'http://x').searchParams);
    expect(asked.map((q) => [q.get('offset'), q.get('limit')])).toEqual([
      ['0', '20'],
      ['1', '20'],
    ]);
  });
});
