import type { ReactNode } from 'react';

/**
 * /loads («Загрузки»): the page frame; the route puts the sections in. The subtitle names what the page holds: it said
 * «файлы и чеки» only while a mentor's earnings and everyone's calendar link sat above them.
 */
export function LoadsScreen({ asMentor = false, children }: { asMentor?: boolean; children: ReactNode }) {
  return (
    <section className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:py-10">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Загрузки</h1>
        <p className="text-sm text-muted-foreground">
          {asMentor
            ? 'Доходы и выплаты, расписание для вашего календаря, записи встреч, файлы из чатов и чеки — в одном месте.'
            : 'Расписание для вашего календаря, записи встреч, файлы из ваших чатов и чеки оплат — в одном месте.'}
        </p>
      </div>
      {children}
    </section>
  );
}
