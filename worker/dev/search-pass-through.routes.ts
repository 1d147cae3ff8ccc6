// The event search's ceiling, for the bench (issue 40 §4, decision 005 «The search beside a pass-through»): a route
// that sends the search's own statement to the SQL endpoint and passes the endpoint's answer through untouched. On a
// machine where Postgres and the endpoint share the Worker's cores, what this route reaches is what any search could;
// the bench prints the search beside it. Development and test only (devOnly): in production it does not exist (404).
import { Hono, type Context } from 'hono';
import { neonConfig } from '@neondatabase/serverless';
import type { AppEnv } from '../env.ts';
import { errors } from '../lib/errors.ts';
import { devOnly } from '../middleware/dev-only.ts';
import { eventPageQuery } from '../events/events.queries.ts';
import { eventListQuery } from '../events/events.schemas.ts';

/** Stands for the floor price while the statement is built, so its place among the parameters can be found. */
const MIN_PRICE_MARK = 9_876_543;

type Statement = { query: string; params: unknown[]; minAt: number };
/** The statement of each list shape (the query without its floor price), built once per isolate as the search does. */
const statements = new Map<string, Statement>();

/** The search's statement for `search` (a query string without min_price): the SQL endpoint's JSON body. */
function statementFor(c: Context<AppEnv>, search: URLSearchParams): Statement {
  const key = search.toString();
  let statement = statements.get(key);
  if (statement) return statement;
  const filters = eventListQuery.safeParse({ ...Object.fromEntries(search), min_price: String(MIN_PRICE_MARK) });
  if (!filters.success) throw errors.validation({}, 'Некорректный запрос');
  const { sql, params } = eventPageQuery(c.var.db, filters.data).toSQL();
  // the driver sends every value as text (its prepareValue), so does this
  statement = { query: sql, params: params.map((p) => (p === null ? null : String(p))), minAt: params.indexOf(MIN_PRICE_MARK) };
  if (statement.minAt < 0) throw errors.validation({ min_price: 'Укажите минимальную цену' });
  statements.set(key, statement);
  return statement;
}

/** Where the driver sends a statement over HTTP (the local proxy's /sql here, Neon's https://api.<host>/sql there). */
function sqlEndpoint(databaseUrl: string) {
  const endpoint = neonConfig.fetchEndpoint;
  if (typeof endpoint === 'string') return endpoint;
  const url = new URL(databaseUrl);
  return endpoint(url.hostname, url.port, { jwtAuth: false });
}

/** GET /api/dev/search-pass-through/?<the event list's query>: the statement's rows as the SQL endpoint answered them. */
export const searchPassThroughRoutes = new Hono<AppEnv>().get('/dev/search-pass-through', devOnly, async (c) => {
  const search = new URL(c.req.url).searchParams;
  const minPrice = search.get('min_price');
  if (!minPrice || !/^\d{1,8}$/.test(minPrice)) throw errors.validation({ min_price: 'Укажите минимальную цену' });
  search.delete('min_price');
  const { query, params, minAt } = statementFor(c, search);
  const values = params.slice();
  values[minAt] = minPrice;
  const res = await fetch(sqlEndpoint(c.env.DATABASE_URL), {
    method: 'POST',
    headers: { 'Neon-Connection-String': c.env.DATABASE_URL, 'Neon-Raw-Text-Output': 'true', 'Neon-Array-Mode': 'true' },
    body: JSON.stringify({ query, params: values }),
  });
  return new Response(res.body, { status: res.status, headers: { 'content-type': res.headers.get('content-type') ?? 'application/json' } });
});
