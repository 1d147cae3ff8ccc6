import { createFileRoute } from '@tanstack/react-router';
import { PrivacyPolicy } from '../features/legal/privacy-policy.tsx';

// Public: registration asks consent to it, and the footers link to it (issue 35).
export const Route = createFileRoute('/privacy-policy')({
  component: PrivacyPolicy,
});
