import { LegalLinks } from './legal-links.tsx';

// Placeholder sections until the content pages exist (spec 000 §2 "Footers").
const placeholderLinks = ['О платформе', 'Как это работает', 'Помощь', 'Контакты'];

/** The standard footer of the app shell. */
export function SiteFooter() {
  return (
    <footer className="border-t px-4 py-8 text-sm text-muted-foreground lg:px-8">
      <div className="mx-auto flex max-w-6xl flex-col gap-5 md:flex-row md:items-center md:justify-between">
        <ul className="flex flex-wrap gap-x-5 gap-y-2">
          {placeholderLinks.map((label) => (
            <li key={label}>
              <a href="#" className="hover:text-foreground">
                {label}
              </a>
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
