import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Button } from '../../components/ui/button.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { pendingSeatLabel } from '../../lib/events/pending-seat.ts';
import { DisputeState } from './dispute-state.tsx';
import { cancelCutoffMessage, cutoffPassed } from '../../../worker/bookings/booking-rules.ts';
import {
  counterpart,
  dayKey,
  dayTitle,
  durationText,
  hasStarted,
  itemActions,
  itemStatus,
  personName,
  startsSoon,
  timeRange,
  type ItemAction,
  type ScheduleItem,
} from './schedule-items.ts';

/** The actions a card hands to the page (the links it follows itself). */
export type CardAction = Extract<ItemAction, 'details' | 'reschedule' | 'cancel' | 'leave' | 'review' | 'dispute'>;

type ScheduleCardProps = {
  item: ScheduleItem;
  now: number;
  timeZone: string;
  onAction: (action: CardAction, item: ScheduleItem) => void;
  /** the screen can move a booking (it has the slot picker, decision 024) */
  canReschedule?: boolean;
};

function StatusBadges({ item, now, timeZone }: { item: ScheduleItem; now: number; timeZone: string }) {
  const status = itemStatus(item, now);
  return (
    <>
      {status === 'cancelled' ? (
        <Badge variant="outline" className="border-destructive/40 text-destructive">
          Отменено
        </Badge>
      ) : status === 'done' ? (
        <Badge variant="secondary">Завершено</Badge>
      ) : hasStarted(item, now) ? (
        <Badge variant="success">Идёт сейчас</Badge>
      ) : startsSoon(item, now) ? (
        <Badge>Скоро в эфире</Badge>
      ) : (
        <Badge variant="outline">Запланировано</Badge>
      )}
      {item.kind === 'event' && item.event.registration_status === 'pending_payment' && status === 'live' ? (
        <Badge variant="outline">{pendingSeatLabel(item.event.offer_expires_at, timeZone)}</Badge>
      ) : null}
      {item.kind === 'consultation' && item.booking.has_dispute ? (
        <Badge variant="outline">{item.booking.dispute && item.booking.dispute.status !== 'open' ? 'Диспут решён' : 'Открыт диспут'}</Badge>
      ) : null}
      {item.kind === 'consultation' && item.booking.has_review && item.role === 'participating' ? <Badge variant="outline">Вы оценили</Badge> : null}
    </>
  );
}

function ConferenceLink({ item, label }: { item: ScheduleItem; label: string }) {
  return (
    <Button asChild size="sm">
      {item.kind === 'event' ? (
        <Link to="/event-conference/$event_id" params={{ event_id: String(item.id) }}>
          <Video aria-hidden />
          {label}
        </Link>
      ) : (
        <Link to="/booking-conference/$booking_id" params={{ booking_id: String(item.id) }}>
          <Video aria-hidden />
          {label}
        </Link>
      )}
    </Button>
  );
}

