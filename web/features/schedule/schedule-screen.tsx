import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { CalendarCheck, CalendarPlus, History } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { PushPrompt } from '../../components/push-prompt.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { cn } from '../../lib/cn.ts';
import { BookingDetailsDialog } from './booking-details-dialog.tsx';
import { CalendarWidget } from './calendar-widget.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { ConsultationReviewDialog } from './consultation-review-dialog.tsx';
import { DisputeDialog } from './dispute-dialog.tsx';
import { MyPackages } from './my-packages.tsx';
import { errorMessage, scheduleQueries, type LoadedSchedule } from './schedule.api.ts';
import { ScheduleCard, type CardAction } from './schedule-card.tsx';
import { RescheduleDialog, type SlotPickerComponent } from './reschedule-dialog.tsx';
import { MoveProposals } from './move-proposals.tsx';
import {
  activeItems,
  dayKey,
  DEFAULT_TIME_ZONE,
  earlierWindow,
  HISTORY_FILTERS,
  historyItems,
  itemActions,
  itemsByDay,
  mainWindow,
  monthWindow,
  reviewPrompt,
  scheduleItems,
  windowCovers,
  type ScheduleItem,
} from './schedule-items.ts';
import type { HistoryFilter, ScheduleTab, ScheduleView } from './schedule-tabs.ts';
import { useNow } from '../../lib/use-now.ts';
import { LINKED_BOOKING_MISSING, useLinkedBooking } from './use-linked-booking.ts';
import { useWideScreen } from './use-wide-screen.ts';

/** What the calendar needs of the signed-in user (the session's `Me` fits). */
export type ScheduleViewer = { id: number; user_role: string; time_zone?: string | null };

/** Earlier stretches of history one person may add with «Показать более ранние» (two years and a quarter). */
const MAX_HISTORY_PAGES = 8;
const PROMPTED_KEY = 'schedule:review-prompted:';

type Dialog = { type: 'details' | 'reschedule' | 'propose' | 'cancel' | 'review' | 'dispute'; item: ScheduleItem } | null;

const TAB_LABELS: Record<ScheduleTab, string> = { leading: 'Веду', participating: 'Участвую', history: 'История', calendar: 'Календарь' };

/*
 * The review prompt comes once per consultation on this device: a person who closed it should not see it
 * again at the next refresh. Storage may be unavailable (private mode); the prompt then comes once per visit.
 */
const promptedThisVisit = new Set<number>();
function wasPrompted(bookingId: number): boolean {
  if (promptedThisVisit.has(bookingId)) return true;
  try {
    return window.localStorage.getItem(PROMPTED_KEY + bookingId) !== null;
  } catch {
    return false;
  }
}
function markPrompted(bookingId: number): void {
  promptedThisVisit.add(bookingId);
  try {
    window.localStorage.setItem(PROMPTED_KEY + bookingId, '1');
  } catch {
    // the in-memory mark above still holds for this visit
  }
}

type ScheduleScreenProps = {
  viewer: ScheduleViewer;
  /** the open tab and the history's filter, as the page's address holds them */
  view: ScheduleView;
  onViewChange: (view: ScheduleView) => void;
  /** the booking dialog's slot picker, from the route: with it the buyer can move a consultation (decision 024) */
  slotPicker?: SlotPickerComponent;
};

