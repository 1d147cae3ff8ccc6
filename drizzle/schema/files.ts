import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { users } from './users.ts';

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
