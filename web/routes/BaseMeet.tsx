import { createFileRoute } from '@tanstack/react-router';
import { BaseMeetScreen } from '../features/conference/base-meet-screen.tsx';

/** Public, no sign-in (spec 002 §2.7): the demo room of the meetings' engine. */
export const Route = createFileRoute('/BaseMeet')({
  component: BaseMeetScreen,
});
