import { createFileRoute } from '@tanstack/react-router';
import { ErrorPage } from '../components/error-page.tsx';

export const Route = createFileRoute('/internal-server-error')({
  component: InternalServerErrorPage,
});

function InternalServerErrorPage() {
  return <ErrorPage status={500} />;
}
