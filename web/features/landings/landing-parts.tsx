import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { cn } from '../../lib/cn.ts';

/** The product's two entry choices (spec 000 §1): 'Хочу учиться' and 'Хочу учить'. */
export function AudienceSwitch({ current }: { current: 'learn' | 'teach' }) {
  const item = 'rounded-full px-4 py-2 text-sm font-semibold transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring';
  const active = 'bg-primary text-primary-foreground shadow-sm';
  const idle = 'text-muted-foreground hover:text-foreground';
  return (
    <nav aria-label="Кто вы" className="inline-flex rounded-full border bg-card/80 p-1 shadow-sm backdrop-blur">
      <Link to="/LandingMenteePage" aria-current={current === 'learn' ? 'page' : undefined} className={cn(item, current === 'learn' ? active : idle)}>
        Хочу учиться
      </Link>
      <Link to="/" aria-current={current === 'teach' ? 'page' : undefined} className={cn(item, current === 'teach' ? active : idle)}>
        Хочу учить
      </Link>
    </nav>
  );
}

type SectionHeadingProps = { eyebrow?: string; title: ReactNode; description?: ReactNode; align?: 'left' | 'center'; id?: string; action?: ReactNode };

export function SectionHeading({ eyebrow, title, description, align = 'left', id, action }: SectionHeadingProps) {
  return (
    <div className={cn('mb-10 flex flex-col gap-4 sm:mb-12', align === 'center' ? 'items-center text-center' : 'md:flex-row md:items-end md:justify-between')}>
      <div className={cn('grid gap-3', align === 'center' && 'justify-items-center')}>
        {eyebrow ? <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p> : null}
        <h2 id={id} className="max-w-2xl text-3xl font-bold tracking-tight text-balance sm:text-4xl">
          {title}
        </h2>
        {description ? <p className="max-w-2xl text-base text-pretty text-muted-foreground sm:text-lg">{description}</p> : null}
      </div>
      {action}
    </div>
  );
}

export function Section({ children, className, ...props }: { children: ReactNode; className?: string; id?: string; 'aria-labelledby'?: string }) {
  return (
    <section className={cn('mx-auto w-full max-w-6xl scroll-mt-20 px-4 py-16 sm:py-20 md:px-8', className)} {...props}>
      {children}
    </section>
  );
}
