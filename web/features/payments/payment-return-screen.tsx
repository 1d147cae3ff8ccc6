import { useEffect, useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { CircleCheck, CircleHelp, CircleX, Hourglass, LogIn, RotateCcw, Undo2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { PushPrompt } from '../../components/push-prompt.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { formatDate } from '../../lib/dayjs.ts';
import { cn } from '../../lib/cn.ts';
import { formatPrice } from '../../lib/format-price.ts';
import { discountText, loyaltyReason } from '../../../worker/lib/loyalty-text.ts';
import { useReturnTarget } from '../../lib/return-to.ts';
import { useSession } from '../../lib/session/use-session.ts';
import { canceledPaymentText } from './canceled-payment-text.ts';
import type { Payment, PurchaseSummary } from './payments.api.ts';
import { paymentQueries } from './payments.queries.ts';

/** How often the page asks about a pending payment, and for how long before it says "still waiting". */
export const PAYMENT_POLL_MS = 1500;
export const PAYMENT_POLL_MAX_MS = 40_000;
/** a package paid (decision 006 «Packages»): what it gives and how the money goes */
export const PACKAGE_PAID_TEXT =
  'Пакет оплачен. Записывайтесь на удобное время на странице наставника — без оплаты, консультация спишется из пакета. Наставник получает деньги за каждую консультацию после встречи.';
/** the difference of a move to a dearer format paid (decision 024): the booking has moved with it */
export const TOP_UP_PAID_TEXT = 'Консультация перенесена на новое время, формат и цена обновлены. Мы сообщили наставнику.';
/** the difference not paid: the move didn't happen, the booking and its payment are as they were */
export const TOP_UP_CANCELED_TEXT =
  'Запись осталась как была: прежние время, формат и оплата. Деньги за доплату не списаны. Перенести консультацию снова можно из календаря.';

type Tone = 'success' | 'danger' | 'wait' | 'neutral';

/** /payment-return?payment_id=: where the payment provider sends the browser back. */
export function PaymentReturnScreen({ paymentId }: { paymentId: string | undefined }) {
  if (!paymentId) {
    return (
      <ResultCard tone="neutral" icon={<CircleHelp />} title="Здесь пока нечего показать">
        <p className="text-sm text-muted-foreground">
          На эту страницу мы возвращаем после оплаты. Похоже, вы открыли её напрямую — выберите наставника или мероприятие, и оплата начнётся оттуда.
        </p>
        <Actions>
          <Button asChild>
            <Link to="/AllMentors">Выбрать наставника</Link>
          </Button>
        </Actions>
      </ResultCard>
    );
  }
  return <PaymentOutcome key={paymentId} paymentId={paymentId} />;
}

function PaymentOutcome({ paymentId }: { paymentId: string }) {
  const { user } = useSession();
  // a visitor who signs in from here comes back to this payment's result (issue 35)
  const returnTo = useReturnTarget();
  const [pollKey, setPollKey] = useState(0);
  const [timedOut, setTimedOut] = useState(false);

  // Spec 000 leaves the return page open; we ask every 1.5 s for about 40 s while the provider's
  // notification is on its way, then say that we are still waiting instead of spinning for ever.
  useEffect(() => {
    const timer = setTimeout(() => setTimedOut(true), PAYMENT_POLL_MAX_MS);
    return () => clearTimeout(timer);
  }, [pollKey]);

  const payment = useQuery({
    ...paymentQueries.detail(paymentId),
    refetchInterval: (query) => (query.state.data?.status === 'pending' && !timedOut ? PAYMENT_POLL_MS : false),
    refetchIntervalInBackground: true,
  });
  const summary = useQuery({ ...paymentQueries.summary(payment.data), enabled: payment.data != null });

  const checkAgain = () => {
    setTimedOut(false);
    setPollKey((key) => key + 1);
    void payment.refetch();
  };

  if (payment.isPending) return <Waiting />;

  if (payment.isError) {
    const error = payment.error;
    if (error instanceof ApiError && (error.status === 401 || (error.status === 403 && !user))) {
      return (
        <ResultCard tone="neutral" icon={<LogIn />} title="Войдите, чтобы увидеть оплату">
          <p className="text-sm text-muted-foreground">Статус платежа видит только тот, кто платил. Войдите в аккаунт — после входа вы вернётесь сюда.</p>
          <Actions>
            <Button asChild>
              <Link to="/login" search={{ redirect: returnTo }}>
                Войти
              </Link>
            </Button>
          </Actions>
        </ResultCard>
      );
    }
    if (error instanceof ApiError && (error.status === 404 || error.status === 403 || error.status === 400 || error.status === 422)) {
      return (
        <ResultCard tone="neutral" icon={<CircleHelp />} title="Платёж не найден">
          <p className="text-sm text-muted-foreground">Возможно, ссылка устарела или платёж оформлен с другого аккаунта.</p>
          <Actions>
            <Button asChild>
              <Link to="/AllMentors">К наставникам</Link>
            </Button>
          </Actions>
        </ResultCard>
      );
    }
    return (
      <ResultCard tone="danger" icon={<CircleX />} title="Не удалось проверить оплату">
        <p className="text-sm text-muted-foreground">{error instanceof ApiError ? error.detail : 'Попробуйте ещё раз.'}</p>
        <Actions>
          <Button onClick={checkAgain}>
            <RotateCcw />
            Повторить
          </Button>
        </Actions>
      </ResultCard>
    );
  }

  const data = payment.data;
  const bought = summary.data ?? undefined;
  const details = <PurchaseDetails payment={data} summary={bought} loading={summary.isPending} timeZone={user?.time_zone ?? undefined} />;

  switch (data.status) {
    case 'pending':
      return timedOut ? (
        <ResultCard tone="wait" icon={<Hourglass />} title="Ждём подтверждения от платёжной системы…">
          <p className="text-sm text-muted-foreground">
            {data.is_top_up
              ? 'Обычно это занимает пару минут. Как только доплата подтвердится, консультация перенесётся на новое время и мы пришлём уведомление.'
              : 'Обычно это занимает пару минут. Как только оплата подтвердится, бронь станет оплаченной и мы пришлём уведомление.'}
          </p>
          {details}
          <Actions>
            <Button onClick={checkAgain}>
              <RotateCcw />
              Проверить ещё раз
            </Button>
            <Button asChild variant="outline">
              <Link to="/CalendarPage">Открыть календарь</Link>
            </Button>
          </Actions>
        </ResultCard>
      ) : (
        <Waiting>{details}</Waiting>
      );
    case 'succeeded':
    case 'released':
      if (data.is_top_up) {
        return (
          <ResultCard tone="success" icon={<CircleCheck />} title="Доплата прошла">
            <p className="text-sm text-muted-foreground">{TOP_UP_PAID_TEXT}</p>
            {details}
            <Actions>
              <BookingLink payment={data} primary />
              <Button asChild variant="outline">
                <Link to="/CalendarPage">Открыть календарь</Link>
              </Button>
            </Actions>
          </ResultCard>
        );
      }
      return (
        <ResultCard tone="success" icon={<CircleCheck />} title="Оплата прошла успешно">
          <p className="text-sm text-muted-foreground">
            {data.service_type === 'consultation'
              ? 'Консультация оплачена и ждёт вас в календаре. Деньги хранятся на платформе и уйдут наставнику после встречи.'
              : data.service_type === 'package'
                ? PACKAGE_PAID_TEXT
                : 'Участие оплачено — место за вами. Напомним о начале заранее.'}
          </p>
          {details}
          <Actions>
            <ServiceLink payment={data} summary={bought} primary label={data.service_type === 'package' ? 'Записаться' : undefined} />
            {data.service_type === 'package' ? (
              <Button asChild variant="outline">
                <Link to="/CalendarPage">Мои пакеты</Link>
              </Button>
            ) : null}
            {data.service_type === 'consultation' ? (
              <Button asChild variant="outline">
                <Link to="/CalendarPage">Открыть календарь</Link>
              </Button>
            ) : null}
          </Actions>
          {/* after a booking, not on a first visit (decision 027) */}
          <PushPrompt className="mt-2 w-full" />
        </ResultCard>
      );
    case 'canceled': {
      // a declined card, time that ran out and a booking given up read differently (the provider's reason)
      const canceled = canceledPaymentText(data.cancel_reason);
      // a top-up not paid: the booking stays paid on its old time, so neither «уже оплачена» nor a retry of it fits
      if (data.is_top_up) {
        return (
          <ResultCard tone="neutral" icon={<CircleX />} title="Доплата не прошла">
            <p className="text-sm text-muted-foreground">{TOP_UP_CANCELED_TEXT}</p>
            {details}
            <Actions>
              <BookingLink payment={data} primary />
            </Actions>
          </ResultCard>
        );
      }
      // whether the consultation was paid since decides what to say: no «не прошла» flashing before «уже оплачена»
      if (data.service_type !== 'event' && summary.isPending) return <Waiting>{details}</Waiting>;
      // an old attempt opened after the booking was paid by a later one: nothing is left to retry
      if (bought?.paid) {
        const isPackage = data.service_type === 'package';
        return (
          <ResultCard tone="neutral" icon={<CircleCheck />} title={isPackage ? 'Пакет уже оплачен' : 'Запись уже оплачена'}>
            <p className="text-sm text-muted-foreground">
              {isPackage
                ? 'Эта попытка оплаты не прошла, но пакет оплачен другим платежом: он в календаре, в «Мои пакеты».'
                : 'Эта попытка оплаты не прошла, но консультация оплачена другим платежом и ждёт вас в календаре.'}
            </p>
            {details}
            <Actions>
              <Button asChild>
                <Link to="/CalendarPage">Открыть календарь</Link>
              </Button>
            </Actions>
          </ResultCard>
        );
      }
      return (
        <ResultCard tone="danger" icon={<CircleX />} title={canceled.title}>
          <p className="text-sm text-muted-foreground">{canceled.text}</p>
          {details}
          <Actions>
            <ServiceLink payment={data} summary={bought} primary label={canceled.retry ? 'Попробовать снова' : undefined} />
          </Actions>
        </ResultCard>
      );
    }
    case 'refunded':
      return (
        <ResultCard tone="neutral" icon={<Undo2 />} title="Платёж возвращён">
          <p className="text-sm text-muted-foreground">Деньги вернулись на карту, с которой вы платили. Банк может зачислить их не сразу.</p>
          {details}
          <Actions>
            <ServiceLink payment={data} summary={bought} primary />
          </Actions>
        </ResultCard>
      );
  }
}

function Waiting({ children }: { children?: ReactNode }) {
  return (
    <ResultCard tone="wait" icon={<Spinner className="size-7 text-current" label="Проверяем оплату" />} title="Проверяем оплату…">
      <p className="text-sm text-muted-foreground">Платёжная система подтверждает платёж. Обычно это занимает несколько секунд.</p>
      <div aria-hidden className="relative h-1.5 w-full overflow-hidden rounded-full bg-primary/10">
        <div className="absolute inset-y-0 left-0 w-1/2 animate-progress rounded-full bg-primary" />
      </div>
      {children}
    </ResultCard>
  );
}

const toneClasses: Record<Tone, string> = {
  success: 'bg-success/15 text-success',
  danger: 'bg-destructive/10 text-destructive',
  wait: 'bg-primary/10 text-primary',
  neutral: 'bg-secondary text-secondary-foreground',
};

function ResultCard({ tone, icon, title, children }: { tone: Tone; icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <div className="flex min-h-[calc(100dvh-12rem)] items-center justify-center px-4 py-10">
      <Card role="status" aria-live="polite" data-tone={tone} className="grid w-full max-w-md justify-items-center gap-4 p-6 text-center sm:p-8">
        <span className={cn('grid size-14 place-content-center rounded-full [&_svg]:size-7', toneClasses[tone])}>{icon}</span>
        <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">{title}</h1>
        {children}
      </Card>
    </div>
  );
}

function Actions({ children }: { children: ReactNode }) {
  return <div className="mt-1 flex w-full flex-col gap-2 sm:flex-row sm:justify-center [&>*]:w-full sm:[&>*]:w-auto">{children}</div>;
}

function PurchaseDetails({ payment, summary, loading, timeZone }: { payment: Payment; summary: PurchaseSummary | undefined; loading: boolean; timeZone?: string }) {
  const kind = payment.service_type === 'consultation' ? 'Консультация' : payment.service_type === 'package' ? 'Пакет' : 'Мероприятие';
  return (
    <dl className="grid w-full gap-2 rounded-xl bg-muted/60 p-4 text-left text-sm">
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-muted-foreground">{kind}</dt>
        <dd className="min-w-0 text-right font-medium">{summary ? summary.title : loading ? <span className="inline-block h-4 w-32 animate-pulse rounded bg-muted" /> : '—'}</dd>
      </div>
      {summary?.startsAt ? (
        <div className="flex items-baseline justify-between gap-3">
          <dt className="text-muted-foreground">Когда</dt>
          <dd className="text-right font-medium">{formatDate(summary.startsAt, timeZone)}</dd>
        </div>
      ) : null}
      {payment.discount ? (
        <>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">Стоимость</dt>
            <dd className="text-right font-medium">{formatPrice(payment.discount.regular_amount)}</dd>
          </div>
          <div className="flex items-baseline justify-between gap-3">
            <dt className="text-muted-foreground">Скидка</dt>
            <dd className="text-right font-medium">
              {payment.discount.consultation_number
                ? loyaltyReason(payment.discount.consultation_number, payment.discount.percent, payment.discount.mentor_name)
                : discountText(payment.discount.percent)}
            </dd>
          </div>
        </>
      ) : null}
      <div className="flex items-baseline justify-between gap-3">
        <dt className="text-muted-foreground">{payment.is_top_up ? 'Доплата' : 'Сумма'}</dt>
        <dd className="text-right font-semibold">{formatPrice(payment.amount)}</dd>
      </div>
    </dl>
  );
}

/** The booking in the schedule, its details open (a top-up's booking: where its new time and format are). */
function BookingLink({ payment, primary = false }: { payment: Payment; primary?: boolean }) {
  const bookingId = payment.booking_id ?? null;
  return (
    <Button asChild variant={primary ? 'default' : 'outline'}>
      {bookingId != null ? (
        <Link to="/CalendarPage" search={{ booking: bookingId }}>
          Открыть запись
        </Link>
      ) : (
        <Link to="/CalendarPage">Открыть календарь</Link>
      )}
    </Button>
  );
}

/** The page of what was bought: the event, or the mentor (the calendar when the mentor is unknown). */
function ServiceLink({ payment, summary, primary = false, label }: { payment: Payment; summary: PurchaseSummary | undefined; primary?: boolean; label?: string }) {
  const variant = primary ? 'default' : 'outline';
  const eventId = payment.event_id ?? summary?.eventId ?? (payment.service_type === 'event' ? payment.service_id : null);
  if (payment.service_type === 'event' && eventId != null) {
    return (
      <Button asChild variant={variant}>
        <Link to="/event_info/$id" params={{ id: String(eventId) }}>
          {label ?? 'К мероприятию'}
        </Link>
      </Button>
    );
  }
  if (summary?.mentorId != null) {
    return (
      <Button asChild variant={variant}>
        <Link to="/mentor_info/$mentorId" params={{ mentorId: String(summary.mentorId) }}>
          {label ?? 'Страница наставника'}
        </Link>
      </Button>
    );
  }
  return (
    <Button asChild variant={variant}>
      {label ? <Link to="/AllMentors">{label}</Link> : <Link to="/CalendarPage">Открыть календарь</Link>}
    </Button>
  );
}