/** One session of «Веду», «Участвую» or «История» with the buttons its state allows (spec 002 §2.2). */
export function ScheduleCard({ item, now, timeZone, onAction, canReschedule = false }: ScheduleCardProps) {
  const titleId = useId();
  const start = dayjs(item.start).tz(timeZone);
  const other = counterpart(item);
  const actions = itemActions(item, now, { reschedule: canReschedule });
  const today = dayKey(now, timeZone);
  const price = item.kind === 'event' ? item.event.price : item.booking.price;

  const render = (action: ItemAction) => {
    switch (action) {
      case 'open':
        return <ConferenceLink key={action} item={item} label="Открыть" />;
      case 'join':
        return <ConferenceLink key={action} item={item} label="Присоединиться" />;
      case 'edit':
        return (
          <Button key={action} asChild size="sm" variant="outline">
            <Link to="/edit_event/$id" params={{ id: String(item.id) }} aria-describedby={titleId}>
              Изменить
            </Link>
          </Button>
        );
      case 'details':
        return item.kind === 'event' ? (
          <Button key={action} asChild size="sm" variant="outline">
            <Link to="/event_info/$id" params={{ id: String(item.id) }} aria-describedby={titleId}>
              Подробнее
            </Link>
          </Button>
        ) : (
          <Button key={action} size="sm" variant="outline" aria-describedby={titleId} onClick={() => onAction('details', item)}>
            Подробнее
          </Button>
        );
      case 'reschedule':
        return (
          <Button key={action} size="sm" variant="outline" aria-describedby={titleId} onClick={() => onAction('reschedule', item)}>
            Перенести
          </Button>
        );
      case 'review':
        return (
          <Button key={action} size="sm" variant="secondary" aria-describedby={titleId} onClick={() => onAction('review', item)}>
            Оценить
          </Button>
        );
      case 'dispute':
        return (
          <Button key={action} size="sm" variant="outline" aria-describedby={titleId} onClick={() => onAction('dispute', item)}>
            Открыть диспут
          </Button>
        );
      case 'cancel':
        // past the cut-off kept on a paid booking its booker can't cancel: the button says why (decision 022)
        if (item.kind === 'consultation' && item.role === 'participating' && item.booking.status === 'paid' && cutoffPassed(new Date(item.start), item.booking.cancel_cutoff_hours, new Date(now))) {
          return (
            <Button key={action} size="sm" variant="ghost" disabled className="h-auto min-h-8 whitespace-normal text-left" aria-describedby={titleId}>
              {cancelCutoffMessage(item.booking.cancel_cutoff_hours)}
            </Button>
          );
        }
        return (
          <Button key={action} size="sm" variant="ghost" className="text-destructive hover:text-destructive" aria-describedby={titleId} onClick={() => onAction('cancel', item)}>
            Отменить
          </Button>
        );
      case 'leave':
        return (
          <Button key={action} size="sm" variant="ghost" className="text-destructive hover:text-destructive" aria-describedby={titleId} onClick={() => onAction('leave', item)}>
            Отказаться
          </Button>
        );
    }
  };

  return (
    <article aria-labelledby={titleId} data-testid={`schedule-card-${item.key}`} className="flex min-w-0 flex-col gap-4 rounded-2xl border bg-card p-4 shadow-xs sm:p-5">
      <div className="flex min-w-0 gap-4">
        <div aria-hidden className="flex w-14 shrink-0 flex-col items-center justify-center self-start rounded-xl bg-primary/10 py-2.5 text-primary">
          <span className="text-2xl leading-none font-semibold tabular-nums">{start.format('D')}</span>
          <span className="mt-1 text-xs uppercase">{start.format('MMM').replace('.', '')}</span>
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <div className="flex flex-wrap items-center gap-1.5">
            <span className="text-xs font-medium text-muted-foreground">{item.kind === 'event' ? 'Мероприятие' : 'Консультация'}</span>
            <StatusBadges item={item} now={now} timeZone={timeZone} />
          </div>
          <h3 id={titleId} className="text-base leading-snug font-semibold break-words">
            {item.title}
          </h3>
          <p className="text-sm text-muted-foreground">
            {dayTitle(dayKey(item.start, timeZone), today)} · {timeRange(item.start, item.end, timeZone)} · {durationText(item.durationMinutes)}
          </p>
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
            {other ? (
              <span className="flex min-w-0 items-center gap-2">
                <Avatar src={other.person.mentor_avatar_url} name={personName(other.person)} className="size-6 text-[10px]" />
                <span className="min-w-0 truncate">
                  <span className="text-muted-foreground">{other.label}: </span>
                  {personName(other.person)}
                </span>
              </span>
            ) : (
              <span className="text-muted-foreground">Вы ведёте</span>
            )}
            {price > 0 ? <span className="text-muted-foreground">{formatPrice(price)}</span> : null}
          </div>
        </div>
      </div>
      {item.kind === 'consultation' && item.booking.dispute ? (
        <DisputeState dispute={item.booking.dispute} asBuyer={item.role !== 'leading'} timeZone={timeZone} />
      ) : null}
      <div className="flex flex-wrap gap-2 sm:pl-18">{actions.map(render)}</div>
    </article>
  );
}
