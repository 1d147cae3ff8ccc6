// Social sign-in's rows (decision 025): attempts between start and callback, identities, tickets. Attempts and
// tickets are single-use: taken by one conditional statement, so a replay or a race finds nothing.
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { legalConsents } from '../../drizzle/schema/auth.ts';
import { socialLinkTickets, socialSignInAttempts, userIdentities, type SocialProfile } from '../../drizzle/schema/social.ts';
import { mentorApplications, users } from '../../drizzle/schema/users.ts';
import { ApiError } from '../lib/errors.ts';
import { randomToken, sha256Hex } from '../lib/tokens.ts';
import type { SocialProviderId } from './social.schemas.ts';

export const alreadyLinked = () => new ApiError(409, 'already_linked', 'Этот аккаунт уже привязан к другому профилю Формы');

export const ATTEMPT_TTL_MINUTES = 10;
export const TICKET_TTL_MINUTES = 15;

export type Attempt = typeof socialSignInAttempts.$inferSelect;
export type Ticket = typeof socialLinkTickets.$inferSelect;
export type NewIdentity = { provider: SocialProviderId; subject: string; email: string | null; displayName: string };

export async function insertAttempt(db: Db, attempt: Omit<typeof socialSignInAttempts.$inferInsert, 'expiresAt' | 'createdAt'>) {
  await db.insert(socialSignInAttempts).values({ ...attempt, expiresAt: sql`now() + make_interval(mins => ${ATTEMPT_TTL_MINUTES})` });
}

/** The attempt of this state, browser and provider, deleted as it is read: a second callback with it finds nothing. */
export async function takeAttempt(db: Db, input: { state: string; browserKeyHash: string; provider: SocialProviderId }) {
  const [row] = await db
    .delete(socialSignInAttempts)
    .where(
      and(
        eq(socialSignInAttempts.state, input.state),
        eq(socialSignInAttempts.browserKeyHash, input.browserKeyHash),
        eq(socialSignInAttempts.provider, input.provider),
        gt(socialSignInAttempts.expiresAt, sql`now()`),
      ),
    )
    .returning();
  return row ?? null;
}

export async function findIdentity(db: Db, provider: SocialProviderId, subject: string) {
  const [row] = await db
    .select({ identity: userIdentities, user: users })
    .from(userIdentities)
    .innerJoin(users, eq(users.id, userIdentities.userId))
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)))
    .limit(1);
  return row ?? null;
}

export async function touchIdentity(db: Db, id: number) {
  await db.update(userIdentities).set({ lastUsedAt: sql`now()` }).where(eq(userIdentities.id, id));
}

/**
 * Links a provider account to `userId`. `linked` (now or before, to this account), `other_account` (the provider
 * account is another profile's), `provider_taken` (this account has another account of the provider).
 */
export async function linkIdentity(db: Executor, userId: number, identity: NewIdentity) {
  const [inserted] = await db
    .insert(userIdentities)
    .values({ userId, ...identity, displayName: identity.displayName.slice(0, 255) })
    .onConflictDoNothing()
    .returning({ id: userIdentities.id });
  if (inserted) return 'linked' as const;
  const [owner] = await db
    .select({ userId: userIdentities.userId })
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, identity.provider), eq(userIdentities.subject, identity.subject)));
  if (!owner) return 'provider_taken' as const;
  return owner.userId === userId ? ('linked' as const) : ('other_account' as const);
}

/** A ticket for the next step; only the token's hash is stored. Returns the token for the address bar. */
export async function createTicket(
  db: Db,
  input: { purpose: 'link' | 'register'; provider: SocialProviderId; subject: string; profile: SocialProfile; userId: number | null; options: Record<string, unknown> },
) {
  const token = randomToken();
  await db.insert(socialLinkTickets).values({
    tokenHash: await sha256Hex(token),
    provider: input.provider,
    subject: input.subject,
    email: input.profile.email,
    profile: input.profile,
    userId: input.userId,
    purpose: input.purpose,
    options: input.options,
    expiresAt: sql`now() + make_interval(mins => ${TICKET_TTL_MINUTES})`,
  });
  return token;
}

const liveTicket = async (token: string, purpose: Ticket['purpose']) =>
  and(eq(socialLinkTickets.tokenHash, await sha256Hex(token)), eq(socialLinkTickets.purpose, purpose), isNull(socialLinkTickets.usedAt), gt(socialLinkTickets.expiresAt, sql`now()`));

/** A live ticket, left as it is (a wrong code must not spend it). */
export async function findTicket(db: Db, token: string, purpose: 'link' | 'register') {
  const [row] = await db.select().from(socialLinkTickets).where(await liveTicket(token, purpose)).limit(1);
  return row ?? null;
}

/** Spends a live ticket in one conditional UPDATE: of two racing uses, one gets the row. */
export async function useTicket(db: Executor, token: string, purpose: 'link' | 'register') {
  const [row] = await db.update(socialLinkTickets).set({ usedAt: sql`now()` }).where(await liveTicket(token, purpose)).returning();
  return row ?? null;
}

/**
 * A new account from a provider's person, with the consent given and the identity linked, in one transaction. The
 * e-mail is kept only when the provider vouches for it and no account has it; otherwise the identity is the way in.
 */
export async function createSocialAccount(
  db: Db,
  input: { identity: NewIdentity; profile: SocialProfile; wantsToTeach: boolean; consentVersion: string },
) {
  return db.transaction(async (tx) => {
    const email = input.profile.emailVerified ? input.profile.email : null;
    const taken = email ? (await tx.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email}`).limit(1)).length > 0 : false;
    const [user] = await tx
      .insert(users)
      .values({ email: taken ? null : email, firstName: input.profile.firstName, lastName: input.profile.lastName })
      .returning();
    // the provider account was linked elsewhere meanwhile: nothing of this account stays
    if ((await linkIdentity(tx, user.id, input.identity)) !== 'linked') throw alreadyLinked();
    await tx.insert(legalConsents).values([
      { userId: user.id, document: 'privacy_policy', version: input.consentVersion },
      { userId: user.id, document: 'public_offer', version: input.consentVersion },
    ]);
    if (input.wantsToTeach) await tx.insert(mentorApplications).values({ userId: user.id }).onConflictDoNothing();
    return user;
  });
}

export async function listIdentities(db: Db, userId: number) {
  return db.select().from(userIdentities).where(eq(userIdentities.userId, userId)).orderBy(userIdentities.createdAt);
}

/** Unlinks; the database refuses (users_reachable, 23514) when it was the account's last way in. */
export async function unlinkIdentity(db: Db, userId: number, provider: SocialProviderId) {
  const rows = await db
    .delete(userIdentities)
    .where(and(eq(userIdentities.userId, userId), eq(userIdentities.provider, provider)))
    .returning({ id: userIdentities.id });
  return rows.length > 0;
}
