// What a person reads when the meeting's room does not take them (decision 012): the room's close reason is at most
// 123 bytes, so the page says the rest from what GET /conferences/get/ told it about the room.
import { CONFERENCE_CLOSE } from '../../../party/protocol/conference.ts';
import { countRu } from '../../lib/plural.ts';
import type { ConferenceJoin } from './conference.api.ts';

const PARTICIPANTS = ['участник', 'участника', 'участников'] as const;

/** The page's words for a close code, or null to show the room's own reason. */
export function refusalText(code: number, join: Pick<ConferenceJoin, 'role' | 'topology' | 'max_peers'>): string | null {
  if (code !== CONFERENCE_CLOSE.full || join.role !== 'participant') return null;
  // one place is the mentor's (party/conference-limits.ts, participantPlacesOf)
  const places = countRu(join.max_peers - 1, PARTICIPANTS);
  return join.topology === 'mesh'
    ? `Все места для участников заняты. Встреча идёт без видеосервера: в ней помещаются ведущий и ${places}. Войдите снова, когда кто-нибудь выйдет, или напишите ведущему.`
    : `Все места для участников заняты: в комнате помещаются ведущий и ${places}. Войдите снова, когда кто-нибудь выйдет.`;
}
