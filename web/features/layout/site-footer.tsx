import { Link } from '@tanstack/react-router';
import { LegalLinks } from './legal-links.tsx';

// The spec's footer had placeholder links (spec 000 §2 "Footers"); each now leads to the page that answers it (issue 35).
const footerLinks = [
  { label: 'Наставники', to: '/AllMentors' },
  { label: 'Мероприятия', to: '/AllEvents' },
  { label: 'Стать наставником', to: '/NewLandingMentor' },
  { label: 'Помощь и контакты', to: '/Support' },
] as const;

/** The standard footer of the app shell. */
export function SiteFooter() {
  return (
    <footer className="border-t px-4 py-8 text-sm text-muted-foreground lg:px-8">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 md:flex-row md:items-center md:justify-between">
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {footerLinks.map((link) => (
            <li key={link.to}>
              <Link to={link.to} className="hover:text-foreground">
                {link.label}
              </Link>
            </li>
          ))}
        </ul>
        <div className="flex flex-col gap-2 md:items-end">
          <LegalLinks />
          <p>© {new Date().getFullYear()} Форма</p>
        </div>
      </div>
    </footer>
  );
}
