import { useState } from 'react';
import { ChevronDown, MapPin } from 'lucide-react';
import { Avatar } from '../../components/ui/avatar.tsx';
import { Badge } from '../../components/ui/badge.tsx';
import { Card } from '../../components/ui/card.tsx';
import { cn } from '../../lib/cn.ts';
import { roleLabels, type ProfileDraft } from './wizard-state.ts';

function fullName(draft: ProfileDraft): string {
  return [draft.mentor_name, draft.mentor_surname].filter(Boolean).join(' ');
}

/** How the profile will look, filled in as the answers come. */
export function ProfilePreview({ draft, className, id }: { draft: ProfileDraft; className?: string; id?: string }) {
  const name = fullName(draft);
  return (
    <Card id={id} className={cn('overflow-hidden', className)}>
      <div aria-hidden className="h-20 bg-[linear-gradient(120deg,var(--color-primary),oklch(0.62_0.17_300))] opacity-90" />
      <div className="-mt-10 grid gap-4 p-5 pt-0">
        <Avatar name={name} className="size-20 border-4 border-card text-xl shadow-sm" />
        <div className="grid gap-1">
          <p className={cn('text-lg font-semibold leading-tight', !name && 'text-muted-foreground')}>{name || 'Ваше имя'}</p>
          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            {draft.user_role ? <Badge variant="secondary">{roleLabels[draft.user_role]}</Badge> : null}
            <span className="inline-flex items-center gap-1">
              <MapPin aria-hidden className="size-3.5" />
              {draft.user_city_residence || 'Город не указан'}
            </span>
          </div>
        </div>
        <div className="grid gap-1.5">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">О себе</p>
          <p className={cn('text-sm break-words whitespace-pre-line', !draft.mentor_description && 'text-muted-foreground italic')}>
            {draft.mentor_description || 'Пока ничего не рассказано'}
          </p>
        </div>
        <div className="grid gap-1.5">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Навыки</p>
          {draft.mentor_skills.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5">
              {draft.mentor_skills.map((skill) => (
                <li key={skill}>
                  <Badge variant="outline">{skill}</Badge>
                </li>
              ))}
            </ul>
          ) : (
            <p className="text-sm text-muted-foreground italic">Навыки не добавлены</p>
          )}
        </div>
      </div>
    </Card>
  );
}

/** Mobile: the preview folds into one line above the chat and opens on demand. */
export function CollapsiblePreview({ draft, className }: { draft: ProfileDraft; className?: string }) {
  const [open, setOpen] = useState(false);
  const name = fullName(draft);
  return (
    <div className={className}>
      <button
        type="button"
        aria-expanded={open}
        aria-controls="profile-preview-mobile"
        onClick={() => setOpen((value) => !value)}
        className="flex w-full items-center gap-3 rounded-xl border bg-card px-3 py-2 text-left shadow-xs outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <Avatar name={name} className="size-8 text-xs" />
        <span className="min-w-0 flex-1">
          <span className="block text-xs text-muted-foreground">Предпросмотр профиля</span>
          <span className="block truncate text-sm font-medium">{name || 'Ваше имя'}</span>
        </span>
        <ChevronDown aria-hidden className={cn('size-4 text-muted-foreground transition-transform', open && 'rotate-180')} />
      </button>
      {open ? <ProfilePreview id="profile-preview-mobile" draft={draft} className="mt-2" /> : null}
    </div>
  );
}
