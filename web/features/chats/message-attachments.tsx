import { FileText } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import type { ChatFile } from './chats.api.ts';
import { fileTypeLabel, formatFileSize } from '../../lib/file-size.ts';
import { isImage } from './chat-format.ts';

/** A message's files: pictures inline (opening the original), other files as download chips. */
export function MessageAttachments({ files, own }: { files: readonly ChatFile[]; own: boolean }) {
  const images = files.filter((file) => isImage(file.type));
  const others = files.filter((file) => !isImage(file.type));
  return (
    <div className="flex flex-col gap-1.5">
      {images.length ? (
        <div className={cn('grid gap-1', images.length > 1 && 'grid-cols-2')}>
          {images.map((file) => (
            <a key={file.id} href={file.url} target="_blank" rel="noopener" className="block overflow-hidden rounded-lg bg-muted">
              <img src={file.url} alt={file.name} loading="lazy" className="max-h-72 w-full object-cover" />
            </a>
          ))}
        </div>
      ) : null}
      {others.map((file) => (
        <FileChip key={file.id} file={file} own={own} />
      ))}
    </div>
  );
}

export function FileChip({ file, own }: { file: ChatFile; own: boolean }) {
  return (
    <a
      href={file.url}
      download={file.name}
      className={cn(
        'flex min-w-0 items-center gap-2.5 rounded-lg px-2.5 py-2 transition-colors',
        own ? 'bg-primary-foreground/15 hover:bg-primary-foreground/25' : 'bg-background/70 hover:bg-background',
      )}
    >
      <span className={cn('grid size-9 shrink-0 place-content-center rounded-md', own ? 'bg-primary-foreground/20' : 'bg-primary/10 text-primary')}>
        <FileText aria-hidden className="size-4.5" />
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="truncate text-sm font-medium">{file.name}</span>
        <span className={cn('text-xs', own ? 'text-primary-foreground/75' : 'text-muted-foreground')}>
          {formatFileSize(file.size)} · {fileTypeLabel(file.name, file.type)}
        </span>
      </span>
    </a>
  );
}
