import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Download, FileText, Paperclip } from 'lucide-react';
import { formatDate } from '../../lib/dayjs.ts';
import { fileTypeLabel, formatFileSize } from '../../lib/file-size.ts';
import { downloadsQueries, type ChatFile } from './downloads.api.ts';
import { PagedSection } from './paged-section.tsx';

/** «Файлы из чатов»: every file of my chats, newest first, each a download link. */
export function ChatFilesSection({ userId, timeZone }: { userId: number; timeZone?: string }) {
  const query = useInfiniteQuery(downloadsQueries.chatFiles(userId));
  return (
    <PagedSection<ChatFile>
      id="loads-chat-files"
      title="Файлы из чатов"
      description="Всё, что вы и ваши собеседники отправляли в чатах."
      query={query}
      loadingLabel="Загрузка файлов"
      errorText="Не удалось загрузить файлы"
      empty={{ icon: <Paperclip />, title: 'Файлов пока нет', description: 'Файлы, отправленные в чатах, появятся здесь.' }}
      itemKey={(file) => file.id}
      renderItem={(file) => <ChatFileRow file={file} timeZone={timeZone} />}
    />
  );
}

function ChatFileRow({ file, timeZone }: { file: ChatFile; timeZone?: string }) {
  return (
    <div className="flex items-center gap-3">
      <div className="grid size-10 shrink-0 place-content-center rounded-lg bg-primary/10 text-primary">
        <FileText className="size-5" aria-hidden />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <a href={file.url} download={file.name} className="truncate font-medium hover:text-primary hover:underline">
          {file.name}
        </a>
        <p className="truncate text-xs text-muted-foreground">
          <span data-testid="file-size">{formatFileSize(file.size)}</span> · {fileTypeLabel(file.name, file.type)} ·{' '}
          <Link to="/ChatsPage" search={{ roomId: file.room.id }} className="hover:underline">
            {file.room.name}
          </Link>
          {file.sender ? ` · ${file.sender.name}` : null} · <time dateTime={file.created_at}>{formatDate(file.created_at, timeZone)}</time>
        </p>
      </div>
      <a
        href={file.url}
        download={file.name}
        aria-label={`Скачать ${file.name}`}
        className="grid size-9 shrink-0 place-content-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Download className="size-4" aria-hidden />
      </a>
    </div>
  );
}
