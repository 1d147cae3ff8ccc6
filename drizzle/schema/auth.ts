import { sql } from 'drizzle-orm';
import { boolean, check, index, inet, integer, jsonb, pgEnum, pgTable, primaryKey, smallint, text, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, ts } from './columns.ts';
import { users } from './users.ts';

export const loginCodePurpose = pgEnum('login_code_purpose', ['login', 'registration', 'phone_change']);

/** One-time 4-digit codes: only a hash is stored; single use, short-lived, few tries. */
export const loginCodes = pgTable(
  'login_codes',
  {
    id: id(),
    purpose: loginCodePurpose().notNull(),
    /** e-mail (lower case) or phone the code was sent to */
    destination: varchar({ length: 254 }).notNull(),
    codeHash: text().notNull(),
    attempts: smallint().notNull().default(0),
    /** what registration asked for (role, username, phone) until the code confirms it */
    registration: jsonb().$type<Record<string, unknown>>(),
    requestIp: inet(),
    /**
     * Who may try this code (worker/auth/sign-in-channel.ts): a known device or network of the account, or null for
     * anyone else. A code is retired, tried and redeemed only on its own channel, so strangers cannot spoil it.
     */
    channel: text(),
    expiresAt: ts().notNull(),
    consumedAt: ts(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.destination, t.createdAt),
    check('login_codes_attempts', sql`${t.attempts} between 0 and 5`),
  ],
);

/** Refresh tokens (hashed). Rotation keeps the family; a replayed old token revokes the whole family. */
export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid().notNull(),
    tokenHash: text().notNull().unique(),
    expiresAt: ts().notNull(),
    rotatedAt: ts(),
    revokedAt: ts(),
    userAgent: varchar({ length: 512 }),
    ip: inet(),
    /** «Запомнить меня»: false keeps the cookies for the browser session only, through every rotation of the family */
    persistent: boolean().notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId), index().on(t.familyId)],
);

export const legalDocument = pgEnum('legal_document', ['privacy_policy', 'public_offer']);

/**
 * Which edition of the privacy policy and the public offer a person accepted, and when (152-ФЗ asks the operator to
 * prove consent). A new edition adds rows; the old ones stay as the record of what was agreed to then.
 */
export const legalConsents = pgTable(
  'legal_consents',
  {
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    document: legalDocument().notNull(),
    version: varchar({ length: 32 }).notNull(),
    acceptedAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.document, t.version] })],
);

/** Rate-limit counters per fixed window (per e-mail, per IP, …), shared by every Worker isolate; enforceLimits slides over two of them. */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    key: text().notNull(),
    windowStart: ts().notNull(),
    count: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index().on(t.windowStart)],
);

/**
 * Exponential back-off per key (worker/lib/rate-limit-backoff.queries.ts): `failures` tries charged since the last
 * success, and the moment the next try is allowed. A success deletes the row.
 */
export const backoffCounters = pgTable(
  'backoff_counters',
  {
    key: text().primaryKey(),
    failures: integer().notNull(),
    nextTryAt: ts().notNull(),
  },
  (t) => [index().on(t.nextTryAt), check('backoff_counters_failures', sql`${t.failures} > 0`)],
);
