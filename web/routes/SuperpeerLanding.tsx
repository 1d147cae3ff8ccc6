import { createFileRoute } from '@tanstack/react-router';
import { LivestreamLanding } from '../features/livestream-landing/livestream-landing.tsx';

export const Route = createFileRoute('/SuperpeerLanding')({
  staticData: { layout: 'Standalone' },
  component: LivestreamLanding,
});
