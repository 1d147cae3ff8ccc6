// Chat attachments: any file up to the size limit, its type decided by its bytes (the declared type and
// the name are never trusted for what the browser is told). Only images are shown inline; everything else
// is served as a download to members of the room.
import type { Db } from '../../drizzle/db.ts';
import type { Bindings } from '../env.ts';
import { ApiError } from '../lib/errors.ts';
import { detectImageType } from '../files/image-type.ts';
import { deleteUploadedFiles, insertUploadedFile } from '../files/files.queries.ts';
import { ATTACHMENT_MAX_BYTES, MESSAGE_FILES_MAX_BYTES, MESSAGE_MAX_FILES } from './chats.schemas.ts';
import type { NewAttachment } from './chats.queries.ts';

const OOXML: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

const startsWith = (bytes: Uint8Array, text: string) => text.split('').every((ch, i) => bytes[i] === ch.charCodeAt(0));

/** The type we store and serve a file under, from its first bytes; the name only refines a zip container. */
export function detectFileType(bytes: Uint8Array, name: string): string {
  const image = detectImageType(bytes);
  if (image) return image;
  if (startsWith(bytes, '%PDF-')) return 'application/pdf';
  if (startsWith(bytes, 'PK\x03\x04')) return OOXML[name.split('.').pop()?.toLowerCase() ?? ''] ?? 'application/zip';
  if (isPlainText(bytes)) return 'text/plain';
  return 'application/octet-stream';
}

function isPlainText(bytes: Uint8Array) {
  const head = bytes.subarray(0, 4096);
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head.length < bytes.length ? head.subarray(0, lastCharBoundary(head)) : head);
    return true;
  } catch {
    return false;
  }
}

/** Cuts a UTF-8 prefix back to a character boundary, so a cut multi-byte character isn't read as binary. */
function lastCharBoundary(bytes: Uint8Array) {
  let end = bytes.length;
  for (let i = 1; i <= 3 && end - i >= 0; i++) {
    if ((bytes[end - i] & 0xc0) !== 0x80) {
      const lead = bytes[end - i];
      const need = lead >= 0xf0 ? 4 : lead >= 0xe0 ? 3 : lead >= 0xc0 ? 2 : 1;
      return need > i ? end - i : end;
    }
  }
  return end;
}

/** A file name safe to store and show: no path, no control characters, at most 255 characters. */
export function cleanFileName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? '';
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 255);
  return cleaned || 'файл';
}

/** Checks the count and sizes before anything is stored, with the field in the envelope. */
export function checkAttachments(files: File[]) {
  if (files.length > MESSAGE_MAX_FILES) {
    const detail = `Можно прикрепить не больше ${MESSAGE_MAX_FILES} файлов`;
    throw new ApiError(400, 'too_many_files', detail, { files: detail });
  }
  if (files.reduce((sum, f) => sum + f.size, 0) > MESSAGE_FILES_MAX_BYTES) {
    const detail = 'Все файлы одного сообщения вместе — не больше 25 МБ';
    throw new ApiError(413, 'files_too_large', detail, { files: detail });
  }
  for (const file of files) {
    if (file.size === 0) throw new ApiError(400, 'empty_file', `Файл «${cleanFileName(file.name)}» пустой`, { files: 'Пустой файл' });
    if (file.size > ATTACHMENT_MAX_BYTES) {
      const detail = `Файл «${cleanFileName(file.name)}» больше 10 МБ`;
      throw new ApiError(413, 'file_too_large', detail, { files: detail });
    }
  }
}

/** Puts the files into R2 and records them; the caller links them to the message or calls `discard`. */
export async function storeAttachments(env: Pick<Bindings, 'FILES'>, db: Db, ownerId: number, files: File[]): Promise<NewAttachment[]> {
  const stored: NewAttachment[] = [];
  try {
    for (const file of files) {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const name = cleanFileName(file.name);
      const contentType = detectFileType(bytes, name);
      const fileId = crypto.randomUUID();
      const key = `chat_attachment/${fileId}`;
      await env.FILES.put(key, bytes, { httpMetadata: { contentType } });
      await insertUploadedFile(db, { id: fileId, ownerId, purpose: 'chat_attachment', key, contentType, sizeBytes: bytes.length, originalName: name });
      stored.push({ fileId, name, sizeBytes: bytes.length, contentType });
    }
    return stored;
  } catch (e) {
    await discardAttachments(env, db, stored);
    throw e;
  }
}

/** Removes stored files that never became part of a message. */
export async function discardAttachments(env: Pick<Bindings, 'FILES'>, db: Db, files: NewAttachment[]) {
  if (!files.length) return;
  const ids = files.map((f) => f.fileId);
  await deleteUploadedFiles(db, ids);
  await Promise.all(ids.map((id) => env.FILES.delete(`chat_attachment/${id}`)));
}

/** The response headers for serving an attachment: inline only for images, a download otherwise. */
export function attachmentHeaders(row: { content_type: string; size_bytes: number; name: string }) {
  const inline = row.content_type.startsWith('image/');
  const type = row.content_type === 'text/plain' ? 'text/plain; charset=utf-8' : row.content_type;
  return {
    'content-type': type,
    'content-length': String(row.size_bytes),
    'content-disposition': `${inline ? 'inline' : 'attachment'}; filename*=UTF-8''${encodeURIComponent(row.name)}`,
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    'cache-control': 'private, max-age=3600',
  };
}
