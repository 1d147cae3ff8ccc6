import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ArrowRight, CalendarSearch, MessageSquarePlus, RefreshCw, TriangleAlert } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { EventCard } from '../../components/event-card.tsx';
import { MasonryGrid } from '../../components/masonry-grid.tsx';
import { ReviewDialog, type ReviewValues } from '../../components/review-dialog.tsx';
import { ReviewsSlider } from '../../components/reviews-slider.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate, useDatesZone } from '../../lib/dayjs.ts';
import { usePageOrigin } from '../../lib/page-origin.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { acceptWaitlistOffer, addEventReview, joinWaitlist, leaveWaitlist, registerForEvent } from './events.api.ts';
import { eventQueries } from './events.queries.ts';
import type { EventDetail } from '../../lib/events/events.api.ts';
import { AddToCalendarButton } from '../../components/add-to-calendar-button.tsx';
import { RecordingNotice } from '../../components/recording-notice.tsx';
import { WatchRecordingLink } from '../../components/watch-recording-link.tsx';
import { RECORDING_TEXTS } from '../../lib/recordings/recording-texts.ts';
import { EventDetailsSkeleton, EventDetailsView } from './event-details-view.tsx';
import { eventAction, formatParticipants, seatsLeft, seatsLineFor, showsCancellationPolicy, withLine, type EventAction } from './event-rules.ts';
import { WaitlistCard } from './waitlist-card.tsx';
import { PaymentDialog } from '../../components/payment-dialog.tsx';
import { EventPaySummary } from './event-pay-summary.tsx';
import { useRecordPageView } from '../../lib/use-record-page-view.ts';
import { returnTarget, useActionAfterSignIn } from '../../lib/return-to.ts';

const OTHER_EVENTS_SHOWN = 6;

/** '18+' from 18, '18+' or '18'. */
export function formatAgeTag(value: number | string | null | undefined): string | null {
  if (value == null || value === '') return null;
  const text = String(value).trim();
  return /^\d+$/.test(text) ? `${text}+` : text;
}

/** /event_info/{id}/ */
export function EventPageScreen({ eventId }: { eventId: number }) {
  const valid = Number.isInteger(eventId) && eventId > 0;
  const query = useQuery({ ...eventQueries.detail(eventId), enabled: valid });

  if (!valid || (query.isError && query.error instanceof ApiError && query.error.status === 404)) return <EventNotFound />;
  if (query.isError) {
    return (
      <div className="mx-auto w-full max-w-3xl px-4 py-10">
        <EmptyState
          icon={<TriangleAlert />}
          title={query.error.message || 'Не удалось загрузить мероприятие'}
          action={
            <Button variant="outline" onClick={() => void query.refetch()}>
              <RefreshCw />
              Повторить
            </Button>
          }
        />
      </div>
    );
  }
  if (query.isPending) return <EventDetailsSkeleton />;
  return <LoadedEventPage event={query.data} />;
}

