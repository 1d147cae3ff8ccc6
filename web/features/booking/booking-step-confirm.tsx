import type { ReactNode } from 'react';
import { CalendarDays, Clock3, Globe2 } from 'lucide-react';
import { FormField } from '../../components/form-field.tsx';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { formatPrice } from '../../lib/format-price.ts';
import { discountText, loyaltyReason } from '../../../worker/lib/loyalty-text.ts';
import { QUESTIONS_MAX } from '../../../worker/bookings/booking-rules.ts';
import { RecordingNotice } from '../../components/recording-notice.tsx';
import { RECORDING_TEXTS } from '../../lib/recordings/recording-texts.ts';
import type { AvailableSlot, SlotDetail, TypePrice } from './booking.api.ts';
import { DEFAULT_DURATION_MINUTES, DEFAULT_TOPIC, formatLongDay, formatTimeRange } from './booking-calendar.ts';

export const MENTOR_LOAD_FAILED = 'Не удалось загрузить';

/** What the mentor page already knows about the type: used while the slot details are missing. */
export type KnownType = { name?: string | null; duration_minutes?: number | null; costs?: number | null };

/** 'Бесплатно' or '1 500 ₽': the spec's 'руб' too is written as every other price (issue 35 item 15). */
export function formatRubles(value: number | null | undefined): string {
  return formatPrice(value);
}

/**
 * What «Подтвердить и оплатить» charges: the server's price for this person when it answered (a loyalty step applied),
 * else the type's price (decision 006, «Loyalty steps»).
 */
export function chargedPrice(costs: number, price: TypePrice | undefined): number {
  return price && price.regular_price === costs ? price.price : costs;
}

/** The session facts of step 2 with the spec's defaults (spec 000 §9: 60 minutes, 'Сессия наставничества'). */
export function sessionFacts(detail: SlotDetail | undefined, known: KnownType) {
  const type = detail?.consultation_type;
  return {
    topic: type?.name?.trim() || known.name?.trim() || DEFAULT_TOPIC,
    duration: type?.duration_minutes || known.duration_minutes || DEFAULT_DURATION_MINUTES,
    costs: type?.costs ?? known.costs ?? 0,
  };
}

type BookingStepConfirmProps = {
  loading: boolean;
  detail: SlotDetail | undefined;
  /** The details call failed: the mentor reads 'Не удалось загрузить' (spec 000 §8). */
  failed: boolean;
  known: KnownType;
  slot: AvailableSlot;
  timeZone: string;
  questions: string;
  onQuestionsChange: (value: string) => void;
  /** the caller's price with its loyalty step, when the server has answered */
  price?: TypePrice;
  /** how to pay when the person holds a package of this type (decision 006 «Packages») */
  paymentChoice?: ReactNode;
  /** the person chose to spend a package credit: nothing is charged now */
  fromPackage?: boolean;
};

