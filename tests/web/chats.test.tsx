import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryHistory, createRootRouteWithContext, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router';
import type { RouterContext } from '../../web/app/router-context.ts';
import { Toaster } from '../../web/components/ui/toast.tsx';
import type { ChatMessage, ChatRoom } from '../../web/features/chats/chats.api.ts';
import { ChatSocketContext } from '../../web/features/chats/chat-socket-context.ts';
import type { ChatSocket } from '../../web/features/chats/use-chat-socket.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { Route as ChatsRoute } from '../../web/routes/ChatsPage.tsx';
import { makeUser } from './fixtures.ts';
import { dayjs } from '../../web/lib/dayjs.ts';

const ME = 1;
const ANNA = 2;
const BORIS = 3;
const ROOM_A = '0b6f5f3e-8d1c-4a58-9a51-3f1f3c0c9a11';
const ROOM_B = '5d0e8a40-1b2c-4d3e-8f90-a1b2c3d4e5f6';
const ROOM_HIDDEN = '9f8e7d6c-5b4a-4392-8170-fedcba987654';

const person = (id: number, username: string) => ({ id, username, avatar: null });

const room = (overrides: Partial<ChatRoom> = {}): ChatRoom => ({
  roomId: ROOM_A,
  roomName: 'Анна Соколова',
  avatar: null,
  users: [person(ME, 'Мария Иванова'), person(ANNA, 'Анна Соколова')],
  lastMessage: { id: 3, content: 'До встречи в четверг', senderId: ANNA, username: 'Анна Соколова', timestamp: new Date().toISOString() },
  unreadCount: 2,
  otherLastReadMessageId: null,
  ...overrides,
});

const roomB = room({
  roomId: ROOM_B,
  roomName: 'Борис Ким',
  users: [person(ME, 'Мария Иванова'), person(BORIS, 'Борис Ким')],
  lastMessage: { id: 9, content: 'Спасибо за консультацию', senderId: ME, username: 'Мария Иванова', timestamp: '2030-01-05T10:00:00Z' },
  unreadCount: 0,
});

/** `hour`:00 of today in the viewer's zone (the fixture user's, Europe/Moscow), whatever the machine's zone and hour. */
const today = (hour: number) => dayjs().tz('Europe/Moscow').hour(hour).minute(0).second(0).millisecond(0).toISOString();

const msg = (id: number, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  chat_room: ROOM_A,
  content: `Сообщение ${id}`,
  sender_id: ANNA,
  sender_username: 'Анна Соколова',
  timestamp: today(9 + id),
  files: [],
  reply_to: null,
  edited_at: null,
  is_deleted: false,
  ...overrides,
});

const history = [
  msg(1, { content: 'Здравствуйте! Хочу разобрать резюме', sender_id: ME, sender_username: 'Мария Иванова' }),
  msg(2, { content: 'Добрый день, пришлите его сюда' }),
  msg(3, { content: 'До встречи в четверг' }),
];

// ——— fetch: answers by method + path, records every call (JSON and multipart bodies) ———

type Call = { method: string; url: string; json?: unknown; form?: FormData; key?: string | null };
type ApiRoute = {
  method?: string;
  path: RegExp;
  status?: number;
  body?: unknown | ((call: Call) => unknown);
  wait?: Promise<unknown>;
  /** true for a call whose answer never arrives (the network failed) */
  lost?: (call: Call) => boolean;
};

