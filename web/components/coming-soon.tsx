import type { ReactNode } from 'react';
import { Link, useCanGoBack, useRouter } from '@tanstack/react-router';
import { ArrowLeft, Hammer } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Card } from './ui/card.tsx';

type ComingSoonProps = {
  /** The screen's name as users know it, e.g. 'Календарь'. */
  title: string;
  description?: string;
  /** Where the main link leads; most screens send people back to the mentor search. */
  home?: { to: '/AllMentors' | '/Home' | '/'; label: string };
  children?: ReactNode;
};

/** The one placeholder for screens that are routed but not built yet. */
export function ComingSoon({ title, description, home = { to: '/Home', label: 'На главную' }, children }: ComingSoonProps) {
  const router = useRouter();
  const canGoBack = useCanGoBack();
  return (
    <section className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-10 sm:py-16">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
      {children}
      <Card className="relative overflow-hidden p-8 text-center sm:p-12">
        <div aria-hidden className="pointer-events-none absolute -top-24 left-1/2 size-64 -translate-x-1/2 rounded-full bg-primary/10 blur-3xl" />
        <div className="relative mx-auto grid size-14 place-content-center rounded-2xl bg-primary/10 text-primary">
          <Hammer className="size-7" aria-hidden />
        </div>
        <p className="relative mt-5 text-lg font-semibold">Раздел в разработке</p>
        <p className="relative mx-auto mt-2 max-w-sm text-sm text-muted-foreground">
          {description ?? `Мы уже работаем над экраном «${title}». Загляните сюда чуть позже.`}
        </p>
        <div className="relative mt-8 flex flex-wrap items-center justify-center gap-3">
          {canGoBack ? (
            <Button variant="outline" onClick={() => router.history.back()}>
              <ArrowLeft aria-hidden />
              Назад
            </Button>
          ) : null}
          <Button asChild>
            <Link to={home.to}>{home.label}</Link>
          </Button>
        </div>
      </Card>
    </section>
  );
}
