import { ExternalLink } from 'lucide-react';
import { cn } from '../lib/cn.ts';

/**
 * The link to our printable «Квитанция об оплате» (the payment's summary with its fiscal receipts' ФН/ФД/ФП), apart
 * from the fiscal receipts themselves (decision 020). /loads and the booking's details show it alike.
 */
export function PaymentSummaryLink({ href, className }: { href: string; className?: string }) {
  return (
    <a href={href} target="_blank" rel="noopener" className={cn('inline-flex items-center gap-1 text-sm font-medium text-primary hover:underline', className)}>
      Квитанция об оплате
      <ExternalLink className="size-3.5" aria-hidden />
    </a>
  );
}