function mockApi(routes: ApiRoute[]) {
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const call: Call = { method, url, key: new Headers(init?.headers).get('idempotency-key') };
    if (init?.body instanceof FormData) call.form = init.body;
    else if (typeof init?.body === 'string' && init.body) call.json = JSON.parse(init.body);
    calls.push(call);
    const route = routes.find((item) => (item.method ?? 'GET') === method && item.path.test(url));
    if (!route) return new Response(JSON.stringify({ detail: 'Не найдено', code: 'not_found' }), { status: 404, headers: { 'content-type': 'application/json' } });
    if (route.wait) await route.wait;
    if (route.lost?.(call)) throw new TypeError('Failed to fetch');
    const status = route.status ?? 200;
    const body = typeof route.body === 'function' ? (route.body as (call: Call) => unknown)(call) : route.body;
    return new Response(status === 204 ? null : JSON.stringify(body ?? null), { status, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  const find = (method: string, path: RegExp) => calls.filter((call) => call.method === method && path.test(call.url));
  return { calls, find };
}

const roomsPath = /^\/api\/chats\/?$/;
const messagesPath = (roomId: string) => new RegExp(`^/api/chats/${roomId}/messages/?(\\?.*)?$`);
const newestPath = (roomId: string) => new RegExp(`^/api/chats/${roomId}/messages/?$`);
const afterPath = (roomId: string) => new RegExp(`^/api/chats/${roomId}/messages/?\\?after=`);

// ——— sockets: a fake per room, driven by the test ———

class FakeSocket implements ChatSocket {
  readyState = 0;
  sent: unknown[] = [];
  closed = false;
  private listeners = new Map<string, Set<(event: Event) => void>>();
  readonly url: string;
  constructor(url: string) {
    this.url = url;
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.closed = true;
    this.readyState = 3;
  }
  addEventListener(type: string, listener: (event: Event) => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)!.add(listener);
  }
  removeEventListener(type: string, listener: (event: Event) => void) {
    this.listeners.get(type)?.delete(listener);
  }
  private emit(type: string, event: Event) {
    for (const listener of this.listeners.get(type) ?? []) listener(event);
  }
  open() {
    this.readyState = 1;
    act(() => this.emit('open', new Event('open')));
  }
  drop() {
    this.readyState = 3;
    act(() => this.emit('close', new Event('close')));
  }
  receive(frame: unknown) {
    act(() => this.emit('message', new MessageEvent('message', { data: JSON.stringify(frame) })));
  }
}

function renderChats(path = '/ChatsPage') {
  const sockets: FakeSocket[] = [];
  const connect = (url: string) => {
    const socket = new FakeSocket(url);
    sockets.push(socket);
    return socket;
  };
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, retryDelay: 0 }, mutations: { retry: false } } });
  queryClient.setQueryData(sessionQueries.me().queryKey, makeUser({ id: ME, mentor_name: 'Мария', mentor_surname: 'Иванова' }));
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <Outlet />
        <Toaster />
      </>
    ),
  });
  const chatsRoute = ChatsRoute.update({ id: '/ChatsPage', path: '/ChatsPage', getParentRoute: () => rootRoute } as never);
  const mentorsRoute = createRoute({ getParentRoute: () => rootRoute, path: '/AllMentors', component: () => <p>Каталог менторов</p> });
  const loginRoute = createRoute({ getParentRoute: () => rootRoute, path: '/login', component: () => <p>Вход</p> });
  const mentorRoute = createRoute({ getParentRoute: () => rootRoute, path: '/mentor_info/$mentorId', component: () => <p>Профиль</p> });
  const router = createRouter({
    routeTree: rootRoute.addChildren([chatsRoute as never, mentorsRoute, loginRoute, mentorRoute]),
    history: createMemoryHistory({ initialEntries: [path] }),
    context: { queryClient },
  });
  render(
    <QueryClientProvider client={queryClient}>
      <ChatSocketContext.Provider value={connect}>
        <RouterProvider router={router} />
      </ChatSocketContext.Provider>
    </QueryClientProvider>,
  );
  const search = () => router.state.location.search as { roomId?: string | number };
  return { router, queryClient, sockets, search };
}

const log = () => screen.findByRole('log', { name: 'Сообщения' });
const texts = async () =>
  within(await log())
    .getAllByRole('article')
    .map((article) => article.querySelector('p')?.textContent);

function openMenu(article: HTMLElement) {
  fireEvent.keyDown(within(article).getByRole('button', { name: 'Действия с сообщением' }), { key: 'Enter' });
}

const articleWith = async (text: string) => (await within(await log()).findByText(text)).closest('article') as HTMLElement;

const standardRoutes = (extra: ApiRoute[] = []): ApiRoute[] => [
  ...extra,
  { path: roomsPath, body: [room(), roomB] },
  { path: afterPath(ROOM_A), body: { results: [], has_more: false } },
  { path: newestPath(ROOM_A), body: { results: history, has_more: false } },
  { method: 'POST', path: /\/api\/chats\/[^/]+\/read\/?$/, body: { last_read_message_id: 3 } },
];

