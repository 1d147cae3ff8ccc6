import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/payment-return')({
  component: PaymentReturnPage,
});

function PaymentReturnPage() {
  return <ComingSoon title="Оплата" />;
}
