import type { ReactNode } from 'react';
import { CalendarDays, Clock, MessageCircleQuestion, Timer, UserRound, Wallet } from 'lucide-react';
import { AddToCalendarButton } from '../../components/add-to-calendar-button.tsx';
import { WatchRecordingLink } from '../../components/watch-recording-link.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { cn } from '../../lib/cn.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { bookingCancellationTerms } from '../../../worker/escrow/cancellation-terms.messages.ts';
import { PLACEHOLDER_AVATAR, showPlaceholderOnError } from '../../lib/placeholder-image.ts';
import { BookingReceipts } from './booking-receipts.tsx';
import { MenteeReliability } from './mentee-reliability.tsx';
import type { ScheduleBooking } from './schedule.api.ts';
import { DEFAULT_COST, DEFAULT_DURATION_MINUTES, minutesText, personName } from './schedule-items.ts';

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** «1 500 ₽» as every price is written (issue 35 item 15); «Бесплатно» for a free consultation. */
function costText(booking: ScheduleBooking): string {
  const cost = booking.price ?? booking.slot.consultation_type.cost;
  return formatPrice(cost == null || !Number.isFinite(cost) ? DEFAULT_COST : cost);
}

type BookingDetailsDialogProps = {
  booking: ScheduleBooking | null;
  /** The viewer is the mentor of this consultation: the buyer is shown too. */
  asMentor: boolean;
  /** whose details they are: the buyer's fiscal receipts are asked under this person's schedule keys */
  viewerId: number;
  timeZone: string;
  onClose: () => void;
  /** «Перенести», when the viewer may move this booking now (decision 024) */
  onReschedule?: () => void;
  /** «Предложить другое время», for the mentor of a paid consultation ahead (decision 024) */
  onPropose?: () => void;
};

/** «Запись на консультацию» (spec 002 §2.4), with every default the spec names for a missing field. */
export function BookingDetailsDialog({ booking, asMentor, viewerId, timeZone, onClose, onReschedule, onPropose }: BookingDetailsDialogProps) {
  return (
    <Dialog open={booking !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="max-w-[900px] gap-6 sm:p-8">{booking ? <Details booking={booking} asMentor={asMentor} viewerId={viewerId} timeZone={timeZone} onReschedule={onReschedule ?? onPropose} proposes={!onReschedule && onPropose !== undefined} /> : null}</DialogContent>
    </Dialog>
  );
}

function Details({
  booking,
  asMentor,
  viewerId,
  timeZone,
  onReschedule,
  proposes,
}: {
  booking: ScheduleBooking;
  asMentor: boolean;
  viewerId: number;
  timeZone: string;
  onReschedule?: () => void;
  /** the button proposes a time to the mentee instead of moving (the mentor's) */
  proposes: boolean;
}) {
  const type = booking.slot.consultation_type;
  const mentor = type.user;
  const duration = booking.slot.duration > 0 ? booking.slot.duration : DEFAULT_DURATION_MINUTES;
  const start = dayjs(booking.slot.start_time).tz(timeZone);
  // The spec's range is the start plus the duration, not the slot's stored end.
  const end = start.add(duration, 'minute');
  const question = booking.question?.trim();

  return (
    <>
      <DialogHeader>
        <DialogTitle className="text-xl">Запись на консультацию</DialogTitle>
        <DialogDescription>Личная сессия</DialogDescription>
      </DialogHeader>

      <div className="flex min-w-0 items-center gap-4">
        <img
          src={mentor.mentor_avatar_url || PLACEHOLDER_AVATAR}
          onError={showPlaceholderOnError}
          alt=""
          className="size-16 shrink-0 rounded-full bg-secondary object-cover"
        />
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Наставник</p>
          <p className="truncate text-lg font-semibold">
            {mentor.mentor_name?.trim() || 'Имя'} {mentor.mentor_surname?.trim() || 'Фамилия'}
          </p>
        </div>
      </div>

      {/* short facts two to a row on a phone too (one a row pushed «Добавить в календарь» below the fold at 390 px); the
          topic and the date keep a whole row there, and dense flow pulls «Время» up beside «Длительность» */}
      <dl className="grid grid-flow-row-dense grid-cols-2 gap-3">
        <Fact icon={<MessageCircleQuestion />} label="Тема" wide>
          {type.name?.trim() || 'Сессия наставничества'}
        </Fact>
        <Fact icon={<Timer />} label="Длительность">
          {minutesText(duration)}
        </Fact>
        <Fact icon={<CalendarDays />} label="Дата" wide>
          {capitalize(start.format('dddd'))}, {start.format('D MMMM YYYY')}
        </Fact>
        <Fact icon={<Clock />} label="Время">
          {start.format('HH:mm')} – {end.format('HH:mm')}
        </Fact>
        <Fact icon={<Wallet />} label="Стоимость">
          {costText(booking)}
        </Fact>
        {asMentor ? (
          <Fact icon={<UserRound />} label="Ученик">
            {personName(booking.booked_by)}
          </Fact>
        ) : null}
      </dl>

      {/* the mentee's attendance and late cancellations, for the mentor only (decision 021) */}
      {asMentor ? <MenteeReliability menteeId={booking.booked_by.id} /> : null}

      {/* the payer's fiscal receipts (decision 020); the mentor does not see them, and a free booking has none */}
      {!asMentor && booking.price > 0 ? <BookingReceipts viewerId={viewerId} bookingId={booking.id} /> : null}

      {/* until when its booker may cancel and what comes back, kept from when it was booked (decision 022) */}
      {!asMentor && booking.status === 'paid' && Date.parse(booking.slot.start_time) > Date.now() ? (
        <p className="text-sm text-muted-foreground">
          {bookingCancellationTerms({ startsAt: new Date(booking.slot.start_time), bookedAt: new Date(booking.created_at), cutoffHours: booking.cancel_cutoff_hours, paid: booking.price > 0, timeZone })}
        </p>
      ) : null}

      {type.description?.trim() ? <p className="text-sm whitespace-pre-line text-muted-foreground">{type.description.trim()}</p> : null}

      <section className="rounded-xl bg-muted/60 p-4">
        <h3 className="text-sm font-semibold">Вопрос к ментору:</h3>
        <p className="mt-1 text-sm break-words whitespace-pre-line">{question || 'Сопроводительный вопрос отсутствует.'}</p>
      </section>

      <DialogFooter className="gap-2">
        {/* the consultation's recording, for its mentor and mentee (issue 36): the room opens before the start, so any time */}
        {booking.status !== 'canceled' ? <WatchRecordingLink contentType="consultationbooking" objectId={booking.id} /> : null}
        {booking.status !== 'canceled' && Date.parse(booking.slot.end_time) > Date.now() ? <AddToCalendarButton kind="booking" id={booking.id} /> : null}
        {onReschedule ? (
          <Button variant="outline" onClick={onReschedule}>
            {proposes ? 'Предложить другое время' : 'Перенести'}
          </Button>
        ) : null}
        <DialogClose asChild>
          <Button variant="outline">Закрыть</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}

function Fact({ icon, label, wide = false, children }: { icon: ReactNode; label: string; wide?: boolean; children: ReactNode }) {
  return (
    <div className={cn('flex min-w-0 items-start gap-3 rounded-xl border p-3', wide && 'col-span-2 sm:col-span-1')}>
      <span aria-hidden className="mt-0.5 text-primary [&_svg]:size-4">
        {icon}
      </span>
      <div className="min-w-0">
        <dt className="text-xs text-muted-foreground">{label}</dt>
        <dd className="text-sm font-medium break-words">{children}</dd>
      </div>
    </div>
  );
}
