import { createFileRoute } from '@tanstack/react-router';
import { EventPreviewScreen } from '../features/events/event-preview-screen.tsx';

export const Route = createFileRoute('/event_info/preview')({
  component: EventPreviewScreen,
});
