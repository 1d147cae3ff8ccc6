import { hc, type ClientRequestOptions } from 'hono/client';
import type { AppType } from '../../worker/app.ts';
import { NO_SESSION_HEADER } from '../../worker/auth/session-rules.ts';
import { takeEarlyResponse } from './early-data.ts';
import { withTrailingSlash } from './trailing-slash.ts';

/** The one error shape every API failure is answered with (docs/architecture.md, convention 5). */
export type ErrorEnvelope = { detail: string; code: string; fields?: Record<string, string> };

/** An API failure as the UI handles it: HTTP status plus the envelope. Status 0 means the server was not reached. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly detail: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, envelope: ErrorEnvelope) {
    super(envelope.detail);
    this.name = 'ApiError';
    this.status = status;
    this.code = envelope.code;
    this.detail = envelope.detail;
    this.fields = envelope.fields;
  }
}

export const REFRESH_PATH = '/api/token/refresh/';

type ExpiryListener = () => void;
const expiryListeners = new Set<ExpiryListener>();

/** Called when a 401 survives the silent refresh: the session is over. Returns an unsubscribe function. */
export function onSessionExpired(listener: ExpiryListener): () => void {
  expiryListeners.add(listener);
  return () => expiryListeners.delete(listener);
}

function notifySessionExpired(): void {
  for (const listener of expiryListeners) listener();
}

let refreshInFlight: Promise<boolean> | null = null;

/**
 * POST /api/token/refresh/ with an empty body (the refresh token travels in a cookie).
 * Requests that fail with 401 at the same time share one refresh call: refresh tokens rotate,
 * so parallel refreshes would invalidate each other.
 */
function refreshSession(): Promise<boolean> {
  refreshInFlight ??= fetch(REFRESH_PATH, { method: 'POST', credentials: 'same-origin' })
    .then(
      (response) => response.ok,
      () => false,
    )
    .finally(() => {
      refreshInFlight = null;
    });
  return refreshInFlight;
}

type Transport = (input: RequestInfo | URL, init: RequestInit) => Promise<Response>;

let transport: Transport = (input, init) => fetch(input, init);

/**
 * Where API requests go: the network in the browser. The Worker, rendering a visitor's page on the server, hands its
 * own app here instead (web/app/server-render.tsx), so the page's loaders read through the same API as the browser.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * How long a call may wait for the server's answer (spec 002 §7: the event helpers give up after 15 s; every call
 * does here, so a stalled request ends in a message and a retry instead of a spinner for ever).
 */
export const API_TIMEOUT_MS = 15_000;
/**
 * A call that carries a file (a cover or an avatar of up to 5 MB, chat attachments, a recording's part): 5 MB over a
 * slow uplink of about 0.5 Mbit/s takes some 80 s, so it gets two minutes.
 */
export const UPLOAD_TIMEOUT_MS = 120_000;

const isUpload = (body: BodyInit | null | undefined) =>
  body instanceof FormData || body instanceof Blob || body instanceof ArrayBuffer || ArrayBuffer.isView(body) || body instanceof ReadableStream;

/** A request the server did not answer in time: status 0 like a lost connection, so queries retry it. */
export const timeoutError = () =>
  new ApiError(0, { detail: 'Сервер не ответил вовремя. Проверьте интернет и попробуйте ещё раз.', code: 'timeout' });

async function send(input: RequestInfo | URL, init: RequestInit | undefined): Promise<Response> {
  // The deadline aborts the request (so the browser drops it) and also settles the call by itself: an early
  // answer started by public/early-data.js, or a transport that ignores the signal, can stall as well.
  const deadline = new AbortController();
  const callerSignal = init?.signal;
  callerSignal?.addEventListener('abort', () => deadline.abort(callerSignal.reason), { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      // settled first: the aborted request's own rejection must not read as a lost connection
      reject(timeoutError());
      deadline.abort();
    }, isUpload(init?.body) ? UPLOAD_TIMEOUT_MS : API_TIMEOUT_MS);
  });
  try {
    const answer = takeEarlyResponse(input, init) ?? transport(input, { credentials: 'same-origin', ...init, signal: deadline.signal });
    return await Promise.race([answer, expired]);
  } catch (error) {
    if (error instanceof ApiError) throw error;
    throw new ApiError(0, { detail: 'Нет соединения с сервером. Проверьте интернет и попробуйте ещё раз.', code: 'network_error' });
  } finally {
    clearTimeout(timer);
  }
}

/**
 * fetch for every API call: a 401 triggers one silent refresh and one retry of the original request.
 * If the refresh fails (or the retry is refused again) the expiry listeners run and the 401 response
 * is returned to the caller, which turns it into an ApiError. A 401 that says there is no session at all (a
 * visitor's) is not refreshed: there is nothing to renew.
 */
export async function apiFetch(input: RequestInfo | URL, init?: RequestInit): Promise<Response> {
  // A Request's body can be read only once; keep an unread copy for the retry. (The cast bridges the
  // DOM and Workers typings of Request, which this project loads together.)
  const retryInput = input instanceof Request ? (input.clone() as typeof input) : input;
  const response = await send(input, init);
  if (response.status !== 401) return response;

  if (response.headers.get(NO_SESSION_HEADER) || !(await refreshSession())) {
    notifySessionExpired();
    return response;
  }
  const retried = await send(retryInput, init);
  if (retried.status === 401) notifySessionExpired();
  return retried;
}

type JsonResponse<T = unknown> = { ok: boolean; status: number; json(): Promise<T> };

/** Builds an ApiError from a failed response; non-JSON bodies (a proxy's HTML page) get a generic message. */
export async function toApiError(response: JsonResponse): Promise<ApiError> {
  const body: unknown = await response.json().catch(() => null);
  if (isEnvelope(body)) return new ApiError(response.status, body);
  return new ApiError(response.status, {
    detail: response.status >= 500 ? 'Внутренняя ошибка сервера' : 'Не удалось выполнить запрос',
    code: `http_${response.status}`,
  });
}

function isEnvelope(body: unknown): body is ErrorEnvelope {
  return typeof body === 'object' && body !== null && typeof (body as ErrorEnvelope).detail === 'string' && typeof (body as ErrorEnvelope).code === 'string';
}

/** Reads the JSON of a successful typed response, or throws the ApiError of a failed one. */
export async function unwrap<T>(response: JsonResponse<T>): Promise<T> {
  if (!response.ok) throw await toApiError(response);
  return response.json();
}

/** Typed RPC client for /api (hono `hc`), with the refresh-and-retry behaviour of apiFetch. */
export const api = hc<AppType>('/api', { fetch: apiFetch });

/**
 * A call's options for the spec's own path: hc writes a route's path as the Worker declares it, without the spec's
 * trailing slash. The events calls keep the spec's URLs through it, as public/early-data.js starts the first event
 * page under that URL and hands its answer only to a request for the same URL (web/lib/early-data.ts).
 */
export const specPath = {
  fetch: (input: RequestInfo | URL, init?: RequestInit) => apiFetch(typeof input === 'string' ? withTrailingSlash(input) : input, init),
} satisfies ClientRequestOptions;
