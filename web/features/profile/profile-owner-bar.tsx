import { Link } from '@tanstack/react-router';
import { Eye, Pencil } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';

type ProfileOwnerBarProps = {
  /** One line under the title: what the page below is. */
  description: string;
  className?: string;
};

/** The strip over one's own profile: «Так ваш профиль видят другие» and the way to the settings. */
export function ProfileOwnerBar({ description, className }: ProfileOwnerBarProps) {
  return (
    <div
      role="region"
      aria-label="Ваш профиль"
      className={cn('flex flex-col gap-3 rounded-2xl border border-primary/20 bg-primary/5 p-4 sm:flex-row sm:items-center sm:justify-between', className)}
    >
      <div className="flex items-start gap-3">
        <span className="grid size-9 shrink-0 place-content-center rounded-xl bg-primary/10 text-primary">
          <Eye aria-hidden className="size-5" />
        </span>
        <div className="flex flex-col gap-0.5">
          <p className="font-semibold">Так ваш профиль видят другие</p>
          <p className="text-sm text-muted-foreground">{description}</p>
        </div>
      </div>
      <Button asChild variant="outline" className="w-full sm:w-auto">
        <Link to="/ProfileSettings">
          <Pencil aria-hidden />
          Редактировать профиль
        </Link>
      </Button>
    </div>
  );
}
