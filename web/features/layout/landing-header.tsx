import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/logo.tsx';

const links = [
  { label: 'Ученикам', to: '/LandingMenteePage' },
  { label: 'Наставникам', to: '/' },
  { label: 'Менторы', to: '/AllMentors' },
  { label: 'Мероприятия', to: '/AllEvents' },
] as const;

// A phone has no room for the row of links beside the logo: they get a row of their own under it, where a visitor
// finds the mentors and the events first (issue 35: on `/` at 390 px a visitor had only «Войти»). Plain links, so
// the row works in a page rendered on the server before its JavaScript has run.
const phoneLinks = [links[2], links[3], links[0], links[1]];

const linkClass = 'transition-colors hover:text-foreground data-[status=active]:text-foreground';

/** Header of the landing pages; `actions` is login/registration for visitors or the account for users. */
export function LandingHeader({ actions }: { actions: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-8 px-4 md:px-8">
        <Logo />
        <nav aria-label="Разделы" className="hidden md:block">
          <LinkList links={links} className="flex items-center gap-6 text-sm font-medium text-muted-foreground" />
        </nav>
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </div>
      <nav aria-label="Разделы" className="border-t md:hidden">
        <LinkList
          links={phoneLinks}
          className="mx-auto flex h-11 max-w-6xl items-center justify-between gap-3 overflow-x-auto px-4 text-sm font-medium whitespace-nowrap text-muted-foreground sm:justify-start sm:gap-6"
        />
      </nav>
    </header>
  );
}

function LinkList({ links: items, className }: { links: ReadonlyArray<(typeof links)[number]>; className: string }) {
  return (
    <ul className={className}>
      {items.map((link) => (
        <li key={link.to}>
          <Link to={link.to} activeOptions={{ exact: true }} className={linkClass}>
            {link.label}
          </Link>
        </li>
      ))}
    </ul>
  );
}
