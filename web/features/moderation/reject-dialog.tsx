import { useState, type FormEvent } from 'react';
import { REJECT_REASON_MAX as REASON_MAX, rejectBody } from '../../../worker/moderation/moderation.schemas.ts';
import { FormField } from '../../components/form-field.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';

type RejectDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  applicantName: string;
  onReject: (reason: string) => void;
};

/** Asks for the rejection reason (required: the applicant sees it on their application). */
export function RejectDialog({ open, onOpenChange, applicantName, onReject }: RejectDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Отклонить заявку</DialogTitle>
          <DialogDescription>Заявитель {applicantName} увидит причину отказа и сможет подать заявку заново.</DialogDescription>
        </DialogHeader>
        <RejectForm onCancel={() => onOpenChange(false)} onReject={onReject} />
      </DialogContent>
    </Dialog>
  );
}

function RejectForm({ onCancel, onReject }: { onCancel: () => void; onReject: (reason: string) => void }) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The server's own rule and message: required, trimmed, up to REASON_MAX characters.
    const parsed = rejectBody.safeParse({ reason });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    onReject(parsed.data.reason);
  };

  return (
    <form noValidate onSubmit={submit} className="grid gap-4">
      <FormField label="Причина отказа" error={error} hint={`${reason.length}/${REASON_MAX}`}>
        <Textarea
          rows={4}
          maxLength={REASON_MAX}
          value={reason}
          placeholder="Например, добавьте подробности об опыте работы"
          onChange={(event) => {
            setReason(event.target.value);
            if (error) setError(undefined);
          }}
        />
      </FormField>
      <DialogFooter>
        <Button variant="outline" onClick={onCancel}>
          Отмена
        </Button>
        <Button type="submit" variant="destructive">
          Отклонить
        </Button>
      </DialogFooter>
    </form>
  );
}
