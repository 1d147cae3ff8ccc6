import { Button } from '../../components/ui/button.tsx';
import { DialogFooter } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';

/** Cancel and save for the consultation type and slot dialogs. */
export function SaveFooter({ saving, onCancel }: { saving: boolean; onCancel: () => void }) {
  return (
    <DialogFooter>
      <Button variant="outline" disabled={saving} onClick={onCancel}>
        Отмена
      </Button>
      <Button type="submit" disabled={saving}>
        {saving ? <Spinner className="text-current" label="Сохранение" /> : null}
        Сохранить
      </Button>
    </DialogFooter>
  );
}
