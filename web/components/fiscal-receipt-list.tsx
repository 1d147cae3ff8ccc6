import { Fragment } from 'react';
import { cn } from '../lib/cn.ts';
import { formatAmount } from '../lib/format-price.ts';
import { FISCAL_KIND_TEXT, FISCAL_STATUS_TEXT, type FiscalReceiptKind, type FiscalReceiptStatus } from '../../worker/downloads/fiscal-receipt.messages.ts';

/** a fiscal receipt's state: a registered one reads calm, one still to be sent or canceled stands out */
const STATUS_TONE: Record<FiscalReceiptStatus, string> = {
  succeeded: 'text-muted-foreground',
  pending: 'text-muted-foreground',
  not_sent: 'text-foreground',
  canceled: 'text-destructive',
};

type FiscalReceiptLine = { kind: FiscalReceiptKind; status: FiscalReceiptStatus; amount: number; fiscal?: { fn: string; fd: string; fp: string } | null };

/**
 * A payment's fiscal receipts (decision 020), one short line each: «Кассовый чек: приход · 1 500 ₽ · Зарегистрирован»,
 * and under a registered one its fiscal data (ФН, ФД, ФП: what a receipt is checked by at the tax service), so the
 * receipt itself is here, apart from our «Квитанция об оплате». /loads and the booking's details show them alike.
 * Nothing when there are none.
 */
export function FiscalReceiptList({ receipts, className, itemClassName = 'text-xs' }: { receipts: FiscalReceiptLine[]; className?: string; itemClassName?: string }) {
  if (!receipts.length) return null;
  return (
    <ul aria-label="Кассовые чеки" className={cn('grid gap-0.5', className)}>
      {receipts.map((fiscal, index) => (
        <li key={index} data-testid="fiscal-receipt" className={cn('text-muted-foreground', itemClassName)}>
          {/* on a narrow screen the line breaks after the kind, never between a sum and its state */}
          {FISCAL_KIND_TEXT[fiscal.kind]} ·{' '}
          <span className="whitespace-nowrap">
            {formatAmount(fiscal.amount)} · <span className={STATUS_TONE[fiscal.status]}>{FISCAL_STATUS_TEXT[fiscal.status]}</span>
          </span>
          {fiscal.fiscal ? (
            <span data-testid="fiscal-data" className="block text-xs tabular-nums text-muted-foreground/80">
              {/* a narrow screen breaks between the three, never inside a number */}
              {[`ФН ${fiscal.fiscal.fn}`, `ФД ${fiscal.fiscal.fd}`, `ФП ${fiscal.fiscal.fp}`].map((part, i) => (
                <Fragment key={part}>
                  {i > 0 ? ' · ' : null}
                  <span className="whitespace-nowrap">{part}</span>
                </Fragment>
              ))}
            </span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
