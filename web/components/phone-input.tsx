import type { ComponentProps } from 'react';
import { formatPhone, parsePhoneInput } from '../lib/phone.ts';
import { Input } from './ui/input.tsx';

type PhoneInputProps = Omit<ComponentProps<typeof Input>, 'value' | 'onChange' | 'type'> & {
  /** '+7' and up to 10 digits, or '' */
  value: string;
  onChange: (value: string) => void;
};

/** A Russian phone field: shows '+7 (999) 123-45-67' while typing and hands back '+79991234567'. */
export function PhoneInput({ value, onChange, ...props }: PhoneInputProps) {
  return (
    <Input
      type="tel"
      inputMode="tel"
      autoComplete="tel"
      placeholder="+7 (999) 123-45-67"
      {...props}
      value={formatPhone(value)}
      onChange={(event) => onChange(parsePhoneInput(event.target.value, value))}
    />
  );
}
