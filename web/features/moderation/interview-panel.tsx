import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CalendarPlus, Video } from 'lucide-react';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { NativeSelect } from '../../components/native-select.tsx';
import { dayjs, formatDate } from '../../lib/dayjs.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { interviewChecks, INTERVIEW_MINUTES, INTERVIEW_NOTE_MAX, type InterviewCheck } from '../../../worker/mentor-applications/interviews.schemas.ts';
import { moderationApi, type AdminInterview, type InterviewOutcomeInput } from './moderation.api.ts';

const DEFAULT_ZONE = 'Europe/Moscow';

/** An application's interviews as the admin works them: offer times, see the booking, open the room, record the outcome. */
export function InterviewPanel({ applicationId, interviews, now = Date.now() }: { applicationId: number; interviews: AdminInterview[]; now?: number }) {
  const current = interviews.find((i) => i.status === 'booked' || i.status === 'held');
  const offered = interviews.filter((i) => i.status === 'offered');
  const past = interviews.filter((i) => i.status === 'no_show');
  return (
    <section aria-label="Видеоинтервью" className="grid gap-3 rounded-xl border bg-muted/30 p-4">
      <h3 className="flex items-center gap-2 font-medium">
        <Video aria-hidden className="size-4 text-primary" />
        Видеоинтервью, {INTERVIEW_MINUTES} минут
      </h3>
      {past.map((i) => (
        <p key={i.id} className="text-sm text-muted-foreground">
          {formatDate(i.starts_at)} — кандидат не пришёл{i.outcome_note ? `: ${i.outcome_note}` : ''}
        </p>
      ))}
      {current?.status === 'held' ? <HeldSummary interview={current} /> : null}
      {current?.status === 'booked' ? <BookedInterview interview={current} started={Date.parse(current.starts_at) <= now} /> : null}
      {!current ? (
        <>
          {offered.length ? (
            <div className="text-sm">
              <p className="text-muted-foreground">Предложено, кандидат ещё не выбрал:</p>
              <ul className="mt-1 grid gap-0.5">
                {offered.map((i) => (
                  <li key={i.id}>{formatDate(i.starts_at)}</li>
                ))}
              </ul>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">Интервью не назначено. Предложите кандидату время — он выберет удобное.</p>
          )}
          <OfferForm applicationId={applicationId} />
        </>
      ) : null}
    </section>
  );
}

function HeldSummary({ interview }: { interview: AdminInterview }) {
  const checked = (Object.keys(interviewChecks) as InterviewCheck[]).filter((key) => interview[key]);
  return (
    <div className="grid gap-1 text-sm">
      <p className="font-medium text-success">Интервью проведено {formatDate(interview.starts_at)}</p>
      <ul className="list-inside list-disc text-muted-foreground">
        {checked.map((key) => (
          <li key={key}>{interviewChecks[key]}</li>
        ))}
      </ul>
      {interview.outcome_note ? <p className="break-words">Заметка: {interview.outcome_note}</p> : null}
    </div>
  );
}

function BookedInterview({ interview, started }: { interview: AdminInterview; started: boolean }) {
  return (
    <div className="grid gap-3 text-sm">
      <p>
        Назначено на <span className="font-medium">{formatDate(interview.starts_at)}</span>
      </p>
      {interview.room_url ? (
        <Button asChild variant="outline" className="w-full sm:w-fit">
          <a href={interview.room_url}>
            <Video aria-hidden />
            Комната интервью
          </a>
        </Button>
      ) : null}
      {started ? (
        <OutcomeForm interview={interview} />
      ) : (
        <>
          <p className="text-muted-foreground">Итог можно будет записать после начала интервью.</p>
          <CancelBooked interview={interview} />
        </>
      )}
    </div>
  );
}

/** An admin who can't make the booked time calls it off; the applicant is told and picks again or waits for new times. */
function CancelBooked({ interview }: { interview: AdminInterview }) {
  return (
    <ConfirmedAction
      trigger={(ask) => (
        <Button variant="ghost" className="w-full text-destructive sm:w-fit" onClick={ask}>
          Отменить интервью
        </Button>
      )}
      title="Отменить интервью?"
      description="Кандидат получит уведомление. Другие предложенные ему варианты снова станут доступны."
      confirmLabel="Отменить интервью"
      cancelLabel="Оставить"
      action={() => moderationApi.cancelInterview(interview.id)}
      success={{ title: 'Интервью отменено, кандидат получил уведомление', duration: 3000 }}
      failure="Не удалось отменить интервью"
      invalidate={['moderation']}
    />
  );
}

const OFFER_SLOTS = 3;
/** the times an admin may offer: every half hour of the day, in their own zone (applicants live in every zone) */
const OFFER_TIMES = Array.from({ length: 48 }, (_, i) => `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`);
type OfferTime = { date: string; time: string };
const EMPTY: OfferTime = { date: '', time: '' };

/**
 * The times to offer, each a date and a half-hour from a list, read in the admin's profile zone (as every time in the
 * product is shown), never in the browser's own clock or locale.
 */
