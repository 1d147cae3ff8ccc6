// The rows of uploaded_files (files.ts keeps the bytes in R2 beside them).
import { eq, inArray } from 'drizzle-orm';
import type { Db, Executor } from '../../drizzle/db.ts';
import { uploadedFiles } from '../../drizzle/schema/users.ts';

export async function findUploadedFile(db: Db, id: string) {
  const [row] = await db.select().from(uploadedFiles).where(eq(uploadedFiles.id, id));
  return row ?? null;
}

export async function insertUploadedFile(db: Executor, values: typeof uploadedFiles.$inferInsert) {
  await db.insert(uploadedFiles).values(values);
}

/** Deletes the row; the key of its bytes, or null when there was no such file. */
export async function deleteUploadedFile(db: Executor, id: string) {
  const [row] = await db.delete(uploadedFiles).where(eq(uploadedFiles.id, id)).returning({ key: uploadedFiles.key });
  return row?.key ?? null;
}

/** Deletes the rows of files that never became part of anything (their bytes are the caller's to delete). */
export async function deleteUploadedFiles(db: Executor, ids: string[]) {
  if (ids.length) await db.delete(uploadedFiles).where(inArray(uploadedFiles.id, ids));
}
