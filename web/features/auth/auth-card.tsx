import type { ReactNode } from 'react';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';

type AuthCardProps = {
  title: string;
  description?: ReactNode;
  /** Above the title: a step indicator or a back link. */
  eyebrow?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  className?: string;
};

/** The centred card on a soft background that sign-in and registration share. */
export function AuthCard({ title, description, eyebrow, children, footer, className }: AuthCardProps) {
  return (
    <div className="relative isolate flex min-h-[calc(100dvh-8rem)] items-start justify-center overflow-hidden px-4 py-8 sm:items-center sm:py-14">
      <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_50%_-10%,var(--color-accent),transparent)]" />
      <div aria-hidden className="pointer-events-none absolute -right-24 bottom-0 -z-10 size-72 rounded-full bg-primary/10 blur-3xl" />
      <Card className={cn('w-full max-w-md p-6 shadow-lg shadow-primary/5 sm:p-8', className)}>
        {eyebrow ? <div className="mb-4">{eyebrow}</div> : null}
        <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
        {description ? <div className="mt-2 text-sm text-muted-foreground">{description}</div> : null}
        <div className="mt-6">{children}</div>
        {footer ? <div className="mt-6 border-t pt-5 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </Card>
    </div>
  );
}

/** A form-level error (the field-level ones sit under their fields). */
export function FormAlert({ children, id }: { children: ReactNode; id?: string }) {
  return (
    <p id={id} role="alert" className="rounded-lg border border-destructive/30 bg-destructive/5 px-3 py-2 text-sm text-destructive">
      {children}
    </p>
  );
}
