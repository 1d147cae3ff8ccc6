import { createFileRoute } from '@tanstack/react-router';
import { ComingSoon } from '../components/coming-soon.tsx';

export const Route = createFileRoute('/event_info/$id')({
  component: EventInfoPage,
});

function EventInfoPage() {
  const { id } = Route.useParams();
  return <ComingSoon title="Мероприятие" description={`Страница мероприятия №${id} скоро появится здесь: описание, места и запись.`} />;
}
