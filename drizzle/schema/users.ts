import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, numeric, pgEnum, pgTable, smallint, text, uniqueIndex, uuid, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { category } from './categories.ts';
import { createdAt, id, ts, updatedAt } from './columns.ts';

export const userRole = pgEnum('user_role', ['mentee', 'mentor', 'admin']);

/**
 * One table for every account. The mentor_* names of the spec's API map onto these columns
 * (mentor_name -> first_name, mentor_title -> telegram_link, mentor_tg_title -> tg_title, …).
 */
export const users = pgTable(
  'users',
  {
    id: id(),
    /** null only for an account registered by phone that has not added an e-mail yet */
    email: varchar({ length: 254 }),
    /** the phone this person proved with a code (registration by SMS, or a confirmed change): the only one that signs in */
    phone: varchar({ length: 16 }),
    /** a phone entered in the profile and not confirmed yet (decision 013): it signs nobody in and belongs to nobody */
    pendingPhone: varchar({ length: 16 }),
    role: userRole().notNull().default('mentee'),
    firstName: varchar({ length: 50 }).notNull().default(''),
    lastName: varchar({ length: 50 }).notNull().default(''),
    city: varchar({ length: 50 }),
    telegramLink: varchar({ length: 100 }),
    tgTitle: varchar({ length: 100 }),
    description: varchar({ length: 500 }).notNull().default(''),
    specialization: varchar({ length: 255 }),
    /** a mentor's main category, for the mentor list's category filter */
    category: category(),
    skills: text().array().notNull().default(sql`'{}'::text[]`),
    avatarUrl: text(),
    /** the uploaded avatar behind avatar_url, so replacing or removing it deletes the old file */
    avatarFileId: uuid().references((): AnyPgColumn => uploadedFiles.id, { onDelete: 'set null' }),
    /**
     * The card's «от {price} ₽ за сессию»: the lowest cost of the mentor's consultation types not archived, null when
     * there is none. Derived, never written: triggers keep it (migration 0033), so the list filters and sorts on it.
     */
    price: integer(),
    timeZone: text().notNull().default('Europe/Moscow'),
    /**
     * «Профиль подтверждён»: set only by approving an application after a held vetting interview, with that interview's
     * start as verified_at (a trigger refuses any other way, migration 0040; decision 004)
     */
    isVerified: boolean().notNull().default(false),
    verifiedAt: ts(),
    /**
     * the people whose rating counts (each once, their latest; a consultation's only when held) and the sum of their
     * stars, recounted by triggers on the reviews and the attendance (migration 0027, decision 010), so mentor lists sort
     * by rating without aggregating
     */
    reviewsCount: integer().notNull().default(0),
    reviewStarsSum: integer().notNull().default(0),
    /** the card's rating, 5.0 until the first review; stored so the mentor list walks an index in rating order
     * (numeric(2,1) arrives as a string such as '4.5') */
    rating: numeric({ precision: 2, scale: 1 })
      .notNull()
      .generatedAlwaysAs(sql`case when reviews_count = 0 then 5.0 else round(review_stars_sum::numeric / reviews_count, 1) end`),
    /** a mentor's reliability for their profile (decision 012, «Attendance and money»): paid consultations they
     * missed (refunded by the no-show job) and paid consultations or events with paid participants they cancelled */
    mentorNoShowCount: integer().notNull().default(0),
    mentorCancellationCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** normalised name, titles, specialization, skills and description for the mentor list's search (migration 0005) */
    searchText: text()
      .notNull()
      .generatedAlwaysAs(sql`forma_mentor_search_text(first_name, last_name, tg_title, specialization, skills, description)`),
  },
  (t) => [
    uniqueIndex('users_email_lower_uq').on(sql`lower(${t.email})`),
    uniqueIndex('users_phone_uq').on(t.phone).where(sql`${t.phone} is not null`),
    check('users_email_shape', sql`${t.email} ~ '^[^@\\s]+@[^@\\s]+$'`),
    check('users_review_stats', sql`${t.reviewsCount} >= 0 and ${t.reviewStarsSum} >= 0`),
    check('users_mentor_reliability', sql`${t.mentorNoShowCount} >= 0 and ${t.mentorCancellationCount} >= 0`),
    // «an e-mail, a phone or a linked provider account»: a constraint trigger (migration 0065), as the identities are another table
    check('users_price_range', sql`${t.price} between 0 and 150000`),
    index('users_role_idx').on(t.role),
    index('users_category_idx').on(t.category).where(sql`${t.role} = 'mentor'`),
    index('users_search_trgm_idx').using('gin', t.searchText.op('gin_trgm_ops')).where(sql`${t.role} = 'mentor'`),
    // the mentor list's default order, walked in order up to the page's end (decision 015, «The mentor list's order»)
    index('users_mentor_rating_idx').on(t.rating.desc().nullsFirst(), t.reviewsCount.desc().nullsFirst(), t.id).where(sql`${t.role} = 'mentor'`),
  ],
);

