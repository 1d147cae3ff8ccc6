// Recorded sessions (decision 019): request schemas, limits, messages and the Recording shape. Pure zod, so the
// web's recorder and player import the same numbers and words.
import { z } from 'zod';
import { idParam } from '../lib/id-param.ts';

/** One uploaded part at most (a 2-s chunk is tens of KB; a generous ceiling for a high bitrate or a late flush). */
export const RECORDING_MAX_PART_BYTES = 8 * 1024 * 1024;
/** The whole recording at most: 4 GiB… */
export const RECORDING_MAX_BYTES = 4 * 1024 * 1024 * 1024;
/** …and 4 hours. */
export const RECORDING_MAX_DURATION_MS = 4 * 60 * 60 * 1000;
/** How long a recording is kept after its start; the scheduler deletes it then. */
export const RECORDING_KEEP_DAYS = 30;
/** A recording with no part for this long is finished as it is by the scheduler (the host's tab closed, the network gone). */
export const RECORDING_STALE_MS = 2 * 60 * 1000;
/**
 * Parts per host and minute: one every 2 s is 30, and a reconnect resends what was queued at once; 240 lets a minute
 * of backlog through twice over, and still stops a runaway loop.
 */
export const RECORDING_PUTS_PER_MINUTE = 240;

/** The types a recorder may declare: what MediaRecorder makes in Chrome/Firefox (WebM) and Safari (MP4). */
export const RECORDING_MIME = /^(video|audio)\/(webm|mp4)(;\s*codecs="?[A-Za-z0-9.,\s]{1,60}"?)?$/;

export const recordingMessages = {
  notFound: 'Запись не найдена',
  meetingNotFound: 'Встреча не найдена',
  contentType: 'Укажите тип: events или consultationbooking',
  noId: 'Не указан ID мероприятия или бронирования',
  mime: 'Неподдерживаемый формат записи',
  hostOnly: 'Записывать встречу может только её ведущий',
  notStarted: 'Конференция ещё не началась',
  off: 'Запись этой встречи выключена в настройках',
  outOfOrder: 'Часть записи пришла не по порядку: отправьте её с первой недостающей',
  finished: 'Запись уже завершена',
  format: 'Файл записи не похож на видео WebM или MP4',
  tooLarge: 'Запись достигла предельного размера и остановлена',
  partTooLarge: 'Часть записи больше 8 МБ',
  emptyPart: 'Пустая часть записи',
  storage: 'Хранилище записей не отвечает. Запись продолжится, как только оно ответит',
  storageDelete: 'Хранилище записей не отвечает. Попробуйте удалить запись через минуту',
  elapsed: 'Укажите elapsed_ms: миллисекунды от начала записи',
  duration: 'Укажите длительность записи в миллисекундах',
  range: 'Запрошенный диапазон за пределами файла',
  deleteMentorOnly: 'Удалить запись может только наставник',
} as const;

const m = recordingMessages;
export const recordingContentType = z.enum(['events', 'consultationbooking'], { error: m.contentType });
export type RecordingContentType = z.infer<typeof recordingContentType>;

/** POST /recordings/ */
export const recordingCreateBody = z.object({
  content_type: recordingContentType,
  object_id: idParam(m.noId),
  mime_type: z.string({ error: m.mime }).trim().max(100, m.mime).regex(RECORDING_MIME, m.mime),
});

/** GET /recordings/?content_type=&object_id= */
export const recordingListQuery = z.object({ content_type: recordingContentType, object_id: idParam(m.noId) });

/** PUT /recordings/{id}/parts/{n}/?elapsed_ms= */
export const recordingPartQuery = z.object({
  elapsed_ms: z.coerce.number({ error: m.elapsed }).int(m.elapsed).min(0, m.elapsed).max(RECORDING_MAX_DURATION_MS * 2, m.elapsed),
});

/** POST /recordings/{id}/finish/ */
export const recordingFinishBody = z.object({
  duration_ms: z.coerce.number({ error: m.duration }).int(m.duration).min(0, m.duration).max(RECORDING_MAX_DURATION_MS * 2, m.duration).optional(),
});

export type RecordingStatus = 'recording' | 'ready' | 'deleted';

/** A recording as the API shows it. */
export type Recording = {
  id: number;
  content_type: RecordingContentType;
  object_id: number;
  /** the event's title or the consultation's type name */
  title: string;
  status: RecordingStatus;
  mime_type: string;
  duration_ms: number;
  size_bytes: number;
  started_at: string;
  finished_at: string | null;
  expires_at: string;
  /** the bytes, with range requests: `/api/recordings/<id>/file/` */
  file_url: string;
  /** the meeting's mentor may delete it at once */
  can_delete: boolean;
};

/** PUT …/parts/{n}/'s answer: how many parts the server now has, and their bytes. */
export type RecordingProgress = { parts: number; size_bytes: number };

/** A recording in progress, as GET /conferences/window/ and /get/ and the room's `recording` message carry it. */
export type LiveRecording = { id: number; started_at: string };