/** Step 2 of the booking dialog: who, what, when and for how much, plus questions to the mentor. */
export function BookingStepConfirm({ loading, detail, failed, known, slot, timeZone, questions, onQuestionsChange, price, paymentChoice, fromPackage = false }: BookingStepConfirmProps) {
  if (loading) {
    return (
      <div role="status" aria-label="Загружаем детали записи" className="grid gap-4 sm:grid-cols-2">
        <Skeleton className="h-20 rounded-xl sm:col-span-2" />
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-32 rounded-xl" />
        <Skeleton className="h-28 rounded-xl sm:col-span-2" />
      </div>
    );
  }

  const facts = sessionFacts(detail, known);
  const mentor = detail?.mentor;
  const mentorName = failed || !mentor ? MENTOR_LOAD_FAILED : [mentor.name, mentor.surname].filter(Boolean).join(' ') || 'Наставник';
  const mentorZone = mentor?.time_zone ?? null;
  const otherZone = mentorZone != null && mentorZone !== timeZone;

  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <section aria-label="Наставник" className="flex items-center gap-3 rounded-xl bg-muted/60 p-4 sm:col-span-2">
        <Avatar src={failed ? null : mentor?.avatar_url} name={failed ? null : mentorName} className="size-12" />
        <div className="min-w-0">
          <p className="text-xs text-muted-foreground">Наставник</p>
          <p className="truncate font-semibold">{mentorName}</p>
          {!failed && mentor?.tg_title ? <p className="truncate text-sm text-muted-foreground">{mentor.tg_title}</p> : null}
        </div>
      </section>

      <section aria-label="О сессии" className="grid content-start gap-3 rounded-xl border p-4">
        <h3 className="text-sm font-semibold">Личная сессия</h3>
        <dl className="grid gap-2 text-sm">
          <Fact label="Тема" value={facts.topic} />
          <Fact label="Длительность" value={`${facts.duration} мин`} />
          {fromPackage ? (
            <>
              <Fact label="Стоимость" value={formatRubles(facts.costs)} />
              <Fact label="Оплата" value="Из пакета, без доплаты" strong />
            </>
          ) : discounted(facts.costs, price) ? (
            <>
              <Fact label="Стоимость" value={formatRubles(facts.costs)} />
              <Fact label="Скидка" value={discountText(price.discount_percent)} />
              <Fact label="К оплате" value={formatRubles(price.price)} strong />
            </>
          ) : (
            <Fact label="Стоимость" value={formatRubles(facts.costs)} strong />
          )}
        </dl>
        {!fromPackage && discounted(facts.costs, price) ? (
          <p className="rounded-lg bg-primary/10 px-3 py-2 text-xs font-medium text-primary">
            {loyaltyReason(price.consultation_number, price.discount_percent, price.mentor_name)}
          </p>
        ) : null}
      </section>

      <section aria-label="Дата и время" className="grid content-start gap-3 rounded-xl border p-4">
        <h3 className="text-sm font-semibold">Дата и время</h3>
        <p className="flex items-center gap-2 text-sm first-letter:uppercase">
          <CalendarDays aria-hidden className="size-4 shrink-0 text-primary" />
          <span className="first-letter:uppercase">{formatLongDay(slot.start_time, timeZone)}</span>
        </p>
        <p className="flex items-center gap-2 text-sm font-semibold tabular-nums">
          <Clock3 aria-hidden className="size-4 shrink-0 text-primary" />
          {formatTimeRange(slot, timeZone)}
        </p>
        {otherZone ? (
          <div className="grid gap-0.5 text-xs text-muted-foreground">
            <p className="flex items-center gap-1.5">
              <Globe2 aria-hidden className="size-3.5 shrink-0" />
              по вашему времени ({timeZone})
            </p>
            <p className="pl-5">
              у наставника {formatTimeRange(slot, mentorZone)} ({mentorZone})
            </p>
          </div>
        ) : null}
      </section>

      {paymentChoice}

      {/* said before booking (issue 36): the consultation is recorded, who sees the recording, how long it is kept */}
      {detail?.consultation_type?.is_recorded ? <RecordingNotice text={RECORDING_TEXTS.booking} className="sm:col-span-2" /> : null}

      <FormField label="Вопросы ментору" hint={`${questions.length}/${QUESTIONS_MAX}`} className="sm:col-span-2">
        <Textarea
          rows={4}
          maxLength={QUESTIONS_MAX}
          value={questions}
          placeholder="Расскажите, что хотите разобрать на встрече — наставник подготовится заранее"
          onChange={(event) => onQuestionsChange(event.target.value)}
        />
      </FormField>
    </div>
  );
}

function discounted(costs: number, price: TypePrice | undefined): price is TypePrice {
  return price !== undefined && price.discount_percent > 0 && price.regular_price === costs;
}

function Fact({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className="flex items-baseline justify-between gap-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={strong ? 'text-right font-semibold text-primary' : 'text-right font-medium'}>{value}</dd>
    </div>
  );
}
