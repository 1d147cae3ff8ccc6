import { createFileRoute } from '@tanstack/react-router';
import { NewLandingMentor } from '../features/landings/new-landing-mentor.tsx';

export const Route = createFileRoute('/NewLandingMentor')({
  staticData: { layout: 'Standalone' },
  component: NewLandingMentor,
});