/** /CalendarPage (spec 002 §2.2–2.5, §4.3, §4.4): the person's sessions by role, their history and a month calendar. */
export function ScheduleScreen({ viewer, view, onViewChange, slotPicker }: ScheduleScreenProps) {
  const isMentor = viewer.user_role === 'mentor';
  const viewerZone = viewer.time_zone || DEFAULT_TIME_ZONE;
  const deviceNow = useNow(30_000);
  const wide = useWideScreen();
  const navigate = useNavigate();

  // The window moves only when the day does, not with every tick of the clock.
  const windowDay = dayKey(deviceNow, viewerZone);
  const range = useMemo(() => mainWindow(windowDay), [windowDay]);
  const main = useQuery(scheduleQueries.window(viewer.id, range.startDate, range.endDate));

  const [historyPages, setHistoryPages] = useState(0);
  const earlierRanges = useMemo(() => Array.from({ length: historyPages }, (_, i) => earlierWindow(range, i + 1)), [historyPages, range]);
  const earlier = useQueries({ queries: earlierRanges.map((w) => scheduleQueries.window(viewer.id, w.startDate, w.endDate)) });

  const offset = main.data?.clockOffsetMs ?? 0;
  const now = deviceNow + offset;
  // The server's zone wins: it is the one the schedule's days were cut in.
  const timeZone = main.data?.time_zone || viewerZone;
  const today = dayKey(now, timeZone);

  const [month, setMonth] = useState(() => today.slice(0, 7));
  const [selectedDay, setSelectedDay] = useState(today);
  const shownMonth = monthWindow(month);
  const loadedRange = earlierRanges.length ? { startDate: earlierRanges[earlierRanges.length - 1]!.startDate, endDate: range.endDate } : range;
  // «Показать более ранние» only while the person has sessions before what is loaded (a new account has none)
  const earliest = main.data?.earliest_date ?? null;
  const hasEarlier = earliest != null && earliest < loadedRange.startDate;
  // A month outside what the page loaded (far back or far ahead) is asked on its own.
  const monthQuery = useQuery({ ...scheduleQueries.window(viewer.id, shownMonth.startDate, shownMonth.endDate), enabled: !windowCovers(loadedRange, shownMonth) });

  const earlierData = earlier.map((q) => q.data);
  // useQueries answers a fresh array every render; the times its entries were loaded say when it changed
  const earlierVersion = earlier.map((q) => q.dataUpdatedAt).join(',');
  const items = useMemo(
    // later windows last: where windows overlap, the main window's fresher answer wins
    () => scheduleItems(...([monthQuery.data, ...earlierData, main.data].filter(Boolean) as LoadedSchedule[])),
    [monthQuery.data, main.data, earlierVersion], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const byDay = useMemo(() => itemsByDay(items, timeZone), [items, timeZone]);

  const tabs: ScheduleTab[] = [...(isMentor ? (['leading'] as const) : []), 'participating', 'history', ...(wide ? [] : (['calendar'] as const))];
  // The calendar tab goes away when the window widens; its content is in the right column then. Defaults stay out of
  // the address.
  const activeTab = view.tab && tabs.includes(view.tab) ? view.tab : tabs[0]!;
  // (a tab is chosen on press and again on focus: only a change is reported)
  const setTab = (tab: ScheduleTab) => {
    if (tab !== activeTab) onViewChange({ ...view, tab: tab === tabs[0] ? undefined : tab });
  };
  const filter = view.filter ?? 'all';
  const setFilter = (next: HistoryFilter) => {
    if (next !== filter) onViewChange({ ...view, filter: next === 'all' ? undefined : next });
  };

  const [dialog, setDialog] = useState<Dialog>(null);
  const closeDialog = useCallback(() => setDialog(null), []);

  // A link to one booking (?booking=<id>, where a notice about it leads) opens its details as «Открыть» does; a booking
  // that is not the viewer's says so. Each link acts once: the id stays in the address while the details are open
  // (a reload shows them again) and leaves it when they close.
  const linked = useLinkedBooking({ viewerId: viewer.id, bookingId: view.booking, items: main.data ? items : null, timeZone });
  const linkHandled = useRef<number | null>(null);
  useEffect(() => {
    if (view.booking === undefined) {
      linkHandled.current = null;
      return;
    }
    if (linkHandled.current === view.booking) return;
    if (linked.item) {
      linkHandled.current = view.booking;
      setDialog({ type: 'details', item: linked.item });
    } else if (linked.problem) {
      linkHandled.current = view.booking;
      const description = linked.problem === LINKED_BOOKING_MISSING ? 'Среди ваших консультаций её нет: возможно, ссылка из другого аккаунта.' : undefined;
      toast({ title: linked.problem, description, variant: 'destructive' });
      onViewChange({ ...view, booking: undefined });
    }
  }, [view, linked.item, linked.problem, onViewChange]);
  const closeDetails = useCallback(() => {
    setDialog(null);
    if (view.booking !== undefined) onViewChange({ ...view, booking: undefined });
  }, [view, onViewChange]);

  const onAction = useCallback((action: CardAction, item: ScheduleItem) => {
    setDialog({ type: action === 'leave' ? 'cancel' : action, item });
  }, []);

  const openItem = (item: ScheduleItem) => {
    if (item.kind === 'event') void navigate({ to: '/event_info/$id', params: { id: String(item.id) } });
    else setDialog({ type: 'details', item });
  };

  // Spec 002 §4.4: a consultation the viewer bought that started within the last 5 minutes asks for a rating.
  useEffect(() => {
    if (!main.data || dialog) return;
    const next = reviewPrompt(items, Date.now() + offset, wasPrompted);
    if (!next) return;
    const item = items.find((candidate) => candidate.kind === 'consultation' && candidate.id === next.bookingId);
    if (!item) return;
    const timer = setTimeout(() => {
      markPrompted(next.bookingId);
      setDialog((current) => current ?? { type: 'review', item });
    }, next.delayMs);
    return () => clearTimeout(timer);
  }, [items, main.data, dialog, offset, deviceNow]);

  const loadFailed = main.isError && !main.data;
  const retry = () => {
    void main.refetch();
    for (const q of earlier) if (q.isError) void q.refetch();
  };

  const listState = (content: ReactNode) => {
    if (main.isPending) {
      return (
        <div className="flex justify-center py-16">
          <Spinner className="size-8" label="Загрузка расписания" />
        </div>
      );
    }
    if (loadFailed) {
      const detail = errorMessage(main.error, '');
      return (
        <LoadErrorAlert onRetry={retry}>
          <span className="flex min-w-0 flex-col">
            <span className="font-medium">Ошибка загрузки расписания</span>
            {detail && detail !== 'Ошибка загрузки расписания' ? <span>{detail}</span> : null}
          </span>
        </LoadErrorAlert>
      );
    }
    return content;
  };

  const cards = (list: ScheduleItem[]) => (
    <ul className="flex flex-col gap-3">
      {list.map((item) => (
        <li key={item.key}>
          <ScheduleCard item={item} now={now} timeZone={timeZone} onAction={onAction} canReschedule={slotPicker !== undefined} />
        </li>
      ))}
    </ul>
  );

  const leading = activeItems(items, 'leading', now);
  const participating = activeItems(items, 'participating', now);
  const historyAll = historyItems(items, 'all', now);
  const history = historyItems(items, filter, now);
  const loadingEarlier = earlier.some((q) => q.isPending);
  const earlierFailed = earlier.some((q) => q.isError);

  const widget = (
    <CalendarWidget
      month={month}
      onMonthChange={setMonth}
      selectedDay={selectedDay}
      onSelectDay={setSelectedDay}
      today={today}
      byDay={byDay}
      timeZone={timeZone}
      loading={main.isPending || (monthQuery.isFetching && !monthQuery.data)}
      onOpenItem={openItem}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8 lg:px-8">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Календарь</h1>
        <p className="text-sm text-muted-foreground sm:text-base">Ваши мероприятия и консультации: ближайшие, прошедшие и отменённые.</p>
      </header>

      {/* on a phone the packages come first: few, and what the person came to book from */}
      {!wide ? <MyPackages timeZone={timeZone} /> : null}

      <div className="grid gap-6 min-[960px]:grid-cols-12">
        <div className="flex min-w-0 flex-col gap-4 min-[960px]:col-span-8">
          {/* a mentor's proposal to move a booking, to answer or waiting for the answer (decision 024) */}
          <MoveProposals userId={viewer.id} timeZone={timeZone} />
          {/* once there is a booking to hear about, not before (decision 027) */}
          {participating.length || leading.length ? <PushPrompt /> : null}
          <Tabs value={activeTab} onValueChange={(value) => setTab(value as ScheduleTab)}>
            <TabsList className="w-full sm:w-auto">
              {tabs.map((value) => (
                <TabsTrigger key={value} value={value} className="flex-1 sm:flex-none">
                  {TAB_LABELS[value]}
                </TabsTrigger>
              ))}
            </TabsList>

            {isMentor ? (
              <TabsContent value="leading">
                {listState(
                  leading.length ? (
                    cards(leading)
                  ) : (
                    <EmptyState
                      icon={<CalendarPlus />}
                      title="Нет мероприятий, которые вы ведёте"
                      action={
                        <Button asChild variant="outline" size="sm">
                          <Link to="/CreateEntityPage">Создать мероприятие</Link>
                        </Button>
                      }
                    />
                  ),
                )}
              </TabsContent>
            ) : null}

            <TabsContent value="participating">
              {listState(
                participating.length ? (
                  cards(participating)
                ) : (
                  <EmptyState
                    icon={<CalendarCheck />}
                    title="Нет мероприятий, в которых вы участвуете"
                    action={
                      <div className="flex flex-wrap justify-center gap-2">
                        <Button asChild variant="outline" size="sm">
                          <Link to="/AllMentors">Найти наставника</Link>
                        </Button>
                        <Button asChild variant="outline" size="sm">
                          <Link to="/AllEvents">Мероприятия</Link>
                        </Button>
                      </div>
                    }
                  />
                ),
              )}
            </TabsContent>

            <TabsContent value="history" className="flex flex-col gap-4">
              <HistoryChips value={filter} onChange={setFilter} />
              {listState(
                <>
                  {history.length ? (
                    cards(history)
                  ) : (
                    <EmptyState icon={<History />} title={historyAll.length ? emptyFilterText[filter] : 'Ваша история пока пуста'} />
                  )}
                  {earlierFailed ? (
                    <LoadErrorAlert onRetry={retry}>Не удалось загрузить более раннюю историю</LoadErrorAlert>
                  ) : historyPages < MAX_HISTORY_PAGES && hasEarlier ? (
                    <div className="flex justify-center">
                      <Button variant="outline" disabled={loadingEarlier} onClick={() => setHistoryPages((pages) => pages + 1)}>
                        {loadingEarlier ? <Spinner className="text-current" label="Загрузка" /> : null}
                        Показать более ранние
                      </Button>
                    </div>
                  ) : null}
                </>,
              )}
            </TabsContent>

            {!wide ? <TabsContent value="calendar">{widget}</TabsContent> : null}
          </Tabs>
        </div>

        {wide ? (
          <aside className="flex min-w-0 flex-col gap-6 min-[960px]:col-span-4">
            {widget}
            <MyPackages timeZone={timeZone} />
          </aside>
        ) : null}
      </div>

      <BookingDetailsDialog
        booking={dialog?.type === 'details' && dialog.item.kind === 'consultation' ? dialog.item.booking : null}
        asMentor={dialog?.item.role === 'leading'}
        viewerId={viewer.id}
        timeZone={timeZone}
        onClose={closeDetails}
        onReschedule={
          slotPicker && dialog?.type === 'details' && itemActions(dialog.item, now, { reschedule: true }).includes('reschedule')
            ? () => setDialog({ type: 'reschedule', item: dialog.item })
            : undefined
        }
        onPropose={
          slotPicker && dialog?.type === 'details' && canPropose(dialog.item, now) ? () => setDialog({ type: 'propose', item: dialog.item }) : undefined
        }
      />
      {slotPicker ? (
        <RescheduleDialog
          item={dialog?.type === 'reschedule' || dialog?.type === 'propose' ? dialog.item : null}
          mode={dialog?.type === 'propose' ? 'propose' : 'move'}
          userId={viewer.id}
          timeZone={timeZone}
          SlotPicker={slotPicker}
          onClose={closeDialog}
        />
      ) : null}
      <CancelDialog item={dialog?.type === 'cancel' ? dialog.item : null} userId={viewer.id} onClose={closeDialog} />
      <ConsultationReviewDialog item={dialog?.type === 'review' ? dialog.item : null} userId={viewer.id} onClose={closeDialog} />
      <DisputeDialog item={dialog?.type === 'dispute' ? dialog.item : null} userId={viewer.id} timeZone={timeZone} onClose={closeDialog} />
    </div>
  );
}

/** The mentor may propose another time for a paid consultation they lead that has not started (decision 024). */
const canPropose = (item: ScheduleItem, now: number) =>
  item.kind === 'consultation' && item.role === 'leading' && item.booking.status === 'paid' && Date.parse(item.start) > now && !item.booking.has_dispute;

const emptyFilterText: Record<HistoryFilter, string> = {
  all: 'Ваша история пока пуста',
  conducted: 'Нет проведённых мероприятий',
  attended: 'Нет посещённых мероприятий',
  cancelled: 'Нет отменённых мероприятий',
};

/** Spec 002 §2.2: Все, Проведённые, Посещённые, Отменённые; exactly one is always chosen, so they are radios. */
function HistoryChips({ value, onChange }: { value: HistoryFilter; onChange: (value: HistoryFilter) => void }) {
  // arrow keys move the choice, as in any radio group
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' || event.key === 'ArrowDown' ? 1 : event.key === 'ArrowLeft' || event.key === 'ArrowUp' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const index = HISTORY_FILTERS.findIndex((chip) => chip.value === value);
    const next = HISTORY_FILTERS[(index + step + HISTORY_FILTERS.length) % HISTORY_FILTERS.length]!;
    onChange(next.value);
    event.currentTarget.querySelector<HTMLButtonElement>(`[data-value="${next.value}"]`)?.focus();
  };
  return (
    <div role="radiogroup" aria-label="Показать в истории" onKeyDown={onKeyDown} className="flex flex-wrap gap-2">
      {HISTORY_FILTERS.map((chip) => {
        const checked = chip.value === value;
        return (
          <button
            key={chip.value}
            type="button"
            role="radio"
            data-value={chip.value}
            aria-checked={checked}
            tabIndex={checked ? 0 : -1}
            onClick={() => onChange(chip.value)}
            className={cn(
              'h-8 rounded-full border px-3.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              checked ? 'border-primary bg-primary text-primary-foreground' : 'bg-card hover:bg-accent',
            )}
          >
            {chip.label}
          </button>
        );
      })}
    </div>
  );
}
