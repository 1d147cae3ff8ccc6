import { useEffect } from 'react';
import { createRootRouteWithContext, useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { ChunkErrorPage } from '../components/chunk-error-page.tsx';
import { ErrorPage } from '../components/error-page.tsx';
import { Button } from '../components/ui/button.tsx';
import { RootLayout } from '../app/root-layout.tsx';
import type { RouterContext } from '../app/router-context.ts';
import { isChunkLoadError } from '../lib/route-chunks.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  notFoundComponent: () => <ErrorPage status={404} />,
  errorComponent: RootError,
});

/**
 * Anything thrown while rendering or loading a page ends here: the 500 page, with a retry; a page whose code could
 * not be loaded asks for a reload instead (a retry would ask for the same missing file).
 */
function RootError({ error, reset }: ErrorComponentProps) {
  const router = useRouter();
  useEffect(() => console.error(error), [error]);
  if (isChunkLoadError(error)) return <ChunkErrorPage />;
  return (
    <ErrorPage status={500} standalone>
      <Button
        variant="outline"
        size="lg"
        onClick={() => {
          reset();
          void router.invalidate();
        }}
      >
        Попробовать снова
      </Button>
    </ErrorPage>
  );
}
