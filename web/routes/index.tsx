import { createFileRoute } from '@tanstack/react-router';
import { MentorLanding } from '../features/landings/mentor-landing.tsx';

export const Route = createFileRoute('/')({
  staticData: { layout: 'Landing' },
  component: MentorLanding,
});
