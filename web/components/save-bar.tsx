import { Button } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';
import { cn } from '../lib/cn.ts';

type SaveBarProps = {
  /** Rendered only when true: the bar means "you have unsaved changes". */
  visible: boolean;
  saving?: boolean;
  onSave: () => void;
  onCancel: () => void;
  saveLabel?: string;
  cancelLabel?: string;
  className?: string;
};

/**
 * A bar that sticks to the bottom of the viewport while its form is on screen. Below 1024 px it sits
 * above the fixed bottom navigation (4rem + the iOS home indicator).
 */
export function SaveBar({ visible, saving = false, onSave, onCancel, saveLabel = 'Сохранить изменения', cancelLabel = 'Отменить', className }: SaveBarProps) {
  if (!visible) return null;
  return (
    <div
      role="region"
      aria-label="Несохранённые изменения"
      className={cn(
        'sticky bottom-[calc(4rem+env(safe-area-inset-bottom)+0.75rem)] z-30 lg:bottom-4',
        'flex flex-col gap-3 rounded-2xl border bg-card/95 p-3 shadow-lg backdrop-blur sm:flex-row sm:items-center sm:justify-between sm:pl-5',
        className,
      )}
    >
      <p className="text-sm text-muted-foreground">Есть несохранённые изменения</p>
      <div className="grid grid-cols-2 gap-2 sm:flex">
        <Button variant="outline" disabled={saving} onClick={onCancel}>
          {cancelLabel}
        </Button>
        <Button disabled={saving} onClick={onSave}>
          {saving ? <Spinner className="text-current" label="Сохранение" /> : null}
          {saveLabel}
        </Button>
      </div>
    </div>
  );
}
