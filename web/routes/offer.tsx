import { createFileRoute } from '@tanstack/react-router';
import { PublicOffer } from '../features/legal/public-offer.tsx';

// Public: registration accepts it, and the footers link to it (issue 35).
export const Route = createFileRoute('/offer')({
  component: PublicOffer,
});
