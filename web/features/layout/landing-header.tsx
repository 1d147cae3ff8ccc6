import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Logo } from '../../components/logo.tsx';

const links = [
  { label: 'Ученикам', to: '/LandingMenteePage' },
  { label: 'Наставникам', to: '/' },
  { label: 'Менторы', to: '/AllMentors' },
  { label: 'Мероприятия', to: '/AllEvents' },
] as const;

/** Header of the landing pages; `actions` is login/registration for visitors or the account for users. */
export function LandingHeader({ actions }: { actions: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/85 backdrop-blur-md">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-8 px-4 md:px-8">
        <Logo />
        <nav aria-label="Разделы" className="hidden md:block">
          <ul className="flex items-center gap-6 text-sm font-medium text-muted-foreground">
            {links.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  activeOptions={{ exact: true }}
                  className="transition-colors hover:text-foreground data-[status=active]:text-foreground"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ml-auto flex items-center gap-2">{actions}</div>
      </div>
    </header>
  );
}
