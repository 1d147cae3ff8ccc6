// Social sign-in (decision 025): a person's accounts at VK ID, Google, Yandex ID and Telegram linked to a Форма
// account, the attempts in flight between our start and the provider's callback, and the tickets that carry an
// identity to a proof of the matching account (the e-mail code) or to a registration with consent.
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { users } from './users.ts';

export const socialProvider = pgEnum('social_provider', ['vk', 'google', 'yandex', 'telegram']);

/** What the provider told us of the person: kept on a ticket until it makes or joins an account. */
export type SocialProfile = { firstName: string; lastName: string; avatarUrl: string | null; email: string | null; emailVerified: boolean };

/** One provider account linked to one Форма account; a provider account is linked to at most one (unique). */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: id(),
    provider: socialProvider().notNull(),
    /** the provider's stable id of the person (VK user_id, Google sub, Yandex id, Telegram id) */
    subject: varchar({ length: 255 }).notNull(),
    userId: integer()
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** the e-mail the provider gave (verified or not), to name the identity in the settings */
    email: varchar({ length: 254 }),
    displayName: varchar({ length: 255 }).notNull().default(''),
    createdAt: createdAt(),
    lastUsedAt: ts().notNull().defaultNow(),
  },
  (t) => [uniqueIndex().on(t.provider, t.subject), uniqueIndex().on(t.userId, t.provider), index().on(t.userId)],
);

/**
 * A sign-in begun at our start and not yet come back: `state` names it in the provider's redirect, the browser key's
 * hash ties it to the browser that began it (the `forma_social` cookie), and it is taken once (deleted) by the callback.
 */
export const socialSignInAttempts = pgTable(
  'social_sign_in_attempts',
  {
    state: text().primaryKey(),
    browserKeyHash: text().notNull(),
    provider: socialProvider().notNull(),
    intent: text().notNull(),
    /** the signed-in caller of a `link` */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    codeVerifier: text().notNull(),
    nonce: text().notNull(),
    /** remember, return_to, consent_version, role as the start was asked */
    options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: ts().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.expiresAt),
    check('social_sign_in_attempts_intent', sql`${t.intent} in ('sign_in', 'register', 'link')`),
    check('social_sign_in_attempts_link_caller', sql`(${t.intent} = 'link') = (${t.userId} is not null)`),
  ],
);

/**
 * An identity waiting for a person's next step: `link` (its verified e-mail is an existing account's: the e-mail code
 * proves the account first) or `register` (no account yet, no consent yet). One use, short-lived; only a hash of the
 * token is kept.
 */
export const socialLinkTickets = pgTable(
  'social_link_tickets',
  {
    id: id(),
    tokenHash: text().notNull().unique(),
    provider: socialProvider().notNull(),
    subject: varchar({ length: 255 }).notNull(),
    email: varchar({ length: 254 }),
    profile: jsonb().$type<SocialProfile>().notNull(),
    /** the account whose e-mail matched (purpose `link`) */
    userId: integer().references(() => users.id, { onDelete: 'cascade' }),
    purpose: text().notNull(),
    /** remember and return_to of the start, for the sign-in the ticket ends in */
    options: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    expiresAt: ts().notNull(),
    usedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.expiresAt),
    check('social_link_tickets_purpose', sql`${t.purpose} in ('link', 'register')`),
    check('social_link_tickets_link_account', sql`(${t.purpose} = 'link') = (${t.userId} is not null)`),
  ],
);

/**
 * The local fakes of the providers (worker/dev/social-fakes, development and test only): their one-time authorization
 * codes, each taken once by the fake's token endpoint, and the fake Google's signing key.
 */
export const devSocialCodes = pgTable('dev_social_codes', {
  codeHash: text().primaryKey(),
  provider: socialProvider().notNull(),
  /** the person chosen on the fake's page, the client, redirect_uri, PKCE challenge and nonce the code was issued for */
  grant: jsonb().$type<Record<string, unknown>>().notNull(),
  expiresAt: ts().notNull(),
});

export const devSocialKeys = pgTable(
  'dev_social_keys',
  {
    provider: socialProvider().notNull(),
    kid: text().notNull(),
    privateJwk: jsonb().$type<JsonWebKey>().notNull(),
    publicJwk: jsonb().$type<JsonWebKey>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.provider, t.kid] })],
);
