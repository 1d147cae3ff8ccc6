import { redirect } from '@tanstack/react-router';
import type { RouterContext } from '../../app/router-context.ts';
import type { Me, UserRole } from '../../lib/session/session.api.ts';
import { sessionQueries } from '../../lib/session/session.queries.ts';

/*
 * Route guards, used in route files as `beforeLoad: ({ context }) => requireAuth(context)`.
 * The current user is fetched once (ensureQueryData returns the cached answer afterwards, including
 * the visitor's null), so moving between guarded pages costs no request.
 */

/** The signed-in user or null. An unreachable server counts as a visitor so public pages still render. */
export async function loadSessionUser({ queryClient }: RouterContext): Promise<Me | null> {
  try {
    return await queryClient.ensureQueryData(sessionQueries.me());
  } catch (error) {
    console.warn('session: could not load the current user, continuing as a visitor', error);
    return null;
  }
}

/** Login required: visitors go to /login. Returns the user into the route context. */
export async function requireAuth(context: RouterContext): Promise<{ user: Me }> {
  const user = await loadSessionUser(context);
  if (!user) throw redirect({ to: '/login' });
  return { user };
}

/** Login and a role required: visitors go to /login, users of another role to /forbidden. */
export async function requireRole(context: RouterContext, role: UserRole): Promise<{ user: Me }> {
  const { user } = await requireAuth(context);
  if (user.user_role !== role) throw redirect({ to: '/forbidden' });
  return { user };
}

/**
 * «Создать» (/CreateEntityPage) is the mentors' editor: a mentee is offered the way to become one there instead of
 * a refusal (issue 35); anyone else who is not a mentor is refused as by requireRole.
 */
export async function requireCreator(context: RouterContext): Promise<{ user: Me }> {
  const { user } = await requireAuth(context);
  if (user.user_role === 'mentee') throw redirect({ to: '/become-mentor' });
  return requireRole(context, 'mentor');
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

/** For /login: a signed-in user has nothing to do there and goes to /. */
export async function redirectIfAuthenticated(context: RouterContext): Promise<void> {
  if (await loadSessionUser(context)) throw redirect({ to: '/' });
}
