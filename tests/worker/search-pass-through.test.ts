// The bench's pass-through of the event search (issue 40 §4, decision 005): the search's own statement, its rows
// passed through as the SQL endpoint answered them; never in production.
import { describe, expect, it } from 'vitest';
import { createApp } from '../../worker/app.ts';
import { createEvent, createUser } from '../factories.ts';
import { bindings, call, useTestDb } from './helpers.ts';

const t = useTestDb();
const ctx = { waitUntil: () => {}, passThroughOnException: () => {}, props: {} } as unknown as ExecutionContext;
const inAWeek = () => new Date(Date.now() + 7 * 86_400_000);

describe('GET /api/dev/search-pass-through/', () => {
  it("answers the search's rows for the same query, each floor price its own", async () => {
    const word = `сквозной${Date.now().toString(36)}`;
    const mentor = await createUser(t.db, { role: 'mentor' });
    for (const price of [300, 700, 900, 1200]) {
      await createEvent(t.db, mentor.id, { title: `Лекция ${word} ${price}`, price, category: 'Хобби', startsAt: inAWeek() });
    }
    await createEvent(t.db, mentor.id, { title: `Лекция ${word} другая`, price: 800, category: 'Карьера', startsAt: inAWeek() });
    const query = (min: number) => `search=${encodeURIComponent(word)}&category=${encodeURIComponent('Хобби')}&min_price=${min}&sort=price-asc`;
    for (const min of [500, 1000, 500]) {
      const search = await (await call(`/api/events/?${query(min)}`)).json<{ results: Array<{ id: number }> }>();
      const res = await call(`/api/dev/search-pass-through/?${query(min)}`);
      expect(res.status).toBe(200);
      const body = await res.json<{ rows: string[][] }>();
      expect(body.rows.map((r) => Number(r[0]))).toEqual(search.results.map((e) => e.id));
      expect(body.rows).toHaveLength(min === 500 ? 3 : 1);
    }
  });

  it('wants a floor price', async () => {
    const res = await call(`/api/dev/search-pass-through/?search=${encodeURIComponent('акварель')}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ code: 'validation_error', fields: { min_price: 'Укажите минимальную цену' } });
  });

  it('does not exist in production', async () => {
    const production = { ...bindings, ENVIRONMENT: 'production' };
    const res = await createApp().request(`/api/dev/search-pass-through/?search=x&min_price=500`, {}, production, ctx);
    expect(res.status).toBe(404);
  });
});
