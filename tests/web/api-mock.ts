// A fetch stub for screen tests that call a few routes: each `METHOD /path` (no trailing slash) answers through its
// handler, anything else 404 in our envelope; the calls are recorded with their JSON bodies.
import { vi } from 'vitest';

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

export type Call = { path: string; method: string; body: Record<string, unknown> };

export function mockApi(handlers: Record<string, (call: Call) => Response | Promise<Response>>) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(String(input), 'http://localhost').pathname.replace(/\/$/, '');
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
      const call = { path, method: init?.method ?? 'GET', body };
      calls.push(call);
      const handler = handlers[`${call.method} ${path}`];
      return handler ? handler(call) : json(404, { detail: 'Не найдено', code: 'not_found' });
    }),
  );
  return calls;
}
