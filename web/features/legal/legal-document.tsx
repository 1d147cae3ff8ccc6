import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { LEGAL_DOCUMENTS_VERSION } from '../../../worker/auth/auth.schemas.ts';

const MONTHS = ['января', 'февраля', 'марта', 'апреля', 'мая', 'июня', 'июля', 'августа', 'сентября', 'октября', 'ноября', 'декабря'];

/** «27 ноября 2026 г.» from the edition's ISO date: the same edition the registration consent stores. */
export function editionDate(version = LEGAL_DOCUMENTS_VERSION) {
  const [year, month, day] = version.split('-').map(Number);
  return `${day} ${MONTHS[month - 1]} ${year} г.`;
}

/** One numbered section of a document: a paragraph before its list, the list, a paragraph after; each is optional. */
export type LegalSectionContent = {
  title: string;
  before?: ReactNode;
  items?: ReactNode[];
  after?: ReactNode;
  /** a block that is not a paragraph (the operator's details), drawn after the rest */
  block?: ReactNode;
};

/** The frame of a published document: title, edition, the lead's paragraphs, then its sections numbered from 1. */
export function LegalDocument({ title, lead, sections }: { title: string; lead: ReactNode[]; sections: LegalSectionContent[] }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 text-[15px] leading-relaxed sm:py-14">
      <h1 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">{title}</h1>
      <p className="mt-2 text-sm text-muted-foreground">Редакция от {editionDate()}</p>
      <div className="mt-6 grid gap-3 text-muted-foreground">
        {lead.map((paragraph, index) => (
          <p key={index}>{paragraph}</p>
        ))}
      </div>
      <div className="mt-8 grid gap-8">
        {sections.map((section, index) => (
          <LegalSection key={section.title} number={index + 1} section={section} />
        ))}
      </div>
    </article>
  );
}

/** The one section markup of both documents (/privacy-policy, /offer). */
export function LegalSection({ number, section }: { number: number; section: LegalSectionContent }) {
  return (
    <section aria-labelledby={`section-${number}`} className="grid gap-3">
      <h2 id={`section-${number}`} className="text-lg font-semibold tracking-tight">
        {number}. {section.title}
      </h2>
      {section.before ? <p>{section.before}</p> : null}
      {section.items ? (
        <ul className="grid list-disc gap-1.5 pl-5 marker:text-muted-foreground">
          {section.items.map((item, index) => (
            <li key={index}>{item}</li>
          ))}
        </ul>
      ) : null}
      {section.after ? <p>{section.after}</p> : null}
      {section.block ?? null}
    </section>
  );
}

/** A link from one document to a page of the site, in the documents' one style. */
export function LegalLink({ to, children }: { to: '/Support' | '/offer' | '/privacy-policy'; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
