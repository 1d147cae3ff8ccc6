import { RefreshCw } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Logo } from './logo.tsx';

/**
 * The page's code could not be loaded (web/lib/route-chunks.ts): a reload fetches the current release. Full-screen,
 * as the root error boundary shows it in place of the app shell.
 */
export function ChunkErrorPage() {
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 py-16 text-center">
      <Logo className="mb-12" />
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Обновите страницу</h1>
      <p className="mt-3 max-w-md text-muted-foreground">
        Не удалось загрузить эту страницу: прервалась связь или вышла новая версия сайта. После обновления всё заработает.
      </p>
      <Button size="lg" className="mt-8" onClick={() => window.location.reload()}>
        <RefreshCw aria-hidden />
        Обновить страницу
      </Button>
    </main>
  );
}
