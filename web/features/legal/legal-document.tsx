import type { ReactNode } from 'react';
import { LEGAL_DOCUMENTS_VERSION } from '../../../worker/auth/auth.schemas.ts';

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** «27 ноября 2026 г.» from the edition's ISO date: the same edition the registration consent stores. */
export function editionDate(version = LEGAL_DOCUMENTS_VERSION) {
  const [year, month, day] = version.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year} г.`;
}

/** The frame of a published document: title, edition, numbered sections. */
export function LegalDocument({ title, lead, children }: { title: string; lead: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 text-[15px] leading-relaxed sm:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Редакция от {editionDate()}</p>
      <div className="mt-6 grid gap-3 text-muted-foreground">{lead}</div>
      <div className="mt-8 grid gap-8">{children}</div>
    </article>
  );
}

export function LegalSection({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`section-${number}`} className="grid gap-3">
      <h2 id={`section-${number}`} className="text-lg font-semibold tracking-tight">
        {number}. {title}
      </h2>
      {children}
    </section>
  );
}

export function LegalList({ items }: { items: ReactNode[] }) {
  return (
    <ul className="grid list-disc gap-1.5 pl-5 marker:text-muted-foreground">
      {items.map((item, index) => (
        <li key={index}>{item}</li>
      ))}
    </ul>
  );
}
