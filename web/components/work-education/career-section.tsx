import { useState, type ReactNode } from 'react';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { ConfirmDialog } from '../confirm-dialog.tsx';
import { EmptyState } from '../empty-state.tsx';
import { Button } from '../ui/button.tsx';
import { Card } from '../ui/card.tsx';
import { Skeleton } from '../ui/skeleton.tsx';

export type CareerRow = { key: string | number; title: string; subtitle: string; period: string };

type CareerSectionProps = {
  title: string;
  icon: ReactNode;
  addLabel: string;
  emptyTitle: string;
  emptyDescription?: string;
  rows: CareerRow[];
  loading?: boolean;
  /** A load failure shown instead of the list. */
  error?: string | null;
  /** No add, edit or delete (a submitted application, the moderation view). */
  readOnly?: boolean;
  onAdd: () => void;
  onEdit: (key: CareerRow['key']) => void;
  /** Runs after the confirmation; the confirm dialog stays open (busy) until it settles. */
  onDelete: (key: CareerRow['key']) => Promise<unknown> | void;
  /** 'card': a standalone card (settings); 'plain': inside another card (the application form). */
  variant?: 'card' | 'plain';
};

/** One list of the "Образование и опыт" data: rows with edit and delete, an add button, and the delete confirmation. */
export function CareerSection({
  title,
  icon,
  addLabel,
  emptyTitle,
  emptyDescription,
  rows,
  loading = false,
  error,
  readOnly = false,
  onAdd,
  onEdit,
  onDelete,
  variant = 'card',
}: CareerSectionProps) {
  const [deleting, setDeleting] = useState<CareerRow['key'] | null>(null);
  const [pending, setPending] = useState(false);

  const confirmDelete = async () => {
    if (deleting == null) return;
    setPending(true);
    try {
      await onDelete(deleting);
      setDeleting(null);
    } catch {
      // The caller reports the failure; keep the dialog so the user can retry or cancel.
    } finally {
      setPending(false);
    }
  };

  const body = (
    <>
      <div className="flex items-center justify-between gap-3">
        <h2 className="flex items-center gap-2 text-base font-semibold">
          <span className="text-primary [&_svg]:size-5">{icon}</span>
          {title}
        </h2>
        {!readOnly && !error && rows.length ? (
          <Button variant="outline" size="sm" aria-label={addLabel} onClick={onAdd} disabled={loading}>
            <Plus aria-hidden />
            {/* The full label does not fit next to the heading on a phone. */}
            <span className="sm:hidden">Добавить</span>
            <span className="hidden sm:inline">{addLabel}</span>
          </Button>
        ) : null}
      </div>
      {loading ? (
        <div role="status" aria-label="Загрузка" className="grid gap-3">
          <Skeleton className="h-16" />
          <Skeleton className="h-16" />
        </div>
      ) : error ? (
        <p role="alert" className="rounded-xl bg-destructive/10 px-4 py-3 text-sm text-destructive">
          {error}
        </p>
      ) : rows.length === 0 ? (
        <EmptyState
          icon={icon}
          title={emptyTitle}
          description={readOnly ? undefined : emptyDescription}
          action={
            readOnly ? null : (
              <Button variant="outline" size="sm" onClick={onAdd}>
                <Plus aria-hidden />
                {addLabel}
              </Button>
            )
          }
        />
      ) : (
        <ul className="divide-y rounded-xl border">
          {rows.map((row) => (
            <li key={row.key} className="flex items-start gap-3 p-4">
              <div className="min-w-0 flex-1">
                <p className="font-medium break-words">{row.title}</p>
                <p className="text-sm break-words text-muted-foreground">{row.subtitle}</p>
                <p className="mt-1 text-xs text-muted-foreground">{row.period}</p>
              </div>
              {readOnly ? null : (
                <div className="-mt-1 -mr-2 flex shrink-0">
                  <Button variant="ghost" size="icon" aria-label={`Редактировать: ${row.title}`} onClick={() => onEdit(row.key)}>
                    <Pencil />
                  </Button>
                  <Button
                    variant="ghost"
                    size="icon"
                    className="text-muted-foreground hover:text-destructive"
                    aria-label={`Удалить: ${row.title}`}
                    onClick={() => setDeleting(row.key)}
                  >
                    <Trash2 />
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting != null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title="Вы действительно хотите удалить этот элемент?"
        description="Это действие нельзя будет отменить."
        pending={pending}
        onConfirm={() => void confirmDelete()}
      />
    </>
  );

  return variant === 'card' ? <Card className="grid gap-4 p-4 sm:p-6">{body}</Card> : <section className="grid gap-4">{body}</section>;
}
