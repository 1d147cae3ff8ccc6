import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api, API_TIMEOUT_MS, ApiError, apiFetch, onSessionExpired, REFRESH_PATH, timeoutError, unwrap, UPLOAD_TIMEOUT_MS } from '../../web/lib/api-client.ts';
import { retryOnce } from '../../web/lib/query-retry.ts';
import { NO_SESSION_HEADER } from '../../worker/auth/session-rules.ts';
import { fetchMe } from '../../web/lib/session/session.api.ts';
import { makeUser } from './fixtures.ts';

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const unauthorized = () => json(401, { detail: 'Необходима авторизация', code: 'not_authenticated' });

/** Scripted fetch: answers in order and records the URL and method of every call. */
function scriptFetch(...answers: Array<Response | Error>) {
  const calls: string[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
    const answer = answers.shift();
    if (!answer) throw new Error(`unexpected fetch #${calls.length}: ${calls.at(-1)}`);
    if (answer instanceof Error) throw answer;
    return answer;
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, fetchMock };
}

let expired: ReturnType<typeof vi.fn<() => void>>;
beforeEach(() => {
  expired = vi.fn<() => void>();
  const unsubscribe = onSessionExpired(expired);
  return unsubscribe;
});

describe('apiFetch: 401 -> refresh -> retry', () => {
  it('refreshes once and retries the original request', async () => {
    const user = makeUser();
    const { calls } = scriptFetch(unauthorized(), json(200, {}), json(200, user));

    const me = await unwrap(await api.users.me.$get({ query: { full: '1' } }));

    expect(me).toEqual(user);
    expect(calls).toEqual(['GET /api/users/me?full=1', `POST ${REFRESH_PATH}`, 'GET /api/users/me?full=1']);
    expect(expired).not.toHaveBeenCalled();
  });

  it('gives up when the refresh fails: no retry, session expired, ApiError 401', async () => {
    const { calls } = scriptFetch(unauthorized(), json(401, { detail: 'Сессия истекла', code: 'refresh_invalid' }));

    const error = await unwrap(await api.users.me.$get({ query: { full: '1' } })).catch((e: unknown) => e);

    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: 'not_authenticated', detail: 'Необходима авторизация' });
    expect(calls).toEqual(['GET /api/users/me?full=1', `POST ${REFRESH_PATH}`]);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('does not refresh again when the retried request is refused too', async () => {
    const { calls } = scriptFetch(unauthorized(), json(200, {}), unauthorized());

    const response = await apiFetch('/api/users/me');

    expect(response.status).toBe(401);
    expect(calls.filter((call) => call.includes(REFRESH_PATH))).toHaveLength(1);
    expect(calls).toHaveLength(3);
    expect(expired).toHaveBeenCalledOnce();
  });

  it('shares one refresh between requests that fail together', async () => {
    let releaseRefresh!: (response: Response) => void;
    const refreshAnswer = new Promise<Response>((resolve) => (releaseRefresh = resolve));
    const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
      if (String(input) === REFRESH_PATH) return refreshAnswer;
      return fetchMock.mock.calls.filter(([url]) => url === input).length === 1 ? unauthorized() : json(200, { ok: true });
    });
    vi.stubGlobal('fetch', fetchMock);

    const pending = Promise.all([apiFetch('/api/a'), apiFetch('/api/b')]);
    await vi.waitFor(() => expect(fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH)).toHaveLength(1));
    releaseRefresh(json(200, {}));
    const [a, b] = await pending;

    expect([a.status, b.status]).toEqual([200, 200]);
    expect(fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH)).toHaveLength(1);
  });

  it('replays the body of a retried POST', async () => {
    const { fetchMock } = scriptFetch(unauthorized(), json(200, {}), json(201, { id: 7 }));

    await apiFetch('/api/things', { method: 'POST', body: JSON.stringify({ name: 'x' }) });

    expect(fetchMock.mock.calls[2]![1]).toMatchObject({ method: 'POST', body: '{"name":"x"}', credentials: 'same-origin' });
  });
});

