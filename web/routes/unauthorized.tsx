import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page.tsx';

export const Route = createFileRoute('/unauthorized')({
  component: UnauthorizedPage,
});

function UnauthorizedPage() {
  return <ErrorPage status={401} />;
}
