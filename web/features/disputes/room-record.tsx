import { Video } from 'lucide-react';
import { formatDate } from '../../lib/dayjs.ts';
import type { Dispute } from './disputes.api.ts';

type Stay = NonNullable<Dispute['attendance']['buyer']>;

const stayText = (stay: Stay | null, timeZone?: string) =>
  stay?.first_joined_at ? `вошёл ${formatDate(stay.first_joined_at, timeZone)}, был в комнате ${stay.minutes} мин` : 'в комнату не заходил';

/**
 * What the meeting's room recorded (decision 012), beside the complaint: whether the mentor opened it, when each side
 * came in and for how long, and whether the buyer waited for a room that was not open. «Наставник не пришёл» is
 * then checked against the record, not one side's word (issue 35).
 */
export function RoomRecord({ attendance, timeZone }: { attendance: Dispute['attendance']; timeZone?: string }) {
  const at = (value: string) => formatDate(value, timeZone);
  const waited = attendance.buyer_waited;
  return (
    <section aria-label="Что записала комната" className="grid gap-2 rounded-xl border p-4 text-sm">
      <h3 className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <Video aria-hidden className="size-4" />
        Что записала комната встречи
      </h3>
      <dl className="grid gap-1.5">
        <Row label="Комната" value={attendance.room_opened_at ? `открыта ${at(attendance.room_opened_at)}` : 'наставник её не открывал'} />
        <Row label="Наставник" value={stayText(attendance.mentor, timeZone)} />
        <Row label="Покупатель" value={stayText(attendance.buyer, timeZone)} />
        {waited ? <Row label="Ожидание" value={`покупатель ждал открытия комнаты с ${at(waited.first_seen_at)} до ${at(waited.last_seen_at)}`} /> : null}
      </dl>
    </section>
  );
}

function Row({ label, value }: { label: string; value: string }) {
  return (
    <div className="grid gap-0.5 sm:grid-cols-[8rem_1fr] sm:gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}
