import { Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { formatPrice } from '../../lib/format-price.ts';
import { PACKAGE_OFFERS_MAX, PACKAGE_SESSIONS_MAX, PACKAGE_PERCENT_MAX } from '../../../worker/consultation-types/consultation-types.schemas.ts';
import { packagePrice } from '../../../worker/lib/package-price.ts';

/*
 * The packages a mentor offers for one consultation type (issue 36, decision 006 «Packages»): «[5] консультаций со
 * скидкой [10] %, действует [180] дней». Typed as strings, judged by the server's schema in the type form, with each
 * message beside its row (keys as the server's `fields` has them: 'packages.1.percent').
 */

export type PackageOfferState = { sessions: string; percent: string; valid_days: string };

/** the next package a mentor adds: a bigger one with a bigger discount, a starting point to edit */
export function nextPackage(offers: PackageOfferState[]): PackageOfferState {
  const last = offers.at(-1);
  if (!last) return { sessions: '5', percent: '10', valid_days: '180' };
  const sessions = Number(last.sessions) || 0;
  const percent = Number(last.percent) || 0;
  return {
    sessions: String(Math.min(sessions + 5, PACKAGE_SESSIONS_MAX)),
    percent: String(Math.min(percent + 5, PACKAGE_PERCENT_MAX)),
    valid_days: last.valid_days || '180',
  };
}

/** «по 2 700 ₽, всего 13 500 ₽» as the server will price it, while the row's numbers make sense */
function pricePreview(offer: PackageOfferState, costs: number): string | null {
  const sessions = Number(offer.sessions);
  const percent = Number(offer.percent);
  if (!(costs > 0) || !Number.isInteger(sessions) || sessions < 1 || !Number.isInteger(percent) || percent < 0 || percent >= 100) return null;
  const price = packagePrice(costs, { sessions, percent });
  return `по ${formatPrice(price.price_per_session)}, всего ${formatPrice(price.total_price)} вместо ${formatPrice(price.regular_total)}`;
}

const digits = (value: string) => value.replace(/[^\d-]/g, '');

type Props = {
  offers: PackageOfferState[];
  onChange: (offers: PackageOfferState[]) => void;
  errors: Record<string, string>;
  /** the type's price as typed, for the preview */
  costs: string;
};

export function PackageOffersField({ offers, onChange, errors, costs }: Props) {
  const set = (index: number, patch: Partial<PackageOfferState>) => onChange(offers.map((o, i) => (i === index ? { ...o, ...patch } : o)));
  return (
    <fieldset className="grid gap-2 rounded-xl border p-3">
      <legend className="px-1 text-sm font-medium">Пакеты консультаций</legend>
      <p className="text-xs text-muted-foreground">
        Ученик оплачивает несколько консультаций сразу со скидкой и записывается без оплаты. Деньги за каждую консультацию приходят вам после
        встречи; неиспользованные ученик может вернуть.
      </p>
      {offers.map((offer, index) => {
        const key = (field: keyof PackageOfferState) => `packages.${index}.${field}`;
        const rowErrors = [errors[key('sessions')], errors[key('percent')], errors[key('valid_days')]].filter(Boolean);
        const preview = pricePreview(offer, Number(costs));
        return (
          <div key={index} className="grid gap-1.5 rounded-lg bg-muted/50 p-2">
            {/* three short numbers under their own labels: one row even on a phone, where a sentence would break in three */}
            <div className="grid grid-cols-[1.2fr_1fr_1fr_auto] items-end gap-2 text-sm">
              <NumberCell label="Консультаций" short="Кол-во" ariaLabel={`Пакет ${index + 1}: консультаций`} invalid={!!errors[key('sessions')]} value={offer.sessions} onChange={(sessions) => set(index, { sessions })} />
              <NumberCell label="Скидка, %" ariaLabel={`Пакет ${index + 1}: скидка, %`} invalid={!!errors[key('percent')]} value={offer.percent} onChange={(percent) => set(index, { percent })} />
              <NumberCell label="Срок, дней" short="Срок, дн." ariaLabel={`Пакет ${index + 1}: действует дней`} invalid={!!errors[key('valid_days')]} value={offer.valid_days} onChange={(valid_days) => set(index, { valid_days })} />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="size-9"
                aria-label={`Удалить пакет ${index + 1}`}
                onClick={() => onChange(offers.filter((_, i) => i !== index))}
              >
                <X />
              </Button>
            </div>
            {rowErrors.length ? (
              rowErrors.map((message) => (
                <p key={message} className="text-xs text-destructive">
                  {message}
                </p>
              ))
            ) : preview ? (
              <p className="text-xs text-muted-foreground">{preview}</p>
            ) : null}
          </div>
        );
      })}
      {errors.packages ? <p className="text-xs text-destructive">{errors.packages}</p> : null}
      {offers.length < PACKAGE_OFFERS_MAX ? (
        <Button type="button" variant="outline" size="sm" className="justify-self-start" onClick={() => onChange([...offers, nextPackage(offers)])}>
          <Plus />
          Добавить пакет
        </Button>
      ) : null}
    </fieldset>
  );
}

type NumberCellProps = { label: string; short?: string; ariaLabel: string; invalid: boolean; value: string; onChange: (value: string) => void };

/** a number under its label; a phone's narrow column shows the label's short form */
function NumberCell({ label, short, ariaLabel, invalid, value, onChange }: NumberCellProps) {
  return (
    <label className="grid min-w-0 gap-1">
      <span aria-hidden className="truncate text-xs text-muted-foreground">
        {short ? (
          <>
            <span className="sm:hidden">{short}</span>
            <span className="hidden sm:inline">{label}</span>
          </>
        ) : (
          label
        )}
      </span>
      <Input aria-label={ariaLabel} aria-invalid={invalid ? true : undefined} inputMode="numeric" className="h-9 text-center" value={value} onChange={(e) => onChange(digits(e.target.value))} />
    </label>
  );
}
