import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/event_info/preview')({
  component: EventInfoPreviewPage,
});

function EventInfoPreviewPage() {
  return <ComingSoon title="Предпросмотр мероприятия" />;
}
