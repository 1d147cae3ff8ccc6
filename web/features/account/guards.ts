import { redirect, type ParsedLocation } from '@tanstack/react-router';
import type { RouterContext } from '../../app/router-context.ts';
import type { Me, UserRole } from '../../lib/session/session.api.ts';
import { sessionQueries } from '../../lib/session/session.queries.ts';

/*
 * Route guards, used in route files as `beforeLoad: ({ context, location }) => requireAuth(context, location)`.
 * The current user is fetched once (ensureQueryData returns the cached answer afterwards, including
 * the visitor's null), so moving between guarded pages costs no request.
 */

/** The page being opened: the guard sends a visitor to sign in and back here (issue 35). */
type GuardedLocation = Pick<ParsedLocation, 'href'>;

/** The signed-in user or null. An unreachable server counts as a visitor so public pages still render. */
export async function loadSessionUser({ queryClient }: RouterContext): Promise<Me | null> {
  try {
    return await queryClient.ensureQueryData(sessionQueries.me());
  } catch (error) {
    console.warn('session: could not load the current user, continuing as a visitor', error);
    return null;
  }
}

/**
 * Login required: visitors go to /login with the page they opened as `?redirect=`, so signing in (or registering)
 * brings them back to it; the same happens when a session expires on the page, as the expiry re-runs the guards.
 * Returns the user into the route context.
 */
export async function requireAuth(context: RouterContext, location: GuardedLocation): Promise<{ user: Me }> {
  const user = await loadSessionUser(context);
  if (!user) throw redirect({ to: '/login', search: { redirect: location.href } });
  return { user };
}

/** Login and a role required: visitors go to /login (and back), users of another role to /forbidden. */
export async function requireRole(context: RouterContext, location: GuardedLocation, role: UserRole): Promise<{ user: Me }> {
  const { user } = await requireAuth(context, location);
  if (user.user_role !== role) throw redirect({ to: '/forbidden' });
  return { user };
}

/**
 * «Создать» (/CreateEntityPage) is the mentors' editor: a mentee is offered the way to become one there instead of
 * a refusal (issue 35); anyone else who is not a mentor is refused as by requireRole.
 */
export async function requireCreator(context: RouterContext, location: GuardedLocation): Promise<{ user: Me }> {
  const { user } = await requireAuth(context, location);
  if (user.user_role === 'mentee') throw redirect({ to: '/become-mentor' });
  return requireRole(context, location, 'mentor');
}

/**
 * For /register: a signed-in account without a name stopped after the code (step 2), so registration resumes at step 3
 * for it; an account that has its name has nothing to do there and goes to `returnTo` or /.
 */
export async function resumeRegistration(context: RouterContext, returnTo: string | undefined): Promise<{ resumeAs: Me | null }> {
  const user = await loadSessionUser(context);
  if (user?.mentor_name) throw redirect({ href: returnTo ?? '/' });
  return { resumeAs: user };
}

/**
 * For /login: a signed-in user has nothing to do there and goes to `returnTo` (signed in meanwhile in another tab, say)
 * or /.
 */
export async function redirectIfAuthenticated(context: RouterContext, returnTo: string | undefined): Promise<void> {
  if (await loadSessionUser(context)) throw redirect({ href: returnTo ?? '/' });
}
