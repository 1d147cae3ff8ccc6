import { createFileRoute } from '@tanstack/react-router';
// zod/mini: search schemas sit in the route config, which is part of the initial bundle.
import { z } from 'zod/mini';
import { PaymentReturnScreen } from '../features/payments/payment-return-screen.tsx';

const searchSchema = z.object({
  // The provider appends it to our return address; anything else reads as "no payment".
  payment_id: z.catch(z.optional(z.string().check(z.regex(/^[\w-]{1,64}$/))), undefined),
});

/** Not restricted (spec 000 §2): the page itself says when one has to sign in. */
export const Route = createFileRoute('/payment-return')({
  validateSearch: searchSchema,
  component: PaymentReturnPage,
});

function PaymentReturnPage() {
  const { payment_id } = Route.useSearch();
  return <PaymentReturnScreen paymentId={payment_id} />;
}
