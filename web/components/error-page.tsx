import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { Button } from './ui/button.tsx';
import { Logo } from './logo.tsx';
import { cn } from '../lib/cn.ts';
import { useReturnTarget } from '../lib/return-to.ts';

export type ErrorStatus = 401 | 403 | 404 | 500;

// Titles and link targets from spec 001 "Error pages".
const pages: Record<ErrorStatus, { title: string; text: string; to: '/' | '/login'; action: string }> = {
  404: { title: 'Страница не найдена', text: 'Такой страницы нет. Возможно, ссылка устарела или в адресе опечатка.', to: '/', action: 'На главную' },
  403: { title: 'Запрещено', text: 'У вас нет доступа к этому разделу.', to: '/', action: 'На главную' },
  401: { title: 'Неавторизован', text: 'Войдите в аккаунт, чтобы открыть эту страницу.', to: '/login', action: 'Войти' },
  500: { title: 'Внутренняя ошибка сервера', text: 'Что-то пошло не так на нашей стороне. Попробуйте обновить страницу чуть позже.', to: '/', action: 'На главную' },
};

type ErrorPageProps = {
  status: ErrorStatus;
  /** Full-screen with its own logo, for when the app shell itself could not render (the root error boundary). */
  standalone?: boolean;
  /** Extra actions next to the main link, e.g. "Попробовать снова". */
  children?: ReactNode;
};

export function ErrorPage({ status, standalone = false, children }: ErrorPageProps) {
  const page = pages[status];
  // «Войти» on the 401 page comes back to the page that needed it: /unauthorized?redirect=<page> passes it on (issue 35)
  const returnTo = useReturnTarget();
  return (
    <main className={cn('flex flex-col items-center justify-center px-6 py-16 text-center', standalone ? 'min-h-dvh' : 'min-h-[60vh]')}>
      {standalone ? <Logo className="mb-12" /> : null}
      <p aria-hidden className="bg-linear-to-br from-primary to-primary/40 bg-clip-text text-8xl font-extrabold tracking-tighter text-transparent tabular-nums sm:text-9xl">
        {status}
      </p>
      <h1 className="mt-4 text-2xl font-semibold tracking-tight sm:text-3xl">{page.title}</h1>
      <p className="mt-3 max-w-md text-muted-foreground">{page.text}</p>
      <div className="mt-8 flex flex-wrap items-center justify-center gap-3">
        <Button asChild size="lg">
          {page.to === '/login' ? <Link to="/login" search={{ redirect: returnTo }}>{page.action}</Link> : <Link to={page.to}>{page.action}</Link>}
        </Button>
        {children}
      </div>
    </main>
  );
}
