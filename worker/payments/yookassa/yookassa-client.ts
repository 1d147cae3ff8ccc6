// HTTP to YooKassa's API v3: Basic auth with the shop id and secret key, JSON bodies, an Idempotence-Key
// on every POST. A refusal becomes a PaymentProviderError with YooKassa's own code and description
// (its error object: {type: 'error', id, code, description, parameter}).
import { PaymentProviderError } from '../provider-error.ts';

export const YOOKASSA_DEFAULT_API_URL = 'https://api.yookassa.ru/v3';

export type YookassaConfig = {
  shopId: string;
  secretKey: string;
  apiUrl?: string;
  /** for tests only: the fake's fetch; by default the global fetch, looked up at call time */
  fetch?: typeof fetch;
};

type YookassaErrorBody = { type?: string; code?: string; description?: string; parameter?: string };

// YooKassa asks to repeat a request that failed with 500 or timed out, and 429 means "later"
const RETRYABLE_STATUSES = new Set([429, 500, 502, 503, 504]);

export function yookassaClient(config: YookassaConfig) {
  const base = (config.apiUrl || YOOKASSA_DEFAULT_API_URL).replace(/\/+$/, '');
  const authorization = `Basic ${btoa(`${config.shopId}:${config.secretKey}`)}`;

  async function request<T>(method: 'GET' | 'POST', path: string, body?: unknown, idempotenceKey?: string): Promise<T> {
    const headers: Record<string, string> = { authorization, accept: 'application/json' };
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (idempotenceKey) headers['idempotence-key'] = idempotenceKey;
    let res: Response;
    try {
      res = await (config.fetch ?? fetch)(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch (e) {
      throw new PaymentProviderError('yookassa', 'network_error', e instanceof Error ? e.message : String(e), { retryable: true });
    }
    const text = await res.text();
    let json: unknown = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: described below from the status
    }
    if (!res.ok) {
      const err = (json ?? {}) as YookassaErrorBody;
      const description = [err.description ?? (text.slice(0, 200) || res.statusText), err.parameter ? `(${err.parameter})` : ''].filter(Boolean).join(' ');
      throw new PaymentProviderError('yookassa', err.code ?? `http_${res.status}`, description, {
        httpStatus: res.status,
        retryable: RETRYABLE_STATUSES.has(res.status),
      });
    }
    if (json === null || typeof json !== 'object') throw new PaymentProviderError('yookassa', 'invalid_response', `not a JSON object from ${method} ${path}`);
    return json as T;
  }

  return {
    get: <T>(path: string) => request<T>('GET', path),
    post: <T>(path: string, body: unknown, idempotenceKey: string) => request<T>('POST', path, body, idempotenceKey),
  };
}