describe('chats screen: list states', () => {
  it('shows the loading text while rooms load', async () => {
    mockApi([{ path: roomsPath, body: [], wait: new Promise(() => {}) }]);
    renderChats();
    expect(await screen.findByText('Загрузка чатов…')).toBeTruthy();
  });

  it('shows the error alert when rooms fail to load', async () => {
    mockApi([{ path: roomsPath, status: 500, body: { detail: 'Внутренняя ошибка сервера', code: 'internal' } }]);
    renderChats();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Не удалось загрузить чаты. Попробуйте позже.');
  });

  it('shows the empty state with "Создать новый чат" leading to the mentors', async () => {
    mockApi([{ path: roomsPath, body: [] }]);
    renderChats();
    expect(await screen.findByText('У вас пока нет чатов.')).toBeTruthy();
    const create = screen.getByRole('link', { name: 'Создать новый чат' });
    expect(create.getAttribute('href')).toBe('/AllMentors');
    fireEvent.click(create);
    expect(await screen.findByText('Каталог менторов')).toBeTruthy();
  });

  it('lists rooms with names, previews, times and unread badges', async () => {
    mockApi([{ path: roomsPath, body: [room(), roomB] }]);
    renderChats();
    const list = await screen.findByRole('list', { name: 'Список чатов' });
    const rows = within(list).getAllByRole('button');
    expect(rows.map((row) => within(row).getByText(/Соколова|Ким/).textContent)).toEqual(['Анна Соколова', 'Борис Ким']);
    expect(within(rows[0]!).getByTestId('room-preview').textContent).toBe('До встречи в четверг');
    expect(within(rows[1]!).getByTestId('room-preview').textContent).toBe('Вы: Спасибо за консультацию');
    expect(within(rows[0]!).getByTestId('unread-badge').textContent).toContain('2');
    expect(within(rows[0]!).getByText('2 непрочитанных сообщения')).toBeTruthy();
    expect(within(rows[1]!).queryByTestId('unread-badge')).toBeNull();
    expect(within(rows[1]!).getByText('05.01.30')).toBeTruthy();
  });

  it('raises the unread count when the notification socket reports a message for another room', async () => {
    let unread = 0;
    const { find } = mockApi([{ path: roomsPath, body: () => [room({ unreadCount: unread })] }]);
    renderChats();
    await screen.findByRole('list', { name: 'Список чатов' });
    expect(screen.queryByTestId('unread-badge')).toBeNull();
    unread = 4;
    act(() => void window.dispatchEvent(new CustomEvent('forma:chat-message', { detail: { roomId: ROOM_A } })));
    expect((await screen.findByTestId('unread-badge')).textContent).toContain('4');
    expect(find('GET', roomsPath)).toHaveLength(2);
  });
});

