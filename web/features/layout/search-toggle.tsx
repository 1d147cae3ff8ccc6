import { Link } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';
import { usePathname } from './use-pathname.ts';

const options = [
  { label: 'Мероприятия', to: '/AllEvents' },
  { label: 'Менторы', to: '/AllMentors' },
] as const;

/** The header's two-way switch between the event list and the mentor list. */
export function SearchToggle({ className }: { className?: string }) {
  const pathname = usePathname();
  return (
    <nav aria-label="Что искать" className={cn('inline-grid grid-cols-2 rounded-xl bg-muted p-1', className)}>
      {options.map((option) => {
        const active = pathname === option.to;
        return (
          <Link
            key={option.to}
            to={option.to}
            aria-current={active ? 'page' : undefined}
            className={cn(
              'rounded-lg px-4 py-1.5 text-center text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring',
              active ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {option.label}
          </Link>
        );
      })}
    </nav>
  );
}
