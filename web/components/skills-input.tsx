import { useState, type KeyboardEvent } from 'react';
import { Plus, X } from 'lucide-react';
import { Button } from './ui/button.tsx';
import { Input } from './ui/input.tsx';
import { cn } from '../lib/cn.ts';

type SkillsInputProps = {
  value: string[];
  onChange: (skills: string[]) => void;
  /** Called when the text box loses focus (to mark the field touched). */
  onBlur?: () => void;
  maxSkills?: number;
  maxLength?: number;
  disabled?: boolean;
  placeholder?: string;
  id?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
};

/** Skills as removable chips: Enter, a comma or the plus button adds what was typed; duplicates are ignored. */
export function SkillsInput({
  value,
  onChange,
  onBlur,
  maxSkills = 20,
  maxLength = 50,
  disabled,
  placeholder = 'Например, React',
  ...inputProps
}: SkillsInputProps) {
  const [draft, setDraft] = useState('');
  const full = value.length >= maxSkills;

  const add = () => {
    const skill = draft.trim().replace(/,+$/, '').trim();
    if (!skill || full) return;
    if (!value.some((existing) => existing.toLowerCase() === skill.toLowerCase())) onChange([...value, skill]);
    setDraft('');
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      add();
    } else if (event.key === 'Backspace' && !draft && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  return (
    <div className="grid gap-2">
      <div className="flex gap-2">
        <Input
          {...inputProps}
          value={draft}
          maxLength={maxLength}
          disabled={disabled || full}
          placeholder={full ? `Не больше ${maxSkills} навыков` : placeholder}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            add();
            onBlur?.();
          }}
        />
        <Button variant="outline" size="icon" aria-label="Добавить навык" disabled={disabled || full || !draft.trim()} onClick={add}>
          <Plus />
        </Button>
      </div>
      {value.length ? (
        <ul aria-label="Навыки" className="flex flex-wrap gap-1.5">
          {value.map((skill) => (
            <li
              key={skill}
              className={cn('inline-flex max-w-full items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground')}
            >
              <span className="truncate">{skill}</span>
              <button
                type="button"
                disabled={disabled}
                aria-label={`Удалить навык ${skill}`}
                className="grid size-5 place-content-center rounded-full transition-colors hover:bg-primary/15 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:opacity-50"
                onClick={() => onChange(value.filter((item) => item !== skill))}
              >
                <X className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