describe('chats screen: an open room', () => {
  it('choosing a room sets ?roomId, loads its messages ascending, connects and marks them read', async () => {
    const api = mockApi(standardRoutes());
    const { search, sockets } = renderChats();
    fireEvent.click(await screen.findByRole('button', { name: /Анна Соколова/ }));
    await waitFor(() => expect(search().roomId).toBe(ROOM_A));
    expect(await texts()).toEqual(['Здравствуйте! Хочу разобрать резюме', 'Добрый день, пришлите его сюда', 'До встречи в четверг']);
    expect(within(await log()).getByRole('region', { name: 'Сегодня' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Анна Соколова/ }).getAttribute('href')).toBe(`/mentor_info/${ANNA}`);
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.url).toMatch(new RegExp(`^ws://[^/]+/ws/chats/${ROOM_A}/$`));
    // two unread from Anna: read up to the newest message
    await waitFor(() => expect(api.find('POST', /\/read\/?$/)).toHaveLength(1));
    expect(api.find('POST', /\/read\/?$/)[0]!.json).toEqual({ message_id: 3 });
  });

  it('opens the room of ?roomId= and fetches a hidden room by id', async () => {
    const hidden = room({ roomId: ROOM_HIDDEN, roomName: 'Вера Орлова', users: [person(ME, 'Мария Иванова'), person(5, 'Вера Орлова')], unreadCount: 0 });
    const api = mockApi([
      { path: roomsPath, body: [room()] },
      { path: new RegExp(`^/api/chats/${ROOM_HIDDEN}/?$`), body: hidden },
      { path: messagesPath(ROOM_HIDDEN), body: { results: [msg(40, { chat_room: ROOM_HIDDEN, content: 'Старый разговор', sender_id: 5, sender_username: 'Вера Орлова' })], has_more: false } },
    ]);
    renderChats(`/ChatsPage?roomId=${ROOM_HIDDEN}`);
    expect(await screen.findByText('Старый разговор')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Чаты' })).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Переписка' })).getByText('Вера Орлова')).toBeTruthy();
    expect(api.find('GET', new RegExp(`^/api/chats/${ROOM_HIDDEN}/?$`))).toHaveLength(1);
  });

  it('sends a multipart message with content, chat_room and files, shows it once even when the socket echoes it', async () => {
    const sent = msg(4, { content: 'Вот моё резюме', sender_id: ME, sender_username: 'Мария Иванова', files: [{ id: 11, name: 'резюме.pdf', size: 1.2 * 1024 * 1024, type: 'application/pdf', url: `/api/chats/${ROOM_A}/files/11/` }] });
    const api = mockApi(standardRoutes([{ method: 'POST', path: newestPath(ROOM_A), status: 201, body: sent }]));
    const { sockets } = renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг');
    const box = screen.getByRole('textbox', { name: 'Сообщение' });
    const send = screen.getByRole('button', { name: 'Отправить' });
    expect(send.hasAttribute('disabled')).toBe(true);

    fireEvent.change(screen.getByLabelText('Прикрепить файлы'), { target: { files: [new File(['%PDF'], 'резюме.pdf', { type: 'application/pdf' })] } });
    const attached = screen.getByRole('list', { name: 'Прикреплённые файлы' });
    expect(within(attached).getByText('резюме.pdf')).toBeTruthy();
    expect(within(attached).getByText('4 Б')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Вот моё резюме' } });
    fireEvent.keyDown(box, { key: 'Enter' });

    await screen.findByText('Вот моё резюме');
    const post = api.find('POST', newestPath(ROOM_A))[0]!;
    expect(post.form!.get('content')).toBe('Вот моё резюме');
    expect(post.form!.get('chat_room')).toBe(ROOM_A);
    expect(post.form!.getAll('files').map((file) => (file as File).name)).toEqual(['резюме.pdf']);
    expect(post.form!.has('reply_to')).toBe(false);
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect(screen.queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();
    // the file chip of the stored message: name, size, type, download link
    const chip = screen.getByRole('link', { name: /резюме\.pdf/ });
    expect(chip.getAttribute('href')).toBe(`/api/chats/${ROOM_A}/files/11/`);
    expect(within(chip).getByText('1,2 МБ · PDF')).toBeTruthy();
    expect(within(await articleWith('Вот моё резюме')).getByRole('img', { name: 'Отправлено' })).toBeTruthy();

    sockets[0]!.open();
    sockets[0]!.receive({ type: 'message', message: sent });
    expect(screen.getAllByText('Вот моё резюме')).toHaveLength(1);
    // the other person read it: two checks
    sockets[0]!.receive({ type: 'read', user_id: ANNA, message_id: 4 });
    expect(within(await articleWith('Вот моё резюме')).getByRole('img', { name: 'Прочитано' })).toBeTruthy();
  });

  it("keeps the text and shows the server's reason when sending fails", async () => {
    mockApi(standardRoutes([{ method: 'POST', path: newestPath(ROOM_A), status: 429, body: { detail: 'Слишком много сообщений, подождите минуту', code: 'rate_limited' } }]));
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг');
    const box = screen.getByRole('textbox', { name: 'Сообщение' });
    fireEvent.change(box, { target: { value: 'Ещё вопрос' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Не удалось отправить сообщение')).toBeTruthy();
    expect(screen.getByText('Слишком много сообщений, подождите минуту')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Ещё вопрос');
  });

  it('sends a message again with the same Idempotency-Key after a lost answer, and a new message with a new one', async () => {
    let posts = 0;
    const api = mockApi(
      standardRoutes([
        {
          method: 'POST',
          path: newestPath(ROOM_A),
          status: 201,
          lost: () => ++posts === 1,
          body: (call: Call) => msg(3 + posts, { content: String(call.form!.get('content')), sender_id: ME, sender_username: 'Мария Иванова' }),
        },
      ]),
    );
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг');
    const box = screen.getByRole('textbox', { name: 'Сообщение' });
    fireEvent.change(box, { target: { value: 'Дошло?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    expect(await screen.findByText('Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз.')).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toBe('Дошло?');
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    fireEvent.change(box, { target: { value: 'Дошло?' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    await waitFor(() => expect(api.find('POST', newestPath(ROOM_A))).toHaveLength(3));
    const keys = api.find('POST', newestPath(ROOM_A)).map((call) => call.key);
    expect(keys[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // the retry is the same message; the same words sent after it was answered are a new one
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it('refuses more than 5 files and files over 10 MB before sending', async () => {
    mockApi(standardRoutes());
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг');
    const input = screen.getByLabelText('Прикрепить файлы');
    const files = [1, 2, 3, 4, 5, 6].map((i) => new File(['x'], `${i}.txt`));
    fireEvent.change(input, { target: { files } });
    expect(await screen.findByText('Можно прикрепить не больше 5 файлов')).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Прикреплённые файлы' })).toBeNull();
    const big = new File(['x'], 'видео.mp4');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('Файл «видео.mp4» больше 10 МБ')).toBeTruthy();
  });

  it('replies with reply_to and shows the quote', async () => {
    const reply = msg(4, { content: 'Отправлю вечером', sender_id: ME, sender_username: 'Мария Иванова', reply_to: { id: 2, content: 'Добрый день, пришлите его сюда', sender_id: ANNA, sender_username: 'Анна Соколова' } });
    const api = mockApi(standardRoutes([{ method: 'POST', path: newestPath(ROOM_A), status: 201, body: reply }]));
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    openMenu(await articleWith('Добрый день, пришлите его сюда'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ответить' }));
    const banner = screen.getByTestId('composer-banner');
    expect(within(banner).getByText('Ответ Анна Соколова')).toBeTruthy();
    expect(within(banner).getByText('Добрый день, пришлите его сюда')).toBeTruthy();

    fireEvent.change(screen.getByRole('textbox', { name: 'Сообщение' }), { target: { value: 'Отправлю вечером' } });
    fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
    const article = await articleWith('Отправлю вечером');
    expect(api.find('POST', newestPath(ROOM_A))[0]!.form!.get('reply_to')).toBe('2');
    expect(within(article).getByRole('button', { name: /Анна Соколова/ }).textContent).toContain('Добрый день, пришлите его сюда');
    expect(screen.queryByTestId('composer-banner')).toBeNull();
  });

  it('cancels a reply with the x', async () => {
    mockApi(standardRoutes());
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    openMenu(await articleWith('До встречи в четверг'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Ответить' }));
    fireEvent.click(screen.getByRole('button', { name: 'Отменить ответ' }));
    expect(screen.queryByTestId('composer-banner')).toBeNull();
  });

  it('edits an own message with PATCH and marks it "изменено"; others\' messages cannot be edited', async () => {
    const edited = { ...history[0]!, content: 'Здравствуйте! Хочу разобрать резюме и сопроводительное', edited_at: new Date().toISOString() };
    const api = mockApi(standardRoutes([{ method: 'PATCH', path: new RegExp(`^/api/chats/${ROOM_A}/messages/1/?$`), body: edited }]));
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    openMenu(await articleWith('Добрый день, пришлите его сюда'));
    await screen.findByRole('menuitem', { name: 'Ответить' });
    expect(screen.queryByRole('menuitem', { name: 'Редактировать' })).toBeNull();
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });

    const box = screen.getByRole('textbox', { name: 'Сообщение' }) as HTMLTextAreaElement;
    fireEvent.change(box, { target: { value: 'черновик' } });
    openMenu(await articleWith('Здравствуйте! Хочу разобрать резюме'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Редактировать' }));
    await waitFor(() => expect(box.value).toBe('Здравствуйте! Хочу разобрать резюме'));
    expect(within(screen.getByTestId('composer-banner')).getByText('Редактирование')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Здравствуйте! Хочу разобрать резюме и сопроводительное' } });
    fireEvent.click(screen.getByRole('button', { name: 'Сохранить' }));

    const article = await articleWith('Здравствуйте! Хочу разобрать резюме и сопроводительное');
    expect(within(article).getByText('изменено')).toBeTruthy();
    expect(api.find('PATCH', /\/messages\/1\/?$/)[0]!.json).toEqual({ content: 'Здравствуйте! Хочу разобрать резюме и сопроводительное' });
    // the draft typed before editing comes back
    await waitFor(() => expect(box.value).toBe('черновик'));
  });

  it('deletes an own message after a confirmation and shows "Сообщение удалено"', async () => {
    const api = mockApi(
      standardRoutes([{ method: 'DELETE', path: new RegExp(`^/api/chats/${ROOM_A}/messages/1/?$`), body: { ...history[0]!, content: '', is_deleted: true } }]),
    );
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    openMenu(await articleWith('Здравствуйте! Хочу разобрать резюме'));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Удалить' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Удалить сообщение?')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    expect(await screen.findByText('Сообщение удалено')).toBeTruthy();
    expect(screen.queryByText('Здравствуйте! Хочу разобрать резюме')).toBeNull();
    expect(api.find('DELETE', /\/messages\/1\/?$/)).toHaveLength(1);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('deletes the room from my list after a confirmation and goes back to the list', async () => {
    let deleted = false;
    const api = mockApi([
      { method: 'DELETE', path: new RegExp(`^/api/chats/${ROOM_A}/?$`), status: 204, body: () => ((deleted = true), null) },
      ...standardRoutes().map((route) => (route.path === roomsPath ? { ...route, body: () => (deleted ? [roomB] : [room(), roomB]) } : route)),
    ]);
    const { search } = renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг', { selector: 'p' });
    fireEvent.keyDown(screen.getByRole('button', { name: 'Действия с чатом' }), { key: 'Enter' });
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Удалить чат' }));
    const dialog = await screen.findByRole('alertdialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Удалить' }));
    await waitFor(() => expect(search().roomId).toBeUndefined());
    expect(api.find('DELETE', new RegExp(`^/api/chats/${ROOM_A}/?$`))).toHaveLength(1);
    expect(await screen.findByText('Выберите чат, чтобы начать общение')).toBeTruthy();
    const list = screen.getByRole('list', { name: 'Список чатов' });
    await waitFor(() => expect(within(list).queryByText('Анна Соколова')).toBeNull());
    // leaving came first, so the room was never looked up as a hidden one
    expect(api.find('GET', new RegExp(`^/api/chats/${ROOM_A}/?$`))).toHaveLength(0);
  });

  it('goes back to the list when the room is deleted in another tab', async () => {
    mockApi(standardRoutes());
    const { search, sockets } = renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг', { selector: 'p' });
    sockets[0]!.open();
    sockets[0]!.receive({ type: 'room_deleted' });
    await waitFor(() => expect(search().roomId).toBeUndefined());
    expect(sockets[0]!.closed).toBe(true);
    expect(await screen.findByText('Выберите чат, чтобы начать общение')).toBeTruthy();
  });

  it('loads older messages at the top with before=<oldest id>', async () => {
    const api = mockApi([
      { path: roomsPath, body: [room({ unreadCount: 0 })] },
      { path: /\/messages\/?\?before=5&limit=50$/, body: { results: [msg(4, { content: 'Самое первое' })], has_more: false } },
      { path: newestPath(ROOM_A), body: { results: [msg(5, { content: 'Пятое' }), msg(6, { content: 'Шестое' })], has_more: true } },
    ]);
    renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('Шестое');
    fireEvent.scroll(screen.getByTestId('message-scroll'));
    expect(await screen.findByText('Самое первое')).toBeTruthy();
    expect(await texts()).toEqual(['Самое первое', 'Пятое', 'Шестое']);
    expect(api.find('GET', /before=/)).toHaveLength(1);
    // nothing older is left: scrolling up again asks for nothing
    fireEvent.scroll(screen.getByTestId('message-scroll'));
    expect(api.find('GET', /before=/)).toHaveLength(1);
  });
});

describe('chats screen: phones', () => {
  it('shows one pane at a time: the list, then the room with a back button', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      (query: string) => ({ matches: false, media: query, addEventListener: () => {}, removeEventListener: () => {} }) as unknown as MediaQueryList,
    );
    mockApi(standardRoutes());
    const { search } = renderChats();
    fireEvent.click(await screen.findByRole('button', { name: /Анна Соколова/ }));
    await screen.findByText('До встречи в четверг', { selector: 'p' });
    expect(screen.queryByRole('list', { name: 'Список чатов' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Назад к чатам' }));
    await waitFor(() => expect(search().roomId).toBeUndefined());
    expect(await screen.findByRole('list', { name: 'Список чатов' })).toBeTruthy();
    expect(screen.queryByRole('log', { name: 'Сообщения' })).toBeNull();
  });
});

describe('chats screen: the live connection', () => {
  it('catches up after every (re)open and shows a message that came both ways once', async () => {
    const missed = msg(4, { content: 'Вы тут?' });
    let afterAnswer: ChatMessage[] = [];
    const api = mockApi(standardRoutes([{ path: afterPath(ROOM_A), body: () => ({ results: afterAnswer, has_more: false }) }]));
    const { sockets } = renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг', { selector: 'p' });
    const socket = sockets[0]!;

    socket.open();
    await waitFor(() => expect(api.find('GET', afterPath(ROOM_A))).toHaveLength(1));
    expect(api.find('GET', afterPath(ROOM_A))[0]!.url).toMatch(/after=3&limit=200$/);

    // the network drops; a message is sent meanwhile; the socket comes back
    afterAnswer = [missed];
    socket.drop();
    socket.open();
    expect(await screen.findByText('Вы тут?')).toBeTruthy();
    // the same message also arrives over the socket
    socket.receive({ type: 'message', message: missed });
    expect(screen.getAllByText('Вы тут?')).toHaveLength(1);
    expect(await texts()).toEqual(['Здравствуйте! Хочу разобрать резюме', 'Добрый день, пришлите его сюда', 'До встречи в четверг', 'Вы тут?']);
  });

  it('appends new messages, applies edits and deletes, shows "печатает…" and refreshes the room list', async () => {
    const api = mockApi(standardRoutes());
    const { sockets } = renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг', { selector: 'p' });
    const socket = sockets[0]!;
    socket.open();
    const roomsBefore = api.find('GET', roomsPath).length;

    socket.receive({ type: 'typing', user_id: ANNA });
    expect(screen.getByText('печатает…')).toBeTruthy();
    socket.receive({ type: 'typing', user_id: ME });
    socket.receive({ type: 'message', message: msg(5, { content: 'Новое сообщение' }) });
    expect(await screen.findByText('Новое сообщение')).toBeTruthy();
    expect(screen.queryByText('печатает…')).toBeNull();
    await waitFor(() => expect(api.find('GET', roomsPath).length).toBeGreaterThan(roomsBefore));

    socket.receive({ type: 'message_updated', message: msg(5, { content: 'Исправленное сообщение', edited_at: new Date().toISOString() }) });
    expect(within(await articleWith('Исправленное сообщение')).getByText('изменено')).toBeTruthy();
    socket.receive({ type: 'message_updated', message: msg(2, { content: '', is_deleted: true }) });
    expect(await screen.findByText('Сообщение удалено')).toBeTruthy();
    expect(screen.queryByText('Добрый день, пришлите его сюда')).toBeNull();
    // garbage is ignored
    socket.receive({ type: 'message', message: { id: 'x' } });
    expect(await texts()).toHaveLength(4);
  });

  it('sends "typing" at most once per 2 s while typing', async () => {
    mockApi(standardRoutes());
    const { sockets } = renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг', { selector: 'p' });
    sockets[0]!.open();
    const box = screen.getByRole('textbox', { name: 'Сообщение' });
    fireEvent.change(box, { target: { value: 'П' } });
    fireEvent.change(box, { target: { value: 'Пр' } });
    fireEvent.change(box, { target: { value: 'При' } });
    expect(sockets[0]!.sent).toEqual([{ type: 'typing' }]);
  });

  it('closes the socket when leaving the room', async () => {
    mockApi(standardRoutes([{ path: messagesPath(ROOM_B), body: { results: [], has_more: false } }]));
    const { sockets } = renderChats(`/ChatsPage?roomId=${ROOM_A}`);
    await screen.findByText('До встречи в четверг', { selector: 'p' });
    fireEvent.click(screen.getByRole('button', { name: /Борис Ким/ }));
    expect(await screen.findByText('Сообщений пока нет. Напишите первым!')).toBeTruthy();
    expect(sockets[0]!.closed).toBe(true);
    expect(sockets[1]!.url).toContain(ROOM_B);
  });
});
