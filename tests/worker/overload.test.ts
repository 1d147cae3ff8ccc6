// A saturated Durable Object (decision 015, «Overload answers at once»): the runtime's overloaded error becomes a 503
// with Retry-After in the envelope, at once, instead of a 500; other errors stay what they were.
import { describe, expect, it, vi } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { durableObjectOverloaded } from '../../worker/lib/overload.ts';
import { bindings, ORIGIN } from './helpers.ts';

const overloaded = () => Object.assign(new Error('Durable Object is overloaded. Too many requests queued.'), { overloaded: true, retryable: true });

describe('an overloaded Durable Object', () => {
  it('is told apart from other failures, also when wrapped', () => {
    expect(durableObjectOverloaded(overloaded())).toBe(true);
    expect(durableObjectOverloaded(new Error('send failed', { cause: overloaded() }))).toBe(true);
    expect(durableObjectOverloaded(new Error('Durable Object storage operation exceeded timeout'))).toBe(false);
    expect(durableObjectOverloaded(null)).toBe(false);
  });

  it('answers 503 with Retry-After through the app’s error handler', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const app = createApp();
    app.get('/probe/overloaded', () => {
      throw overloaded();
    });
    app.get('/probe/broken', () => {
      throw new Error('something else');
    });
    const ctx = { waitUntil: () => undefined, passThroughOnException: () => undefined, props: {} } as unknown as ExecutionContext;
    const res = await app.request(`${ORIGIN}/probe/overloaded`, {}, bindings, ctx);
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('2');
    expect(await res.json()).toEqual({ detail: 'Сервис перегружен, повторите через пару секунд', code: 'overloaded' });
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    expect((await app.request(`${ORIGIN}/probe/broken`, {}, bindings, ctx)).status).toBe(500);
  });
});
