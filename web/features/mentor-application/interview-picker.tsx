import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Video } from 'lucide-react';
import { ConfirmedAction } from '../../components/confirmed-action.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { INTERVIEW_MINUTES } from '../../../worker/mentor-applications/interviews.schemas.ts';
import { bookInterview, cancelInterview, mentorApplicationQueries, type ApplicantInterview } from './mentor-application.api.ts';

/**
 * The applicant's side of the vetting interview (decision 004): pick one of the times the team offered, then the
 * booked time with the way into the room (the meetings' join page, which opens it 30 minutes before the start).
 */
export function InterviewPicker() {
  const interviews = useQuery(mentorApplicationQueries.interviews());
  // times in the person's own zone, as the room's join page shows them
  const zone = useSession().user?.time_zone;
  const rows = interviews.data ?? [];
  const booked = rows.find((i) => i.status === 'booked');
  const offered = rows.filter((i) => i.status === 'offered' && Date.parse(i.starts_at) > Date.now());
  const missed = rows.some((i) => i.status === 'no_show');
  if (interviews.isPending) return null;
  return (
    <Card className="grid gap-3 p-4 sm:p-6">
      <h2 className="flex items-center gap-2 font-semibold">
        <Video aria-hidden className="size-5 text-primary" />
        Видеоинтервью с командой Формы
      </h2>
      {booked ? (
        <div className="grid gap-3 text-sm">
          <p>
            Интервью назначено на <span className="font-medium">{formatDate(booked.starts_at, zone)}</span> ({INTERVIEW_MINUTES} минут). Приготовьте
            документ, удостоверяющий личность: мы сверим его, поговорим об опыте и попросим коротко разобрать вопрос ученика.
          </p>
          {booked.room_url ? (
            <Button asChild className="w-full sm:w-fit">
              <a href={booked.room_url}>Перейти в комнату интервью</a>
            </Button>
          ) : null}
          <p className="text-muted-foreground">Комната откроется за 30 минут до начала.</p>
          {Date.parse(booked.starts_at) > Date.now() ? <CancelInterview interview={booked} /> : null}
        </div>
      ) : offered.length ? (
        <OfferedTimes offered={offered} zone={zone} />
      ) : (
        <p className="text-sm text-muted-foreground">
          {missed ? 'Интервью не состоялось. ' : ''}Скоро мы предложим время для интервью на {INTERVIEW_MINUTES} минут — придёт письмо и уведомление.
        </p>
      )}
    </Card>
  );
}

function OfferedTimes({ offered, zone }: { offered: ApplicantInterview[]; zone: string | undefined }) {
  const queryClient = useQueryClient();
  const [chosen, setChosen] = useState<number | null>(null);
  const book = useMutation({
    mutationFn: bookInterview,
    onSettled: () => queryClient.invalidateQueries({ queryKey: mentorApplicationQueries.interviews().queryKey }),
  });
  return (
    <form
      className="grid gap-3 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (chosen !== null) book.mutate(chosen);
      }}
    >
      <fieldset className="grid gap-2">
        <legend className="mb-1">Выберите удобное время ({INTERVIEW_MINUTES} минут):</legend>
        {offered.map((i) => (
          <label key={i.id} className="flex items-center gap-2 rounded-lg border px-3 py-2 has-[:checked]:border-primary has-[:checked]:bg-primary/5">
            <input type="radio" name="interview-time" checked={chosen === i.id} onChange={() => setChosen(i.id)} />
            {formatDate(i.starts_at, zone)}
          </label>
        ))}
      </fieldset>
      {book.error ? (
        <p role="alert" className="text-destructive">
          {book.error instanceof ApiError ? book.error.detail : 'Не удалось записаться на интервью'}
        </p>
      ) : null}
      <Button type="submit" disabled={chosen === null || book.isPending} className="w-full sm:w-fit">
        Записаться на интервью
      </Button>
    </form>
  );
}

/** Calling the booked time off before it begins: the other times offered with it come back to choose from. */
function CancelInterview({ interview }: { interview: ApplicantInterview }) {
  return (
    <ConfirmedAction
      trigger={(ask) => (
        <Button variant="outline" className="w-full sm:w-fit" onClick={ask}>
          Отменить или выбрать другое время
        </Button>
      )}
      title="Отменить интервью?"
      description="Время освободится. Другие предложенные варианты снова станут доступны для выбора."
      confirmLabel="Отменить интервью"
      cancelLabel="Оставить"
      action={() => cancelInterview(interview.id)}
      success={{ title: 'Интервью отменено', description: 'Выберите другое время, если команда предложила несколько, или дождитесь новых.', duration: 4000 }}
      failure="Не удалось отменить интервью"
      invalidate={mentorApplicationQueries.interviews().queryKey}
    />
  );
}