describe('errors', () => {
  it('turns an error envelope into an ApiError with its fields, without refreshing', async () => {
    const { calls } = scriptFetch(json(400, { detail: 'Проверьте поля', code: 'validation_error', fields: { email: 'Неверный e-mail' } }));

    const error = await unwrap(await apiFetch('/api/x')).catch((e: unknown) => e);

    expect(error).toMatchObject({ status: 400, code: 'validation_error', detail: 'Проверьте поля', fields: { email: 'Неверный e-mail' } });
    expect(calls).toHaveLength(1);
  });

  it('reports a non-JSON 5xx answer with a generic message', async () => {
    scriptFetch(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await unwrap(await apiFetch('/api/x')).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, code: 'http_502', detail: 'Внутренняя ошибка сервера' });
  });

  it('reports an unreachable server as status 0', async () => {
    scriptFetch(new TypeError('Failed to fetch'));
    await expect(apiFetch('/api/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });
});

describe('apiFetch: a 401 without a session', () => {
  it('does not ask for a refresh when the server saw no session to renew', async () => {
    const visitor = unauthorized();
    visitor.headers.set(NO_SESSION_HEADER, '1');
    const { calls } = scriptFetch(visitor);
    const response = await apiFetch('/api/users/me/');
    expect(response.status).toBe(401);
    expect(calls).toEqual(['GET /api/users/me/']);
    expect(expired).toHaveBeenCalledTimes(1);
  });
});

describe('fetchMe', () => {
  it('returns null for a visitor, without a refresh request', async () => {
    const visitor = unauthorized();
    visitor.headers.set(NO_SESSION_HEADER, '1');
    const { calls } = scriptFetch(visitor);
    await expect(fetchMe()).resolves.toBeNull();
    expect(calls).toHaveLength(1);
  });

  it('returns null for a visitor (401 after a failed refresh)', async () => {
    scriptFetch(unauthorized(), unauthorized());
    await expect(fetchMe()).resolves.toBeNull();
  });

  it('throws other failures so they are not mistaken for a sign-out', async () => {
    scriptFetch(json(500, { detail: 'Внутренняя ошибка сервера', code: 'internal_error' }));
    await expect(fetchMe()).rejects.toMatchObject({ status: 500 });
  });
});

describe('apiFetch: a stalled request times out (spec 002 §7: 15 s)', () => {
  /** A server that never answers: the request only ends when its signal aborts. */
  function stallFetch() {
    const signals: AbortSignal[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_input: RequestInfo | URL, init?: RequestInit) =>
          new Promise<Response>((_, reject) => {
            if (init?.signal) signals.push(init.signal);
            init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    return signals;
  }

  beforeEach(() => {
    vi.useFakeTimers();
    return () => vi.useRealTimers();
  });

  it('gives up after 15 s with a Russian message, aborting the request', async () => {
    const signals = stallFetch();
    const outcome = api.users.me.$get({ query: {} }).then(unwrap).catch((e: unknown) => e);
    let settled = false;
    void outcome.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);

    const error = await outcome;
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 0, code: 'timeout', detail: 'Сервер не ответил вовремя. Проверьте интернет и попробуйте ещё раз.' });
    expect(signals[0]?.aborted).toBe(true);
  });

  it('gives an upload two minutes', async () => {
    stallFetch();
    const form = new FormData();
    form.append('mentor_name', 'Анна');
    const outcome = apiFetch('/api/users/me', { method: 'PATCH', body: form }).catch((e: unknown) => e);
    let settled = false;
    void outcome.then(() => (settled = true));

    await vi.advanceTimersByTimeAsync(API_TIMEOUT_MS * 4);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(UPLOAD_TIMEOUT_MS - API_TIMEOUT_MS * 4);
    expect(await outcome).toMatchObject({ status: 0, code: 'timeout' });
  });

  it('a timeout is retried like a lost connection (a 4xx is not)', () => {
    expect(retryOnce(0, timeoutError())).toBe(true);
    expect(retryOnce(0, new ApiError(403, { detail: 'Запрещено', code: 'forbidden' }))).toBe(false);
  });
});
