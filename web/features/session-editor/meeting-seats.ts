// The event editor's warning about the meeting's room (decision 012, «The cap: 4 in a mesh»): without the SFU a room
// holds the mentor and three participants, so an event with more seats would leave registered people outside.
import { countRu } from '../../lib/plural.ts';

export type MeetingLimits = { mesh_limit: number; sfu: boolean };

const PARTICIPANTS = ['участника', 'участников', 'участников'] as const;

/** The warning for these seats (null: no limit), or null when everyone who may register fits the room. */
export function meetingSeatsWarning(seats: number | null, limits: MeetingLimits | undefined): string | null {
  if (!limits || limits.sfu) return null;
  const places = limits.mesh_limit - 1;
  if (seats !== null && seats <= places) return null;
  return `Видеовстреча вместит вас и ${countRu(places, PARTICIPANTS)}: видеосервер для больших встреч не подключён. Остальные участники не смогут войти в комнату — укажите не больше ${places} мест или проведите встречу в другом сервисе.`;
}