function OfferForm({ applicationId }: { applicationId: number }) {
  const queryClient = useQueryClient();
  const zone = useSession().user?.time_zone ?? DEFAULT_ZONE;
  const [times, setTimes] = useState<OfferTime[]>(Array(OFFER_SLOTS).fill(EMPTY));
  const offer = useMutation({
    mutationFn: (startsAt: string[]) => moderationApi.offerInterviews(applicationId, startsAt),
    onSuccess: () => {
      setTimes(Array(OFFER_SLOTS).fill(EMPTY));
      toast({ title: 'Время предложено кандидату', variant: 'success', duration: 3000 });
    },
    onError: (error) => toast({ title: 'Не удалось предложить время', description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive' }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
  const chosen = times.filter((t) => t.date && t.time);
  const set = (index: number, patch: Partial<OfferTime>) => setTimes((all) => all.map((t, i) => (i === index ? { ...t, ...patch } : t)));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    offer.mutate(chosen.map((t) => dayjs.tz(`${t.date} ${t.time}`, 'YYYY-MM-DD HH:mm', zone).toISOString()));
  };
  return (
    <form onSubmit={submit} className="grid gap-2">
      <p className="text-sm text-muted-foreground">Время по вашему часовому поясу ({zone})</p>
      <div className="grid gap-2 md:grid-cols-3 md:gap-x-4">
        {times.map((value, index) => (
          <div key={index} className="grid grid-cols-[1fr_6.5rem] gap-2">
            <Input type="date" lang="ru" aria-label={`Дата интервью ${index + 1}`} value={value.date} onChange={(e) => set(index, { date: e.target.value })} />
            <NativeSelect aria-label={`Время интервью ${index + 1}`} value={value.time} onChange={(e) => set(index, { time: e.target.value })}>
              <option value="">—:—</option>
              {OFFER_TIMES.map((t) => (
                <option key={t} value={t}>
                  {t}
                </option>
              ))}
            </NativeSelect>
          </div>
        ))}
      </div>
      <Button type="submit" variant="outline" disabled={!chosen.length || offer.isPending} className="w-full sm:w-fit">
        <CalendarPlus aria-hidden />
        Предложить время
      </Button>
    </form>
  );
}

function OutcomeForm({ interview }: { interview: AdminInterview }) {
  const queryClient = useQueryClient();
  const [body, setBody] = useState<InterviewOutcomeInput>({ outcome: 'held', note: '', checked_identity: false, checked_experience: false, checked_sample_session: false });
  const record = useMutation({
    mutationFn: () => moderationApi.recordOutcome(interview.id, body),
    onSuccess: () => toast({ title: 'Итог интервью записан', variant: 'success', duration: 3000 }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['moderation'] }),
  });
  // the server checks with the shared schema (interviewOutcomeBody) and names the fields
  const fields: Record<string, string> = record.error instanceof ApiError ? (record.error.fields ?? {}) : {};
  const held = body.outcome === 'held';
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        record.mutate();
      }}
      className="grid gap-3 rounded-lg border bg-background p-3"
    >
      <fieldset className="flex flex-wrap gap-4">
        <legend className="mb-1 font-medium">Итог интервью</legend>
        {(
          [
            ['held', 'Состоялось'],
            ['no_show', 'Кандидат не пришёл'],
          ] as const
        ).map(([value, label]) => (
          <label key={value} className="flex items-center gap-2">
            <input type="radio" name={`outcome-${interview.id}`} checked={body.outcome === value} onChange={() => setBody({ ...body, outcome: value })} />
            {label}
          </label>
        ))}
      </fieldset>
      {held ? (
        <fieldset className="grid gap-1.5">
          <legend className="mb-1 font-medium">Что проверили</legend>
          {(Object.keys(interviewChecks) as InterviewCheck[]).map((key) => (
            <label key={key} className="flex items-start gap-2">
              <input type="checkbox" className="mt-1" checked={Boolean(body[key])} onChange={(e) => setBody({ ...body, [key]: e.target.checked })} />
              <span>
                {interviewChecks[key]}
                {fields[key] ? <span className="block text-xs text-destructive">{fields[key]}</span> : null}
              </span>
            </label>
          ))}
        </fieldset>
      ) : null}
      <label className="grid gap-1">
        <span className="font-medium">Заметка для команды</span>
        <Textarea value={body.note} maxLength={INTERVIEW_NOTE_MAX} rows={3} onChange={(e) => setBody({ ...body, note: e.target.value })} />
        {fields.note ? <span className="text-xs text-destructive">{fields.note}</span> : null}
      </label>
      {record.error && !Object.keys(fields).length ? (
        <p role="alert" className="text-destructive">
          {record.error instanceof ApiError ? record.error.detail : 'Не удалось записать итог'}
        </p>
      ) : null}
      <Button type="submit" disabled={record.isPending} className="w-full sm:w-fit">
        Записать итог
      </Button>
    </form>
  );
}
