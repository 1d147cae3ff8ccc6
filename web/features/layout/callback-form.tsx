import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../components/ui/button.tsx';
import { Checkbox } from '../../components/ui/checkbox.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { privacyPolicyHref } from './legal-links.tsx';

/**
 * The landing footer's "call me back" form. Per spec 000 §5 the phone is free text with a format
 * placeholder, submit stays disabled until the privacy box is ticked, and submitting only logs locally.
 */
export function CallbackForm() {
  const id = useId();
  const [consent, setConsent] = useState(false);

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    console.log('callback request', { name: data.get('name'), phone: data.get('phone') });
  }

  return (
    <form onSubmit={handleSubmit} className="grid gap-4" aria-label="Обратный звонок">
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid gap-2">
          <Label htmlFor={`${id}-name`}>Имя</Label>
          <Input id={`${id}-name`} name="name" autoComplete="name" placeholder="Как к вам обращаться" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-phone`}>Телефон</Label>
          <Input id={`${id}-phone`} name="phone" type="tel" inputMode="tel" autoComplete="tel" placeholder="+7 (___) ___-__-__" />
        </div>
      </div>
      <div className="flex items-start gap-3">
        <Checkbox id={`${id}-consent`} checked={consent} onCheckedChange={(checked) => setConsent(checked === true)} className="mt-0.5" />
        <Label htmlFor={`${id}-consent`} className="text-sm leading-snug font-normal">
          Я соглашаюсь с{' '}
          <a href={privacyPolicyHref} className="underline underline-offset-2">
            политикой конфиденциальности
          </a>
        </Label>
      </div>
      <Button type="submit" size="lg" disabled={!consent} className="w-full sm:w-fit">
        Перезвоните мне
      </Button>
    </form>
  );
}
