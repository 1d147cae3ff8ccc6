import { useId } from 'react';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';

/** «Запомнить меня» (decision 017): off ends the session with the browser session. Sign-in and both registrations. */
export function RememberMe({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-center gap-3">
      <Checkbox id={id} checked={checked} onCheckedChange={(value) => onChange(value === true)} />
      <Label htmlFor={id} className="font-normal">
        Запомнить меня
      </Label>
    </div>
  );
}
