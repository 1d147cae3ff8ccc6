import { useId, useState } from 'react';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { ChevronDown, MessageCircle, Search, UsersRound } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadErrorAlert } from '../../components/load-error-alert.tsx';
import { MenteeReliabilityFigures } from '../../components/reliability-figures.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { dayjs } from '../../lib/dayjs.ts';
import { countRu } from '../../lib/plural.ts';
import { menteeCardLine } from '../../lib/reliability-text.ts';
import { myMenteesApi, myMenteesQueries, type Mentee, type MenteeSession } from './my-mentees.api.ts';
import { useDebouncedValue } from '../../lib/use-debounced-value.ts';

/** The pause after the last keystroke before the list is asked again. */
export const MENTEES_SEARCH_DEBOUNCE_MS = 300;
export const MENTEES_LOAD_ERROR = 'Не удалось загрузить учеников';
export const OPEN_CHAT_FAILED = 'Не удалось открыть чат';

export function menteeName(mentee: Pick<Mentee, 'name' | 'surname'>): string {
  return [mentee.name, mentee.surname].filter(Boolean).join(' ').trim() || 'Ученик без имени';
}

function formatDay(value: string, timeZone?: string): string {
  const date = timeZone ? dayjs(value).tz(timeZone) : dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}

/** /MyMentee, «Мои ученики» (spec 000 route table) over GET /api/mentees/?search= (decision 009). */
export function MyMenteesScreen({ timeZone }: { timeZone?: string }) {
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText.trim(), MENTEES_SEARCH_DEBOUNCE_MS);
  // While a new search runs the previous answer stays on screen, dimmed, instead of a skeleton flash.
  const query = useQuery({ ...myMenteesQueries.list(search), placeholderData: keepPreviousData });
  const chat = useOpenMenteeChat();
  const mentees = query.data ?? [];

  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6 sm:py-8 lg:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Мои ученики</h1>
          {query.data && query.data.length > 0 && !search ? <p className="text-sm text-muted-foreground">{countRu(query.data.length, ['ученик', 'ученика', 'учеников'])}</p> : null}
        </div>
        <SearchInput label="Поиск по имени" value={searchText} onChange={setSearchText} className="sm:w-72" />
      </header>

      {query.isPending ? (
        <MenteesSkeleton />
      ) : query.isError && !query.data ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>{MENTEES_LOAD_ERROR}</LoadErrorAlert>
      ) : mentees.length === 0 ? (
        search ? (
          <EmptyState
            icon={<Search />}
            title="Ничего не найдено"
            description="Попробуйте другое имя или фамилию."
            action={
              <Button variant="outline" onClick={() => setSearchText('')}>
                Сбросить поиск
              </Button>
            }
          />
        ) : (
          <EmptyState
            icon={<UsersRound />}
            title="У вас пока нет учеников"
            description="Здесь появятся те, кто забронировал вашу консультацию или записался на ваше мероприятие."
          />
        )
      ) : (
        <div className="flex flex-col gap-3">
          {query.isError ? <LoadErrorAlert onRetry={() => void query.refetch()}>{MENTEES_LOAD_ERROR}</LoadErrorAlert> : null}
          <ul aria-label="Ученики" aria-busy={query.isPlaceholderData} className={cn('flex flex-col gap-3 transition-opacity', query.isPlaceholderData && 'opacity-60')}>
            {mentees.map((mentee) => (
              <li key={mentee.id}>
                <MenteeRow mentee={mentee} timeZone={timeZone} opening={chat.openingId === mentee.id} disabled={chat.openingId !== null} onWrite={() => chat.open(mentee)} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

type MenteeRowProps = { mentee: Mentee; timeZone?: string; opening: boolean; disabled: boolean; onWrite: () => void };

/** «Последний контакт» is a date that has come, «Следующая встреча» one ahead (issue 35 item 15). */
export function contactLines(mentee: Pick<Mentee, 'last_contact' | 'next_meeting'>, timeZone?: string): string[] {
  const lines = [];
  if (mentee.last_contact) lines.push(`Последний контакт: ${formatDay(mentee.last_contact, timeZone)}`);
  if (mentee.next_meeting) lines.push(`Следующая встреча: ${formatDay(mentee.next_meeting, timeZone)}`);
  return lines.length ? lines : ['Контактов пока не было'];
}

function MenteeRow({ mentee, timeZone, opening, disabled, onWrite }: MenteeRowProps) {
  const name = menteeName(mentee);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <article aria-label={name} className="rounded-2xl border bg-card p-4 shadow-sm">
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <Avatar src={mentee.avatar_url} name={name} className="size-12" />
        <div className="flex min-w-0 flex-1 flex-col gap-0.5">
          {/* the name opens what this person booked and attended with the mentor (issue 35 item 22) */}
          <button
            type="button"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((value) => !value)}
            className="flex min-w-0 items-center gap-1 self-start rounded-md text-left font-semibold outline-none hover:text-primary focus-visible:ring-2 focus-visible:ring-ring"
          >
            <span className="truncate">{name}</span>
            <ChevronDown aria-hidden className={cn('size-4 shrink-0 transition-transform', open && 'rotate-180')} />
          </button>
          <p className="text-sm text-muted-foreground">
            {countRu(mentee.bookings_count, ['бронирование', 'бронирования', 'бронирований'])} · {countRu(mentee.registrations_count, ['регистрация', 'регистрации', 'регистраций'])}
          </p>
          {contactLines(mentee, timeZone).map((line) => (
            <p key={line} className="text-xs text-muted-foreground">
              {line}
            </p>
          ))}
          {/* attendance and late cancellations (decision 021): only of someone who booked this mentor */}
          {mentee.reliability ? (
            <p data-slot="mentee-reliability" className="text-xs text-muted-foreground">
              {menteeCardLine(mentee.reliability)}
            </p>
          ) : null}
        </div>
        <Button variant="outline" className="w-full sm:w-auto" disabled={disabled} onClick={onWrite}>
          {opening ? <Spinner className="text-current" /> : <MessageCircle />}
          Написать
        </Button>
      </div>
      {open && mentee.reliability ? <MenteeReliabilityFigures reliability={mentee.reliability} className="mt-4 border-t pt-3" /> : null}
      {open ? <MenteeHistory id={panelId} menteeId={mentee.id} timeZone={timeZone} /> : null}
    </article>
  );
}

const SESSION_STATE: Record<MenteeSession['state'], string> = { ahead: 'Впереди', done: 'Завершено', canceled: 'Отменено' };

/** The mentee's consultations and events with this mentor, latest first; an event links to its page. */
function MenteeHistory({ id, menteeId, timeZone }: { id: string; menteeId: number; timeZone?: string }) {
  const query = useQuery(myMenteesQueries.history(menteeId));
  return (
    <div id={id} className="mt-4 border-t pt-3">
      {query.isPending ? (
        <Skeleton className="h-10 rounded-lg" />
      ) : query.isError ? (
        <LoadErrorAlert onRetry={() => void query.refetch()}>Не удалось загрузить историю</LoadErrorAlert>
      ) : query.data.length === 0 ? (
        <p className="text-sm text-muted-foreground">Пока ничего нет</p>
      ) : (
        <ul aria-label="История занятий" className="flex flex-col gap-2">
          {query.data.map((session) => (
            <li key={`${session.kind}:${session.id}`} className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-0.5 text-sm">
              <span className="min-w-0">
                <span className="text-muted-foreground">{session.kind === 'event' ? 'Мероприятие' : 'Консультация'} · </span>
                {session.kind === 'event' ? (
                  <Link to="/event_info/$id" params={{ id: String(session.id) }} className="font-medium text-primary underline-offset-2 hover:underline">
                    {session.title}
                  </Link>
                ) : (
                  <span className="font-medium">{session.title}</span>
                )}
              </span>
              <span className="text-xs text-muted-foreground">
                {formatDay(session.starts_at, timeZone)} · {SESSION_STATE[session.state]}
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * 'Написать': the known direct room opens at once; otherwise POST /api/chats/with-user/ creates (or
 * finds) it, then /ChatsPage?roomId=… opens.
 */
function useOpenMenteeChat() {
  const navigate = useNavigate();
  const mutation = useMutation({
    mutationFn: (menteeId: number) => myMenteesApi.openChat(menteeId),
    onSuccess: ({ roomId }) => navigate({ to: '/ChatsPage', search: { roomId } }),
    onError: (error) => {
      const detail = error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 404 ? error.detail : undefined;
      toast({ title: OPEN_CHAT_FAILED, description: detail, variant: 'destructive' });
    },
  });
  return {
    openingId: mutation.isPending ? mutation.variables : null,
    open: (mentee: Mentee) => {
      if (mentee.chat_room_id) {
        void navigate({ to: '/ChatsPage', search: { roomId: mentee.chat_room_id } });
        return;
      }
      mutation.mutate(mentee.id);
    },
  };
}

function MenteesSkeleton() {
  return (
    <div role="status" aria-label="Загрузка" className="flex flex-col gap-3">
      {Array.from({ length: 4 }, (_, index) => (
        <Skeleton key={index} className="h-24 rounded-2xl" />
      ))}
    </div>
  );
}
