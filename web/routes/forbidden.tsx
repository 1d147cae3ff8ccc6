import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page.tsx';

export const Route = createFileRoute('/forbidden')({
  component: ForbiddenPage,
});

function ForbiddenPage() {
  return <ErrorPage status={403} />;
}
