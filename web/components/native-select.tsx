import type { ComponentProps } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { fieldClasses } from './ui/input.tsx';

/**
 * A styled native <select>: for long plain lists (months, years) the platform picker is the
 * better control on phones, and it needs no portal inside dialogs.
 */
export function NativeSelect({ className, children, ...props }: ComponentProps<'select'>) {
  return (
    <div className={cn('relative', className)}>
      <select data-slot="native-select" className={cn(fieldClasses, 'h-10 appearance-none py-2 pr-9')} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden className="pointer-events-none absolute top-1/2 right-3 size-4 -translate-y-1/2 opacity-60" />
    </div>
  );
}
