// The Worker's side of a visitor's first page (decision 014, «Rendered on the server»): the app's own routes,
// loaders and components rendered to HTML inside the SPA's index.html, with the query cache they read. Only the
// Worker imports this module, and only on demand: the SPA never loads react-dom/server.
import { AsyncLocalStorage } from 'node:async_hooks';
import { renderToString } from 'react-dom/server';
import { dehydrate, type QueryClient } from '@tanstack/react-query';
import { createMemoryHistory } from '@tanstack/react-router';
import { setApiTransport } from '../lib/api-client.ts';
import { renderInTimeZone } from '../lib/dayjs.ts';
import { sessionQueries } from '../lib/session/session.queries.ts';
import { AppRoot } from './app-root.tsx';
import { headTags, pageHead } from './page-head.ts';
import { pageStateElement } from './page-state.ts';
import { createQueryClient } from './query-client.ts';
import { createAppRouter } from './router.tsx';
import type { CallApi, VisitorPageRenderer } from '../../worker/pages/visitor-pages.ts';

type PageScope = { origin: string; callApi: CallApi };

// Renders of different requests interleave in one isolate: each API call finds its own page's scope.
const pageScope = new AsyncLocalStorage<PageScope>();

setApiTransport((input, init) => {
  const scope = pageScope.getStore();
  if (!scope) return Promise.reject(new Error('API call outside a page render'));
  // a browser's fetch option the Workers runtime does not take; the request carries no cookie anyway
  const { credentials: _credentials, ...rest } = init;
  const url = new URL(input instanceof Request ? input.url : String(input), scope.origin);
  return scope.callApi(new Request(url, rest));
});

const ROOT_ELEMENT = '<div id="root"></div>';
const SHELL_TITLE = /<title>[^<]*<\/title>/;
const SHELL_DESCRIPTION = /\s*<meta name="description"[^>]*>/;

/** Waits for the loaders' prefetches: the loaders start them without waiting, so that the browser renders at once. */
async function settle(queryClient: QueryClient): Promise<void> {
  const fetching = queryClient.getQueryCache().findAll({ fetchStatus: 'fetching' });
  await Promise.all(fetching.map((query) => query.promise?.catch(() => undefined)));
}

/**
 * The visitor's page at `url` inside `template` (the SPA's index.html), dates in `zone`; null when it cannot be
 * rendered whole (a loader or a read failed, the template has no root element): the caller then sends the shell.
 */
export const renderVisitorPage: VisitorPageRenderer = async (template, url, zone, callApi) => {
  if (!template.includes(ROOT_ELEMENT)) return null;
  return pageScope.run({ origin: url.origin, callApi }, async () => {
    const queryClient = createQueryClient();
    // one answer per read: a retry's back-off would hold the page, and the browser retries by itself
    queryClient.setDefaultOptions({ queries: { ...queryClient.getDefaultOptions().queries, retry: false } });
    // rendered for visitors only (worker/pages/visitor-pages.ts decides): no session to ask for
    queryClient.setQueryData(sessionQueries.me().queryKey, null);
    const router = createAppRouter(queryClient, createMemoryHistory({ initialEntries: [url.pathname + url.search] }));
    await router.load();
    await settle(queryClient);
    const failed =
      router.state.matches.some((match) => match.status !== 'success') ||
      queryClient.getQueryCache().getAll().some((query) => query.state.status !== 'success');
    if (failed) return null;
    const markup = renderInTimeZone(zone, () => renderToString(<AppRoot queryClient={queryClient} router={router} />));
    // the session stays out: the browser asks for it itself, since a visitor's HTML may reach someone signed in
    const queries = dehydrate(queryClient, { shouldDehydrateQuery: (query) => query.queryKey[0] !== sessionQueries.all()[0] });
    const head = headTags(pageHead(url, queryClient, zone), url);
    return template
      .replace('<html lang="ru">', '<html lang="ru" data-server-rendered>')
      // the page's own title, description and preview tags in place of the shell's
      .replace(SHELL_DESCRIPTION, '')
      .replace(SHELL_TITLE, () => head)
      // a function, so that no `$&` in the page's text is read as a replacement pattern
      .replace(ROOT_ELEMENT, () => `<div id="root">${markup}</div>${pageStateElement({ zone, queries })}`);
  });
};
