import { useId } from 'react';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { RECORDING_TEXTS } from '../../lib/recordings/recording-texts.ts';

/**
 * «Записывать встречи» in the consultation type and event forms (issue 36): the mentor's choice, on by default as the
 * landings promise. The hint says what participants are told, so the mentor knows nobody is recorded unaware.
 */
export function RecordMeetingsField({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <label className="flex items-start gap-3 rounded-xl border p-3 sm:p-4">
      <Checkbox checked={checked} onCheckedChange={(value) => onChange(value === true)} className="mt-0.5" aria-labelledby={`${id}-label`} aria-describedby={`${id}-hint`} />
      <span className="grid gap-0.5">
        <span id={`${id}-label`} className="text-sm font-medium">
          {RECORDING_TEXTS.checkbox}
        </span>
        <span id={`${id}-hint`} className="text-xs text-muted-foreground">
          {RECORDING_TEXTS.checkboxHint}
        </span>
      </span>
    </label>
  );
}
