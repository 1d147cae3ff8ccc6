import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PlayCircle, Video } from 'lucide-react';
import { formatDate, inViewerZone } from '../../lib/dayjs.ts';
import { formatFileSize } from '../../lib/file-size.ts';
import { durationText } from '../../lib/recordings/recording-texts.ts';
import { downloadsQueries, type RecordingDownload } from './downloads.api.ts';
import { PagedSection } from './paged-section.tsx';

const kindLabels: Record<string, string> = { consultationbooking: 'Консультация', events: 'Мероприятие' };

/**
 * «Записи встреч» (issue 36, decision 019): the ready recordings of my meetings I may watch, newest first, each
 * linking to its page with the player (the file itself is served only there, with range requests).
 */
export function RecordingsSection({ userId, timeZone }: { userId: number; timeZone?: string }) {
  const query = useInfiniteQuery(downloadsQueries.recordings(userId));
  return (
    <PagedSection<RecordingDownload>
      id="loads-recordings"
      title="Записи встреч"
      description="Записанные консультации и мероприятия. Каждая хранится 30 дней."
      query={query}
      loadingLabel="Загрузка записей"
      errorText="Не удалось загрузить записи"
      empty={{ icon: <Video />, title: 'Записей пока нет', description: 'Когда записанная встреча закончится, её запись появится здесь.' }}
      itemKey={(recording) => recording.id}
      renderItem={(recording) => <RecordingRow recording={recording} timeZone={timeZone} />}
    />
  );
}

function RecordingRow({ recording, timeZone }: { recording: RecordingDownload; timeZone?: string }) {
  const title = recording.title || 'Запись встречи';
  const kind = kindLabels[recording.content_type];
  return (
    <div className="flex items-center gap-3">
      <div className="grid size-10 shrink-0 place-content-center rounded-lg bg-primary/10 text-primary">
        <Video className="size-5" aria-hidden />
      </div>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link to="/recording/$id" params={{ id: String(recording.id) }} className="truncate font-medium hover:text-primary hover:underline">
          {title}
        </Link>
        <p className="text-xs text-muted-foreground">
          {kind ? `${kind} · ` : null}
          {recording.mentor.name} · <time dateTime={recording.started_at}>{formatDate(recording.started_at, timeZone)}</time>
        </p>
        <p className="text-xs text-muted-foreground">
          <span data-testid="recording-length">{durationText(recording.duration_ms)}</span> · {formatFileSize(recording.size)} · хранится до{' '}
          <time dateTime={recording.expires_at}>{inViewerZone(recording.expires_at, timeZone).format('D MMMM YYYY')}</time>
        </p>
      </div>
      <Link
        to="/recording/$id"
        params={{ id: String(recording.id) }}
        aria-label={`Смотреть запись «${title}»`}
        className="grid size-9 shrink-0 place-content-center rounded-lg text-muted-foreground outline-none hover:bg-muted hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring"
      >
        <PlayCircle className="size-5" aria-hidden />
      </Link>
    </div>
  );
}