function LoadedEventPage({ event }: { event: EventDetail }) {
  const { user } = useSession();
  // a visitor's dates: the server page's zone while hydrating, then the browser's (decision 014)
  const datesZone = useDatesZone();
  const origin = usePageOrigin();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [paymentFor, setPaymentFor] = useState<number | null>(null);
  // a paid event shows what is bought before the seat is held and the checkout opens (issue 35)
  const [summaryOpen, setSummaryOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);

  const mentorId = event.event_id_mentor ?? event.mentor;
  const isOwn = user != null && user.id === mentorId;
  useRecordPageView(mentorId, event.id);
  const registration = useQuery({ ...eventQueries.registration(event.id, user?.id ?? 0), enabled: user != null && !isOwn });
  const reviews = useQuery(eventQueries.reviews(event.id));
  // «Добавить отзыв» only for whom the server would take it (issue 35); before the start nobody may, so nothing is asked
  const eligibility = useQuery({ ...eventQueries.canReview(event.id, user?.id ?? 0), enabled: user != null && !isOwn && event.status !== 'upcoming' });
  const upcoming = useQuery(eventQueries.upcoming());

  const left = seatsLeft(event, event.registrations_count);
  // the line matters once the event is full, to whoever stands in it, and to its mentor (decision 023)
  const line = useQuery({ ...eventQueries.line(event.id, user?.id ?? 0), enabled: left === 0 || (isOwn && left != null) || registration.data?.status === 'pending_payment' });
  const place = line.data?.mine?.status ?? null;
  // a free seat offered from the line waits for a «Занять место», not for a payment
  const freeOffer = place === 'offered' && line.data?.paid === false;
  // A seat held for payment (the redirect failed, or the payer came back without paying) can still be paid.
  const awaitingPayment = registration.data?.status === 'pending_payment' && !freeOffer && !event.is_canceled && event.status !== 'past';
  const action: EventAction = awaitingPayment
    ? { kind: 'participate', label: place === 'offered' ? 'Оплатить место' : 'Перейти к оплате', disabled: false }
    : eventAction({
        viewerId: user?.id ?? null,
        mentorId,
        isRegistered: registration.data?.is_registered ?? false,
        seatsLeft: left,
        status: event.is_canceled ? 'canceled' : event.status,
        place,
      });

  const refresh = () => queryClient.invalidateQueries({ queryKey: eventQueries.detail(event.id).queryKey });

  const lineStep = useMutation({
    mutationFn: async (step: 'join' | 'leave' | 'accept'): Promise<{ status?: string; detail?: string }> => (step === 'join' ? joinWaitlist(event.id) : step === 'leave' ? leaveWaitlist(event.id) : acceptWaitlistOffer(event.id)),
    onSuccess: (result, step) => {
      if (step === 'accept') toast({ title: 'Место ваше: вы зарегистрированы', variant: 'success' });
      else if (step === 'leave') toast({ title: 'Вы вышли из листа ожидания' });
      else if (result.status === 'offered') toast({ title: 'Место как раз освободилось: оно ваше', variant: 'success' });
      else toast({ title: 'Вы в листе ожидания', variant: 'success' });
    },
    onError: (error) => {
      console.error('events: waitlist step failed', error);
      toast({ title: error instanceof ApiError ? error.detail : 'Не удалось. Попробуйте ещё раз.', variant: 'destructive' });
    },
    // the line, the seat and the count change: all are keyed under the event's detail
    onSettled: refresh,
  });

  const register = useMutation({
    mutationFn: () => registerForEvent(event.id, user!.id),
    onSuccess: (result) => {
      if (result.status === 'pending_payment') setPaymentFor(event.id);
      else toast({ title: 'Вы зарегистрированы', variant: 'success' });
    },
    onError: (error) => {
      console.error('events: registration failed', error);
      const known = error instanceof ApiError;
      if (known && error.status === 409 && error.code === 'already_registered') {
        toast({ title: 'Вы уже зарегистрированы на это мероприятие' });
      } else {
        toast({ title: known ? error.detail : 'Не удалось зарегистрироваться. Попробуйте ещё раз.', variant: 'destructive' });
      }
    },
    // Seats and the registration status change either way (spec 000 §4: refresh status and list).
    onSettled: async () => {
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: eventQueries.lists() }), queryClient.invalidateQueries({ queryKey: eventQueries.upcoming().queryKey })]);
    },
  });

  const onAction = () => {
    // back here after signing in, to take part as they meant to (issue 35)
    if (action.kind === 'login') void navigate({ to: '/login', search: { redirect: returnTarget('participate') } });
    else if (awaitingPayment) setPaymentFor(event.id);
    else if (action.kind === 'waitlist' && !lineStep.isPending) lineStep.mutate('join');
    else if (action.kind === 'accept' && !lineStep.isPending) lineStep.mutate('accept');
    else if (action.kind === 'participate' && !register.isPending) {
      if (event.price > 0) setSummaryOpen(true);
      else register.mutate();
    }
  };

  // «Войдите для участия» → sign-in → here: the click they made before is finished once their registration is known
  useActionAfterSignIn('participate', user != null && !registration.isPending, () => {
    if (action.kind === 'participate' && !action.disabled) onAction();
  });

  const sendReview = async (values: ReviewValues) => {
    await addEventReview(event.id, values);
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: eventQueries.reviews(event.id).queryKey }),
      queryClient.invalidateQueries({ queryKey: eventQueries.canReview(event.id, user?.id ?? 0).queryKey }),
    ]);
  };

  const mentorName = [event.mentor_info?.mentor_name, event.mentor_info?.mentor_surname].filter(Boolean).join(' ');
  const reviewList = reviews.data ?? [];
  const canReview = user != null && !isOwn && eligibility.data?.can_review === true;
  // the server's reason, said where the reviews show (the event's mentor knows why)
  const whyNot = user != null && !isOwn ? (eligibility.data?.detail ?? null) : null;
  const others = (upcoming.data?.results ?? []).filter((item) => item.id !== event.id).slice(0, OTHER_EVENTS_SHOWN);
  // the recording's link for those who may watch it (its mentor, its participants), once the event has begun
  const mayWatch = user != null && (isOwn || registration.data?.is_registered === true) && event.status !== 'upcoming';
  const shareUrl = `${origin}/event_info/${event.id}/`;

  return (
    <>
      <EventDetailsView
        title={event.title || 'Без названия'}
        dateText={formatDate(event.date, user?.time_zone ?? datesZone) || null}
        imageUrl={event.image_url}
        ageTag={formatAgeTag(event.age_restriction)}
        category={event.category}
        live={event.status === 'live' && !event.is_canceled}
        canceled={event.is_canceled || event.status === 'canceled'}
        shareUrl={shareUrl}
        participantsText={formatParticipants(event.registrations_count ?? 0, event.total_spots, event.status === 'past' && !event.is_canceled)}
        descriptionHtml={event.description}
        mentor={mentorName || event.mentor_info ? { id: mentorId, name: mentorName, avatarUrl: event.mentor_info?.mentor_avatar_url } : { id: mentorId, name: '' }}
        priceText={formatPrice(event.price)}
        seatsText={withLine(seatsLineFor(left, event.is_canceled ? 'canceled' : event.status, action), left, line.data?.waiting ?? 0)}
        cancellationPolicy={showsCancellationPolicy(event.price, event.is_canceled ? 'canceled' : event.status)}
        calendarButton={
          <>
            {mayWatch ? <WatchRecordingLink contentType="events" objectId={event.id} size="sm" /> : null}
            {event.is_canceled || event.status === 'canceled' || event.status === 'past' ? null : <AddToCalendarButton kind="event" id={event.id} size="sm" />}
          </>
        }
        notice={
          <>
            {line.data && !event.is_canceled && event.status !== 'past' ? (
              <WaitlistCard line={line.data} isOwn={isOwn} timeZone={user?.time_zone} leaving={lineStep.isPending && lineStep.variables === 'leave'} onLeave={() => lineStep.mutate('leave')} />
            ) : null}
            {event.is_recorded && !event.is_canceled && event.status !== 'past' ? <RecordingNotice text={RECORDING_TEXTS.event} /> : null}
          </>
        }
        action={
          <EventActionButton
            action={action}
            pending={register.isPending || (lineStep.isPending && lineStep.variables !== 'leave') || (registration.isPending && registration.fetchStatus !== 'idle')}
            onClick={onAction}
          />
        }
      >
        {reviewList.length > 0 || canReview ? (
          <section aria-labelledby="event-reviews" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="event-reviews" className="text-xl font-semibold tracking-tight sm:text-2xl">
                Отзывы
              </h2>
              {canReview && reviewList.length > 0 ? (
                <Button variant="outline" onClick={() => setReviewOpen(true)}>
                  <MessageSquarePlus />
                  Добавить отзыв
                </Button>
              ) : null}
            </div>
            {whyNot ? <p className="text-sm text-muted-foreground">{whyNot}.</p> : null}
            <ReviewsSlider
              reviews={reviewList}
              timeZone={user?.time_zone}
              emptyAction={
                canReview ? (
                  <Button onClick={() => setReviewOpen(true)}>
                    <MessageSquarePlus />
                    Добавить отзыв
                  </Button>
                ) : null
              }
            />
          </section>
        ) : null}

        {others.length > 0 ? (
          <section aria-labelledby="event-more" className="grid min-w-0 grid-cols-[minmax(0,1fr)] gap-4">
            <div className="flex flex-wrap items-center justify-between gap-3">
              <h2 id="event-more" className="text-xl font-semibold tracking-tight sm:text-2xl">
                Мероприятия
              </h2>
              <Button variant="ghost" asChild>
                <Link to="/AllEvents">
                  Все мероприятия
                  <ArrowRight />
                </Link>
              </Button>
            </div>
            <MasonryGrid aria-label="Другие мероприятия">
              {others.map((item) => (
                <EventCard key={item.id} event={item} timeZone={user?.time_zone} />
              ))}
            </MasonryGrid>
          </section>
        ) : null}
      </EventDetailsView>

      <EventPaySummary
        open={summaryOpen}
        title={event.title}
        date={event.date}
        price={event.price}
        timeZone={user?.time_zone}
        pending={register.isPending}
        onConfirm={() => register.mutate(undefined, { onSettled: () => setSummaryOpen(false) })}
        onClose={() => setSummaryOpen(false)}
      />
      <PaymentDialog
        service={paymentFor != null ? { service_type: 'event', service_id: paymentFor } : null}
        onClose={() => {
          setPaymentFor(null);
          void refresh();
        }}
      />
      {canReview ? <ReviewDialog open={reviewOpen} onOpenChange={setReviewOpen} draftKey={`event-review-draft:${event.id}`} onSubmit={sendReview} /> : null}
    </>
  );
}

/** The viewer's button (spec 000 §4). */
export function EventActionButton({ action, pending = false, onClick }: { action: EventAction; pending?: boolean; onClick: () => void }) {
  return (
    <Button
      size="lg"
      data-action={action.kind}
      variant={action.disabled ? 'secondary' : 'default'}
      disabled={action.disabled || pending}
      onClick={onClick}
    >
      {pending ? <Spinner className="text-current" label="Подождите" /> : null}
      {action.label}
    </Button>
  );
}

function EventNotFound() {
  return (
    <div className="mx-auto w-full max-w-xl px-4 py-16">
      <EmptyState
        icon={<CalendarSearch />}
        title="Мероприятие не найдено"
        description="Возможно, его удалили или в ссылке опечатка. Посмотрите другие мероприятия — там много интересного."
        action={
          <Button asChild>
            <Link to="/AllEvents">Все мероприятия</Link>
          </Button>
        }
        className="bg-card py-12"
      />
    </div>
  );
}
