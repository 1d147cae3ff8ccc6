import { Clock, ListOrdered } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { formatDate } from '../../lib/dayjs.ts';
import type { EventLine } from './events.api.ts';
import { pluralRu } from './event-rules.ts';

const peopleWord = (n: number) => pluralRu(n, ['человек', 'человека', 'человек']);

/**
 * The line of a full event on its page (decision 023). To the person in it: their place and the way out, or the seat
 * offered to them with its deadline. To the event's mentor: who waits, in order, and whose seat is on offer.
 */
export function WaitlistCard({ line, isOwn, timeZone, leaving, onLeave }: { line: EventLine; isOwn: boolean; timeZone?: string; leaving: boolean; onLeave: () => void }) {
  if (isOwn) return <MentorLine line={line} timeZone={timeZone} />;
  const mine = line.mine;
  if (!mine) return null;
  if (mine.status === 'offered') {
    return (
      <section aria-label="Лист ожидания" data-testid="waitlist-card" className="grid gap-3 rounded-2xl border border-primary/40 bg-primary/5 p-4">
        <p className="flex items-start gap-2 text-sm">
          <Clock aria-hidden className="mt-0.5 size-4 shrink-0 text-primary" />
          <span>
            <strong>Для вас освободилось место.</strong> Оно держится за вами до {mine.offer_expires_at ? formatDate(mine.offer_expires_at, timeZone) : '—'}:{' '}
            {line.paid ? 'оплатите участие' : 'подтвердите участие'}, иначе место перейдёт следующему в очереди.
          </span>
        </p>
        <div>
          <Button variant="outline" size="sm" disabled={leaving} onClick={onLeave}>
            {leaving ? <Spinner className="text-current" label="Подождите" /> : null}
            Отказаться от места
          </Button>
        </div>
      </section>
    );
  }
  return (
    <section aria-label="Лист ожидания" data-testid="waitlist-card" className="grid gap-3 rounded-2xl border bg-secondary/40 p-4">
      <p className="flex items-start gap-2 text-sm">
        <ListOrdered aria-hidden className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
        <span>
          <strong>Вы в листе ожидания: {mine.position}-й в очереди.</strong> Когда место освободится, мы пришлём уведомление и письмо, и место
          будет держаться за вами до двух часов (ближе к началу — меньше).
        </span>
      </p>
      <div>
        <Button variant="outline" size="sm" disabled={leaving} onClick={onLeave}>
          {leaving ? <Spinner className="text-current" label="Подождите" /> : null}
          Выйти из очереди
        </Button>
      </div>
    </section>
  );
}

function MentorLine({ line, timeZone }: { line: EventLine; timeZone?: string }) {
  const people = line.people ?? [];
  if (!people.length) return null;
  return (
    <section aria-labelledby="event-waitlist" data-testid="waitlist-card" className="grid gap-3 rounded-2xl border p-4">
      <h2 id="event-waitlist" className="text-lg font-semibold">
        Лист ожидания
      </h2>
      <p className="text-sm text-muted-foreground">
        Ждут места: {line.waiting} {peopleWord(line.waiting)}
        {line.offered > 0 ? `, место предложено: ${line.offered} ${peopleWord(line.offered)}` : ''}. Освободившееся место само предлагается первому в
        очереди.
      </p>
      <ol className="grid gap-1.5 text-sm">
        {people.map((p) => (
          <li key={p.user_id} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 border-b pb-1.5 last:border-b-0 last:pb-0">
            <span className="min-w-0 break-words">
              {p.position != null ? `${p.position}. ` : ''}
              {p.name || 'Участник'}
            </span>
            <span className="text-xs text-muted-foreground">
              {p.status === 'offered' ? `место предложено до ${p.offer_expires_at ? formatDate(p.offer_expires_at, timeZone) : '—'}` : 'ждёт'}
            </span>
          </li>
        ))}
      </ol>
    </section>
  );
}
