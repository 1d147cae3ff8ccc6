import { createFileRoute } from '@tanstack/react-router';
import { searchMatching, searchParams } from '../lib/search-params.ts';
import { PaymentReturnScreen } from '../features/payments/payment-return-screen.tsx';

const searchSchema = searchParams((raw) => ({
  // The provider appends it to our return address; anything else reads as "no payment".
  payment_id: searchMatching(raw.payment_id, /^[\w-]{1,64}$/),
}));

/** Not restricted (spec 000 §2): the page itself says when one has to sign in. */
export const Route = createFileRoute('/payment-return')({
  validateSearch: searchSchema,
  component: PaymentReturnPage,
});

function PaymentReturnPage() {
  const { payment_id } = Route.useSearch();
  return <PaymentReturnScreen paymentId={payment_id} />;
}
