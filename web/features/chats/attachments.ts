import { ATTACHMENT_MAX_BYTES, MESSAGE_FILES_MAX_BYTES, MESSAGE_MAX_FILES } from '../../../worker/chats/chats.schemas.ts';
import { formatFileSize } from '../../lib/file-size.ts';

export type AttachmentCheck = { files: File[]; error?: string };

/**
 * Adds the chosen files to those already attached, refusing what the server would refuse: more than
 * five files in all, or a file over 10 MB (the others still go in).
 */
export function addAttachments(current: readonly File[], chosen: readonly File[]): AttachmentCheck {
  if (current.length + chosen.length > MESSAGE_MAX_FILES) {
    return { files: [...current], error: `Можно прикрепить не больше ${MESSAGE_MAX_FILES} файлов` };
  }
  const tooBig = chosen.filter((file) => file.size > ATTACHMENT_MAX_BYTES);
  const files = [...current, ...chosen.filter((file) => file.size <= ATTACHMENT_MAX_BYTES)];
  const total = files.reduce((sum, file) => sum + file.size, 0);
  if (total > MESSAGE_FILES_MAX_BYTES) {
    return { files: [...current], error: `Все файлы одного сообщения вместе — не больше ${formatFileSize(MESSAGE_FILES_MAX_BYTES)}` };
  }
  if (!tooBig.length) return { files };
  const names = tooBig.map((file) => `«${file.name}»`).join(', ');
  const limit = formatFileSize(ATTACHMENT_MAX_BYTES);
  return { files, error: tooBig.length === 1 ? `Файл ${names} больше ${limit}` : `Файлы ${names} больше ${limit}` };
}
