// The conference calls of spec 002 §7 (decision 012): request schemas and answer shapes. Pure zod, so the
// web's join flow imports the same messages.
import { z } from 'zod';
import { conferenceContentType, type ConferenceContentType } from '../../party/protocol/conference.ts';
import { idParam } from '../lib/id-param.ts';

/** GET /conferences/get/ per person and minute: participants poll every 2 s (30 a minute), with room for two tabs. */
export const CONFERENCE_GETS_PER_MINUTE = 120;

export const conferenceMessages = {
  noId: 'Не указан ID мероприятия или бронирования',
  contentType: 'Укажите тип: events или consultationbooking',
  eventNotFound: 'Мероприятие не найдено',
  bookingNotFound: 'Бронирование не найдено',
  interviewNotFound: 'Интервью не найдено',
  interviewCanceled: 'Интервью отменено. Новое время можно выбрать на странице заявки',
  eventCanceled: 'Мероприятие отменено',
  bookingCanceled: 'Бронирование отменено',
  bookingNotPaid: 'Бронирование не оплачено',
  notRegistered: 'Вы не зарегистрированы на это мероприятие',
  registrationNotPaid: 'Участие в мероприятии не оплачено',
  noBookingAccess: 'У вас нет доступа к этому бронированию',
  hostOnly: 'Только ведущий может начать конференцию',
  notStarted: 'Конференция ещё не началась',
  ended: 'Конференция завершена',
  tooEarly: 'Конференцию можно начать не раньше чем за 30 минут до начала',
  tooLate: 'Время конференции прошло: её можно начать не позже чем через 2 часа после окончания',
} as const;

const contentType = z.enum(conferenceContentType.options, { error: conferenceMessages.contentType });
const objectId = idParam(conferenceMessages.noId);

/** GET /conferences/get/?content_type=&object_id= */
export const conferenceQuery = z.object({ content_type: contentType, object_id: objectId });

/**
 * POST /conferences/update-from-salute-jazz/: the spec's body. login and password are accepted for its shape
 * and ignored: the server mints the room's credentials.
 */
export const conferenceUpdateBody = z.object({
  content_type: contentType,
  object_id: objectId,
  login: z.unknown().optional(),
  password: z.unknown().optional(),
  status: z.enum(['started', 'ended'], { error: 'Статус конференции: started или ended' }).default('started'),
});

/** RTCIceServer as the browser takes it (workerd has no WebRTC types). */
export type IceServer = { urls: string | string[]; username?: string; credential?: string };

/** The POST's answer: the room as it now is (no password: the mentor reads it, like everyone, from GET). */
export type ConferenceState = {
  content_type: ConferenceContentType;
  object_id: number;
  login: string;
  status: 'started' | 'ended';
  started_at: string;
};

/** GET's answer: everything the client needs to join, for this person only. */
export type ConferenceJoin = {
  content_type: ConferenceContentType;
  object_id: number;
  login: string;
  password: string;
  status: 'started';
  role: 'host' | 'participant';
  /** the short-lived credential the socket's upgrade checks (10 minutes) */
  join_token: string;
  ws_path: string;
  ice_servers: IceServer[];
  /** 'sfu' for an event when Cloudflare's Realtime SFU is configured (POST /conferences/sfu/… then carry the media); otherwise 'mesh' */
  topology: 'mesh' | 'sfu';
  /** the most people in a browser-to-browser mesh (MESH_MAX_PEERS), whatever this meeting's topology */
  mesh_limit: number;
  /** the most people this room admits: mesh_limit in a mesh, EVENT_SFU_MAX_PEERS through the SFU */
  max_peers: number;
  title: string;
  starts_at: string;
  ends_at: string;
} & RecordingState;

/**
 * Whether the meeting is recorded (the mentor's choice; the join screen says so before anyone enters) and the
 * recording in progress now, if any (decision 019).
 */
export type RecordingState = { is_recorded: boolean; recording: { id: number; started_at: string } | null };

/**
 * GET /api/conferences/window/ (ours, decision 012): when this person's meeting room opens and closes, by the
 * server's clock, so the join page can count down to the opening and move on by itself on any device clock.
 */
export type ConferenceWindowAnswer = {
  content_type: ConferenceContentType;
  object_id: number;
  role: 'host' | 'participant';
  starts_at: string;
  /** OPENS_BEFORE_MINUTES before the start */
  opens_at: string;
  /** CLOSES_AFTER_MINUTES after the planned end */
  closes_at: string;
  /** before: counting down; open: the mentor may start it and participants wait for that; after: over */
  state: 'before' | 'open' | 'after';
  /** the server's clock when it answered */
  now: string;
} & RecordingState;

/**
 * GET /api/conferences/limits/ (ours, decision 012): how many people a meeting's room admits here, so the event
 * editor can warn a mentor whose seats outgrow it before anyone registers.
 */
export type ConferenceLimits = {
  /** the most people in a browser-to-browser room, the mentor included (MESH_MAX_PEERS) */
  mesh_limit: number;
  /** whether larger events go through the SFU here (production with its secrets) */
  sfu: boolean;
  /** the most people in an event's room through the SFU, the mentor included (EVENT_SFU_MAX_PEERS) */
  sfu_max_peers: number;
};
