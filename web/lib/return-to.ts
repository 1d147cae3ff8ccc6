// Sign-in and registration send a person back to the page that asked for them (issue 35), and the page may finish the
// action that asked («Записаться», «Войдите для участия»). The target travels in the URL (`?redirect=`), so it
// survives a reload of the sign-in page and the switch between sign-in and registration.
import { useEffect, useRef } from 'react';
import { useRouter, useRouterState } from '@tanstack/react-router';
import { safeReturnPath } from './safe-return-path.ts';

/** The query parameter a page reads to finish the action a visitor started before signing in. */
export const AFTER_SIGN_IN_PARAM = 'after_sign_in';

/** The page the person is on, to come back to; `action` is added as `?after_sign_in=` for the page to finish. */
export function returnTarget(action?: string): string {
  if (typeof window === 'undefined') return '/';
  const url = new URL(window.location.href);
  if (action) url.searchParams.set(AFTER_SIGN_IN_PARAM, action);
  return url.pathname + url.search + url.hash;
}

/**
 * The return target for a standing «Войти» or «Регистрация» link (the header's), following navigation: the page the
 * person is on; on /login and /register the target they already carry, so the link does not forget it; none on the
 * landing `/`, whose visitor signing in by themselves goes on to the mentor list. The 401 page /unauthorized passes on
 * its `?redirect=` too: coming back to the error page itself would be no use.
 */
export function useReturnTarget(): string | undefined {
  return useRouterState({
    select: ({ location }) => {
      if (location.pathname === '/') return undefined;
      if (/^\/(login|register|unauthorized)\/?$/i.test(location.pathname)) return safeReturnPath((location.search as { redirect?: unknown }).redirect);
      return safeReturnPath(location.href);
    },
  });
}

/**
 * Runs `run` once when the page was opened with `?after_sign_in=<action>` and `ready` (the viewer is known), then
 * takes the parameter out of the address, so a reload or a shared link does not repeat the action.
 */
export function useActionAfterSignIn(action: string, ready: boolean, run: () => void) {
  const router = useRouter();
  const done = useRef(false);
  const latest = useRef(run);
  latest.current = run;
  useEffect(() => {
    if (done.current || !ready || typeof window === 'undefined') return;
    const url = new URL(window.location.href);
    if (url.searchParams.get(AFTER_SIGN_IN_PARAM) !== action) return;
    done.current = true;
    url.searchParams.delete(AFTER_SIGN_IN_PARAM);
    router.history.replace(url.pathname + url.search + url.hash);
    latest.current();
  }, [action, ready, router]);
}
