import { useId } from 'react';
import { Link } from '@tanstack/react-router';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Label } from '../../components/ui/label.tsx';

type Props = { checked: boolean; onCheckedChange: (checked: boolean) => void; error?: string };

/** The consent to the privacy policy and the offer (decision 017), on registration by code and through a provider. */
export function ConsentField({ checked, onCheckedChange, error }: Props) {
  const consentId = useId();
  const consentErrorId = useId();
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Checkbox
          id={consentId}
          checked={checked}
          onCheckedChange={(value) => onCheckedChange(value === true)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? consentErrorId : undefined}
          className="mt-0.5"
        />
        <Label htmlFor={consentId} className="block leading-snug font-normal">
          Я принимаю{' '}
          <Link to="/privacy-policy" target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
            политику конфиденциальности
          </Link>
          , даю согласие на обработку персональных данных и принимаю{' '}
          <Link to="/offer" target="_blank" className="font-medium text-primary underline-offset-4 hover:underline">
            публичную оферту
          </Link>
        </Label>
      </div>
      {error ? (
        <p id={consentErrorId} role="alert" className="pl-8 text-xs text-destructive">
          {error}
        </p>
      ) : null}
    </div>
  );
}
