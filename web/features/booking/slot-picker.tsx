import type { AvailableSlot } from './booking.api.ts';
import { BookingStepSlots } from './booking-step-slots.tsx';
import { useSlotCalendar } from './use-slot-calendar.ts';

export type SlotPickerProps = {
  consultationTypeId: number;
  selectedSlotId: number | null;
  onSelectSlot: (slot: AvailableSlot) => void;
  /** the booking being moved (the schedule's «Перенести»): the buffers and the daily limit don't count it */
  movingBookingId?: number;
};

/**
 * The booking dialog's step 1 (BookingStepSlots) on its own, for another screen that picks a free time of a type: the
 * schedule's «Перенести» (decision 024) gets it from the route, as features don't import each other. The type's free
 * slots as the rules allow them, the first day with free time chosen when they arrive.
 */
export function SlotPicker({ consultationTypeId, selectedSlotId, onSelectSlot, movingBookingId }: SlotPickerProps) {
  const calendar = useSlotCalendar(consultationTypeId, movingBookingId);
  return (
    <BookingStepSlots
      loading={calendar.loading}
      failed={calendar.slots.isError}
      onRetry={() => void calendar.slots.refetch()}
      slotsByDay={calendar.slotsByDay}
      timeZone={calendar.timeZone}
      today={calendar.today}
      monday={calendar.monday}
      onMondayChange={calendar.setMonday}
      minMonday={calendar.minMonday}
      maxMonday={calendar.maxMonday}
      selectedDay={calendar.selectedDay}
      onSelectDay={calendar.setSelectedDay}
      selectedSlotId={selectedSlotId}
      onSelectSlot={onSelectSlot}
    />
  );
}
