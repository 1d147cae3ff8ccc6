import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventQueries } from '../../lib/events/events.queries.ts';
import { scheduleApi, scheduleQueries } from './schedule.api.ts';

/**
 * The calendar's writes. Each one, failed or not, reloads the person's schedule: a refusal («уже
 * отменено», «уже оценили») means the list on screen is out of date too.
 */
export function useScheduleMutations(userId: number) {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: scheduleQueries.user(userId) }),
      // The event pages and /Home show the same seats and sessions under their own roots; marking them
      // stale costs nothing and spares the person a page that still says «Вы зарегистрированы».
      queryClient.invalidateQueries({ queryKey: eventQueries.all() }),
      queryClient.invalidateQueries({ queryKey: ['home'] }),
    ]);
  };

  return {
    cancelBooking: useMutation({ mutationFn: (bookingId: number) => scheduleApi.cancelBooking(bookingId, userId), onSettled: refresh }),
    proposeMove: useMutation({
      mutationFn: ({ bookingId, slotId }: { bookingId: number; slotId: number }) => scheduleApi.proposeMove(bookingId, slotId),
      onSettled: refresh,
    }),
    acceptProposal: useMutation({ mutationFn: (proposalId: number) => scheduleApi.acceptProposal(proposalId), onSettled: refresh }),
    declineProposal: useMutation({
      mutationFn: ({ proposalId, cancel }: { proposalId: number; cancel: boolean }) => scheduleApi.declineProposal(proposalId, cancel),
      onSettled: refresh,
    }),
    reschedule: useMutation({
      mutationFn: ({ bookingId, slotId, returnUrl }: { bookingId: number; slotId: number; returnUrl?: string }) =>
        scheduleApi.rescheduleBooking(bookingId, slotId, returnUrl),
      onSettled: refresh,
    }),
    unregister: useMutation({ mutationFn: (eventId: number) => scheduleApi.unregister(eventId, userId), onSettled: refresh }),
    cancelEvent: useMutation({ mutationFn: (eventId: number) => scheduleApi.cancelEvent(eventId), onSettled: refresh }),
    review: useMutation({
      mutationFn: ({ bookingId, rating, text }: { bookingId: number; rating: number; text: string }) =>
        scheduleApi.reviewConsultation(bookingId, userId, rating, text),
      onSettled: refresh,
    }),
    dispute: useMutation({
      mutationFn: ({ bookingId, text }: { bookingId: number; text: string }) => scheduleApi.openDispute(bookingId, text),
      onSettled: refresh,
    }),
  };
}

