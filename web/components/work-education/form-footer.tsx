import { Button } from '../ui/button.tsx';
import { DialogFooter } from '../ui/dialog.tsx';
import { Spinner } from '../ui/spinner.tsx';

/** Cancel and save for the work and education dialogs: 'Добавить' for a new item, 'Сохранить' for an edit. */
export function FormFooter({ saving, editing, onCancel }: { saving: boolean; editing: boolean; onCancel: () => void }) {
  return (
    <DialogFooter className="pt-2">
      <Button variant="outline" disabled={saving} onClick={onCancel}>
        Отмена
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? <Spinner className="text-current" label="Сохранение" /> : null}
        {editing ? 'Сохранить' : 'Добавить'}
      </Button>
    </DialogFooter>
  );
}
