// Work a request starts but its answer need not wait for (decision 026: a notification's first delivery beyond the
// bell). Inside a request the work goes to the request's waitUntil, so a slow provider adds nothing to the answer;
// anywhere else (the scheduler, a Durable Object, a test calling a function directly) it runs before returning.
import { AsyncLocalStorage } from 'node:async_hooks';

type Defer = (work: Promise<unknown>) => void;

const requestScope = new AsyncLocalStorage<Defer>();

/** Runs `next` with the request's waitUntil as the place deferred work goes. */
export const withRequestScope = <T>(defer: Defer, next: () => Promise<T>) => requestScope.run(defer, next);

/** Runs `work` after the answer when called within a request, else now; `work` must not throw. */
export async function afterResponse(work: () => Promise<void>): Promise<void> {
  const defer = requestScope.getStore();
  if (defer) defer(work());
  else await work();
}
