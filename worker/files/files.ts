// Uploaded files: bytes in R2 under a random key, a row in uploaded_files, served from /media/files/{id}.
import type { Executor } from '../../drizzle/db.ts';
import type { uploadedFiles } from '../../drizzle/schema/users.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../lib/errors.ts';
import { IMAGE_MAX_BYTES } from './file-limits.ts';
import { deleteUploadedFile, insertUploadedFile } from './files.queries.ts';
import { detectImageType } from './image-type.ts';


type Purpose = (typeof uploadedFiles.$inferInsert)['purpose'];

export function fileUrl(id: string) {
  return `/media/files/${id}`;
}

/**
 * Stores an image after checking its bytes. `field` names the form field for the error envelope.
 * The messages are the spec's (001 section 5, 002 section 5.4 uses its own for covers via `messages`).
 */
export async function storeImage(
  env: Pick<Bindings, 'FILES'>,
  db: Executor,
  input: { file: File; ownerId: number; purpose: Purpose; field: string },
  messages = { notImage: 'Пожалуйста, выберите изображение', tooLarge: 'Размер файла не должен превышать 5MB' },
) {
  const { file, field } = input;
  if (file.size > IMAGE_MAX_BYTES) throw new ApiError(413, 'file_too_large', messages.tooLarge, { [field]: messages.tooLarge });
  const bytes = new Uint8Array(await file.arrayBuffer());
  const contentType = detectImageType(bytes);
  if (!contentType) throw new ApiError(400, 'not_an_image', messages.notImage, { [field]: messages.notImage });
  const id = crypto.randomUUID();
  const key = `${input.purpose}/${id}`;
  await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
  try {
    await insertUploadedFile(db, {
      id,
      ownerId: input.ownerId,
      purpose: input.purpose,
      key,
      contentType,
      sizeBytes: bytes.length,
      originalName: file.name.slice(0, 255) || null,
    });
  } catch (e) {
    await env.FILES.delete(key);
    throw e;
  }
  return { id, url: fileUrl(id) };
}

/** Deletes a file's bytes and its row (after whatever pointed at it has been updated). */
export async function deleteFile(env: Pick<Bindings, 'FILES'>, db: Executor, id: string) {
  const key = await deleteUploadedFile(db, id);
  if (key) await env.FILES.delete(key);
}
