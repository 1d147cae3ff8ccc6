// The answers public/early-data.js started before the app's JavaScript arrived (decision 014), by path and query.
// The first GET of the same path and query takes its answer instead of asking again; each is taken once, and none
// after the first seconds of the page (a later request must see fresh data).
type EarlyStore = { startedAt: number; responses: Record<string, Promise<Response> | undefined> };

declare global {
  interface Window {
    __formaEarly?: EarlyStore;
  }
}

const MAX_AGE_MS = 10_000;

export function takeEarlyResponse(input: RequestInfo | URL, init?: RequestInit): Promise<Response> | undefined {
  const store = typeof window === 'undefined' ? undefined : window.__formaEarly;
  if (!store) return undefined;
  if (Date.now() - store.startedAt > MAX_AGE_MS) {
    delete window.__formaEarly;
    return undefined;
  }
  const method = (init?.method ?? (input instanceof Request ? input.method : 'GET')).toUpperCase();
  if (method !== 'GET') return undefined;
  const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url, window.location.origin);
  if (url.origin !== window.location.origin) return undefined;
  const key = url.pathname + url.search;
  const response = store.responses[key];
  delete store.responses[key];
  return response;
}
