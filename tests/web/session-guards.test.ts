import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { isRedirect } from '@tanstack/react-router';
import { redirectIfAuthenticated, requireAuth, requireCreator, requireRole } from '../../web/features/account/guards.ts';
import { bindSessionExpiry } from '../../web/lib/session/session-cache.ts';
import { sessionQueries } from '../../web/lib/session/session.queries.ts';
import { apiFetch } from '../../web/lib/api-client.ts';
import { makeUser } from './fixtures.ts';

function contextWith(user: ReturnType<typeof makeUser> | null) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionQueries.me().queryKey, user);
  return { queryClient };
}

/** The page a guard is asked about. */
const here = { href: '/CalendarPage?tab=week' };

/** Runs a guard and returns where it redirected to, or null when it let the navigation through. */
async function redirectTarget(guard: Promise<unknown>): Promise<string | null> {
  try {
    await guard;
    return null;
  } catch (error) {
    if (isRedirect(error)) return String(error.options.to ?? error.options.href);
    throw error;
  }
}

/** The `?redirect=` a guard sent to /login with. */
async function returnTargetOf(guard: Promise<unknown>): Promise<unknown> {
  try {
    await guard;
  } catch (error) {
    if (isRedirect(error)) return (error.options.search as { redirect?: unknown } | undefined)?.redirect;
    throw error;
  }
  throw new Error('the guard let the navigation through');
}

describe('route guards', () => {
  it('sends visitors from a login-required route to /login', async () => {
    expect(await redirectTarget(requireAuth(contextWith(null), here))).toBe('/login');
  });

  it('sends a visitor to /login with the page they opened, to come back to after signing in (issue 35)', async () => {
    expect(await returnTargetOf(requireAuth(contextWith(null), here))).toBe('/CalendarPage?tab=week');
    expect(await returnTargetOf(requireRole(contextWith(null), { href: '/admin/disputes' }, 'admin'))).toBe('/admin/disputes');
    expect(await returnTargetOf(requireCreator(contextWith(null), { href: '/CreateEntityPage' }))).toBe('/CreateEntityPage');
  });

  it('lets a signed-in user through and hands the user to the route context', async () => {
    const user = makeUser();
    await expect(requireAuth(contextWith(user), here)).resolves.toEqual({ user });
  });

  it('sends a user of another role to /forbidden and a visitor to /login', async () => {
    expect(await redirectTarget(requireRole(contextWith(makeUser({ user_role: 'mentee' })), here, 'mentor'))).toBe('/forbidden');
    expect(await redirectTarget(requireRole(contextWith(null), here, 'mentor'))).toBe('/login');
    expect(await redirectTarget(requireRole(contextWith(makeUser({ user_role: 'mentor' })), here, 'mentor'))).toBeNull();
  });

  it('«Создать» offers a mentee the way to become a mentor instead of /forbidden (issue 35)', async () => {
    expect(await redirectTarget(requireCreator(contextWith(makeUser({ user_role: 'mentee' })), here))).toBe('/become-mentor');
    expect(await redirectTarget(requireCreator(contextWith(makeUser({ user_role: 'mentor' })), here))).toBeNull();
    expect(await redirectTarget(requireCreator(contextWith(makeUser({ user_role: 'admin' })), here))).toBe('/forbidden');
    expect(await redirectTarget(requireCreator(contextWith(null), here))).toBe('/login');
  });

  it('sends a signed-in user away from /login to /', async () => {
    expect(await redirectTarget(redirectIfAuthenticated(contextWith(makeUser()), undefined))).toBe('/');
    expect(await redirectTarget(redirectIfAuthenticated(contextWith(null), undefined))).toBeNull();
  });

  it('sends a signed-in user away from /login to the page it was to return to', async () => {
    expect(await redirectTarget(redirectIfAuthenticated(contextWith(makeUser()), '/Profile'))).toBe('/Profile');
  });

  it('fetches the current user once for any number of guarded navigations', async () => {
    const fetchMock = vi.fn(async () => new Response(JSON.stringify(makeUser()), { status: 200 }));
    vi.stubGlobal('fetch', fetchMock);
    const context = { queryClient: new QueryClient() };

    await requireAuth(context, here);
    await requireAuth(context, here);
    await redirectIfAuthenticated(context, undefined).catch(() => {});

    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('treats an unreachable server as a visitor instead of failing the page', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(await redirectTarget(requireAuth({ queryClient: new QueryClient() }, here))).toBe('/login');
  });
});

describe('session expiry', () => {
  const unauthorized = () => new Response(JSON.stringify({ detail: 'Необходима авторизация', code: 'not_authenticated' }), { status: 401 });

  it('clears a signed-in session and re-runs the guards when the refresh fails', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => unauthorized()));
    const { queryClient } = contextWith(makeUser());
    queryClient.setQueryData(['notifications', 'list'], []);
    const router = { invalidate: vi.fn(async () => {}) };
    const unbind = bindSessionExpiry(queryClient, router);

    await apiFetch('/api/anything');
    unbind();

    expect(queryClient.getQueryData(sessionQueries.me().queryKey)).toBeNull();
    expect(queryClient.getQueryData(['notifications', 'list'])).toBeUndefined();
    expect(router.invalidate).toHaveBeenCalledOnce();
  });

  it('leaves visitors alone (nothing to clear, no guard loop)', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => unauthorized()));
    const { queryClient } = contextWith(null);
    const router = { invalidate: vi.fn(async () => {}) };
    const unbind = bindSessionExpiry(queryClient, router);

    await apiFetch('/api/anything');
    unbind();

    expect(router.invalidate).not.toHaveBeenCalled();
  });
});