// Uploads live beside the users table: a file names its owner and a user's avatar names a file, so the two tables
// reference each other and one module holds both (two modules would import each other).
export const filePurpose = pgEnum('file_purpose', ['avatar', 'event_cover', 'chat_attachment', 'case_image']);

/** Every object we keep in R2; the bytes live there under `key`, served only through our own /media path. */
export const uploadedFiles = pgTable(
  'uploaded_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    ownerId: integer().references(() => users.id, { onDelete: 'set null' }),
    purpose: filePurpose().notNull(),
    key: text().notNull().unique(),
    contentType: text().notNull(),
    sizeBytes: integer().notNull(),
    originalName: text(),
    createdAt: createdAt(),
  },
  (t) => [check('uploaded_files_size_positive', sql`${t.sizeBytes} > 0`), index().on(t.ownerId)],
);

export const workExperiences = pgTable(
  'work_experiences',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    positionTitle: varchar({ length: 255 }).notNull(),
    companyName: varchar({ length: 255 }).notNull(),
    startDate: date().notNull(),
    /** null: the current job */
    endDate: date(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId),
    check('work_experiences_dates', sql`${t.endDate} is null or ${t.endDate} >= ${t.startDate}`),
  ],
);

export const educations = pgTable(
  'educations',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    universityName: varchar({ length: 255 }).notNull(),
    specialty: varchar({ length: 255 }).notNull(),
    startYear: smallint().notNull(),
    /** null: still studying */
    endYear: smallint(),
    createdAt: createdAt(),
  },
  (t) => [
    index().on(t.userId),
    check('educations_years', sql`${t.startYear} between 1900 and 2200 and (${t.endYear} is null or ${t.endYear} >= ${t.startYear})`),
  ],
);

/** Case images on a mentor's profile (gallery with captions). */
export const caseImages = pgTable(
  'case_images',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    url: text().notNull(),
    alt: varchar({ length: 255 }),
    caption: varchar({ length: 500 }),
    position: smallint().notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index().on(t.userId, t.position)],
);

export const mentorApplicationStatus = pgEnum('mentor_application_status', ['draft', 'submitted', 'approved', 'rejected']);

export const mentorApplications = pgTable(
  'mentor_applications',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    status: mentorApplicationStatus().notNull().default('draft'),
    /** The form as the spec's payload: mentor_name, mentor_surname, mentor_skills, work_experiences, … */
    payload: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    submittedAt: ts(),
    reviewedAt: ts(),
    reviewedBy: integer().references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: varchar({ length: 1000 }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one application in progress per user; decided ones stay as history.
    uniqueIndex('mentor_applications_open_uq').on(t.userId).where(sql`${t.status} in ('draft', 'submitted')`),
  ],
);

export const mentorFavorites = pgTable(
  'mentor_favorites',
  {
    id: id(),
    userId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    mentorId: integer().notNull().references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('mentor_favorites_pair_uq').on(t.userId, t.mentorId),
    index().on(t.mentorId),
    check('mentor_favorites_not_self', sql`${t.userId} <> ${t.mentorId}`),
  ],
);
