import { Search } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import { Input } from './ui/input.tsx';

type SearchInputProps = {
  /** the accessible name; also the placeholder unless one is given */
  label: string;
  placeholder?: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
  inputClassName?: string;
};

/** A search box with the magnifier inside: the lists of events, mentors and "my mentors" use it. */
export function SearchInput({ label, placeholder = label, value, onChange, className, inputClassName }: SearchInputProps) {
  return (
    <div className={cn('relative min-w-0', className)}>
      <Search aria-hidden className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input type="search" aria-label={label} placeholder={placeholder} value={value} onChange={(event) => onChange(event.target.value)} className={cn('pl-9', inputClassName)} />
    </div>
  );
}
