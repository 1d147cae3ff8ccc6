// first: zod's settings before any schema parses (the CSP forbids eval)
import './lib/zod-jitless.ts';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
// Self-hosted variable Inter (Latin + Cyrillic subsets); no third-party font requests.
import '@fontsource-variable/inter';
// after it: ₽ from its own small file, not from Inter's latin-ext one
import './fonts/inter-ruble.css';
import './styles.css';
import { AppRoot } from './app/app-root.tsx';
import { readPageState, receivedNow, type PageState } from './app/page-state.ts';
import { createQueryClient } from './app/query-client.ts';
import { createAppRouter } from './app/router.tsx';
import { loadFullStylesheet } from './lib/full-stylesheet.ts';
import { bindSessionExpiry } from './lib/session/session-cache.ts';
import { sessionQueries } from './lib/session/session.queries.ts';
import { hydrateInTimeZone } from './lib/dayjs.ts';
import { installRussianZodMessages } from '../worker/lib/russian-zod-messages.ts';

// zod's default messages in Russian, as the API answers them (issue 41); no zod import, so it stays off the first page
installRussianZodMessages();

const queryClient = createQueryClient();
const router = createAppRouter(queryClient);
bindSessionExpiry(queryClient, router);

const container = document.getElementById('root')!;
const app = <AppRoot queryClient={queryClient} router={router} />;

/**
 * Whether the page the server rendered is what this browser would render: the visitor's page. The session is asked
 * for first (public/early-data.js started that request with the HTML): someone signed in whose access cookie had
 * lapsed got a visitor's page, and sees their own instead. A zone other than the page's is no reason to render
 * afresh: the page is hydrated in its own zone, and its dates then move to the browser's in place (useDatesZone).
 */
async function matchesServerRender(state: PageState): Promise<boolean> {
  const user = await queryClient.fetchQuery(sessionQueries.me()).catch(() => null);
  if (user) return false;
  hydrate(queryClient, receivedNow(state.queries));
  return true;
}

async function start() {
  const stylesheet = loadFullStylesheet();
  const state = readPageState();
  if (state && (await matchesServerRender(state))) {
    // The route's code and data before the first render, as on the server; then the router is told the matches
    // came from the server, so its tree is the server's (no root Suspense) and it does not load them again.
    await Promise.all([router.load(), stylesheet]);
    router.ssr = { manifest: undefined };
    // the dates are hydrated as the server wrote them, then move to this browser's zone in place (useDatesZone)
    hydrateInTimeZone(state.zone);
    hydrateRoot(container, app);
  } else {
    await stylesheet;
    createRoot(container).render(app);
  }
}

void start();
