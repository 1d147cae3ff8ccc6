import type { ReactNode } from 'react';

/** /loads («Загрузки»): the page frame; the route puts the sections in. */
export function LoadsScreen({ children }: { children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Загрузки</h1>
        <p className="text-sm text-muted-foreground">Файлы из ваших чатов и чеки оплат в одном месте.</p>
      </div>
      {children}
    </section>
  );
}
