import type { InferResponseType } from 'hono/client';
import type { ConferenceContentType } from '../../../party/protocol/conference.ts';
import { api, unwrap } from '../../lib/api-client.ts';
import type { SfuApi } from './sfu/sfu-transport.ts';

/*
 * The meeting calls of spec 002 §7 through the typed client: what the meeting is (an event or a booking, with its
 * mentor), starting the room (the mentor) and asking for it (everyone: the join credential, ICE servers, the
 * socket's path). Decision 012.
 */

export type ConferenceJoin = InferResponseType<typeof api.conferences.get.$get, 200>;
/** When the room opens and closes, by the server's clock (the join page's countdown). */
export type ConferenceWindow = InferResponseType<typeof api.conferences.window.$get, 200>;
/** /BaseMeet's ticket into the public demo room: the fixed test values and a guest's join token. */
export type DemoJoin = InferResponseType<typeof api.conferences.demo.join.$post, 200>;

/** The meeting as the join flow needs it: who leads it, its title and start. */
export type MeetingInfo = { mentorId: number; title: string; startsAt: string };

export const conferenceApi = {
  meeting: async (contentType: ConferenceContentType, id: number): Promise<MeetingInfo> => {
    if (contentType === 'mentorinterview') {
      const interview = await unwrap(await api['mentor-interviews'][':id'].$get({ param: { id: String(id) } }));
      return { mentorId: interview.host_id ?? -1, title: interview.title, startsAt: interview.starts_at };
    }
    if (contentType === 'events') {
      const event = await unwrap(await api.events.GetEvent.$get({ query: { id: String(id) } }));
      return { mentorId: event.mentor, title: event.title, startsAt: event.date };
    }
    const response = await api['consultation-bookings'][':id'].detail.$get({ param: { id: String(id) } });
    // the detail hides someone else's booking as missing; the meeting call names it as the spec does («нет доступа»)
    if (response.status === 404) await conferenceApi.join(contentType, id);
    const booking = await unwrap(response);
    return { mentorId: booking.slot.consultation_type.user.id, title: booking.slot.consultation_type.name, startsAt: booking.slot.start_time };
  },
  start: async (contentType: ConferenceContentType, id: number) =>
    unwrap(await api.conferences['update-from-salute-jazz'].$post({ json: { content_type: contentType, object_id: id, status: 'started' } })),
  end: async (contentType: ConferenceContentType, id: number) =>
    unwrap(await api.conferences['update-from-salute-jazz'].$post({ json: { content_type: contentType, object_id: id, status: 'ended' } })),
  join: async (contentType: ConferenceContentType, id: number): Promise<ConferenceJoin> =>
    unwrap(await api.conferences.get.$get({ query: { content_type: contentType, object_id: String(id) } })),
  window: async (contentType: ConferenceContentType, id: number): Promise<ConferenceWindow> =>
    unwrap(await api.conferences.window.$get({ query: { content_type: contentType, object_id: String(id) } })),
  demoJoin: async (): Promise<DemoJoin> => unwrap(await api.conferences.demo.join.$post()),
  /** The SFU proxy's calls for one meeting; a new session shows the join token `joinToken` gives at the time. */
  sfu: (contentType: ConferenceContentType, id: number, joinToken: () => Promise<string>): SfuApi => {
    const meeting = { content_type: contentType, object_id: id };
    return {
      session: async () => unwrap(await api.conferences.sfu.sessions.$post({ json: { ...meeting, join_token: await joinToken() } })),
      tracks: async (body) => unwrap(await api.conferences.sfu.tracks.$post({ json: { ...meeting, ...body } })),
      renegotiate: async (body) => unwrap(await api.conferences.sfu.renegotiate.$post({ json: { ...meeting, ...body } })),
      close: async (body) => unwrap(await api.conferences.sfu.tracks.close.$post({ json: { ...meeting, ...body } })),
    };
  },
};
