import { lazy, Suspense } from 'react';
import { Logo } from '../../components/logo.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { LegalLinks } from './legal-links.tsx';

// Below the fold on every landing: its form code (checkbox, phone mask, validation) loads after the first page.
const CallbackForm = lazy(() => import('./callback-form.tsx').then((m) => ({ default: m.CallbackForm })));

const formPlaceholder = <Skeleton className="h-48 w-full rounded-xl" />;

/** Footer of the landing pages: a call-back request and the legal links. */
export function LandingFooter() {
  // a page rendered on the server has the placeholder (its render cannot wait for the chunk); the browser then the form
  const hydrated = useHydrated();
  return (
    <footer className="border-t bg-card">
      <div className="mx-auto grid max-w-6xl gap-12 px-4 py-14 md:grid-cols-[1.2fr_1fr] md:px-8">
        <section aria-labelledby="callback-title" className="rounded-2xl bg-secondary/60 p-6 sm:p-8">
          <h2 id="callback-title" className="text-xl font-semibold tracking-tight">
            Остались вопросы?
          </h2>
          <p className="mt-2 mb-6 text-sm text-muted-foreground">
            Оставьте номер — мы перезвоним и всё расскажем. Звоним с 8:00 до 22:00.
          </p>
          {hydrated ? (
            <Suspense fallback={formPlaceholder}>
              <CallbackForm />
            </Suspense>
          ) : (
            formPlaceholder
          )}
        </section>
        <div className="flex flex-col justify-between gap-8 text-sm text-muted-foreground">
          <div className="grid gap-4">
            <Logo />
            <p className="max-w-xs">Маркетплейс наставников: личные консультации и групповые мероприятия.</p>
          </div>
          <div className="grid gap-3">
            <LegalLinks />
            <p>© {new Date().getFullYear()} Форма</p>
          </div>
        </div>
      </div>
    </footer>
  );
}
