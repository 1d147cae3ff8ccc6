import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ArrowUp, Plus, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { cn } from '../../lib/cn.ts';
import { checkTextAnswer } from './validate-answer.ts';
import { MAX_SKILLS, REFOCUS_DELAY_MS, roleLabels, type ProfileDraft, type WizardRole } from './wizard-state.ts';
import { PROFILE_DESCRIPTION_MAX } from '../../../worker/profile/profile.schemas.ts';

type Value = ProfileDraft[keyof ProfileDraft];

type ComposerProps = {
  step: number;
  /** A dialog is over the chat: no answers. */
  busy: boolean;
  /** The previous answer when the user came back to edit it. */
  prefill: Value | null;
  /** The account e-mail, offered on the e-mail step. */
  suggestedEmail?: string | null;
  onAnswer: (text: string, value: Value) => void;
  onSkip: () => void;
};

const placeholders: Record<number, string> = {
  1: 'Ваше имя',
  2: 'Ваша фамилия',
  3: '+7 (999) 123-45-67',
  4: 'you@example.com',
  6: 'Например, Москва',
  7: 'Пара предложений о себе',
};

/** The answer area under the chat; it changes with the step (text, choice, long text, skills). */
export function AnswerComposer({ step, busy, prefill, suggestedEmail, onAnswer, onSkip }: ComposerProps) {
  const fieldRef = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const skipButton = step >= 5 ? (
    <Button variant="ghost" size="sm" disabled={busy} onClick={onSkip}>
      Пропустить
    </Button>
  ) : null;

  // A fresh step focuses its field; coming back to edit an answer does it after a short pause (spec 002 §4.7).
  useEffect(() => {
    const timer = setTimeout(() => fieldRef.current?.focus(), prefill !== null ? REFOCUS_DELAY_MS : 0);
    return () => clearTimeout(timer);
  }, [prefill]);

  if (step === 5) {
    return (
      <div className="grid gap-3">
        <div role="group" aria-label="Выберите роль" className="grid grid-cols-1 gap-2 sm:grid-cols-3">
          {(Object.keys(roleLabels) as WizardRole[]).map((role, index) => (
            <Button
              key={role}
              ref={index === 0 ? (fieldRef as never) : undefined}
              variant="outline"
              className={cn('h-11', prefill === role && 'border-primary bg-accent')}
              disabled={busy}
              onClick={() => onAnswer(roleLabels[role], role)}
            >
              {roleLabels[role]}
            </Button>
          ))}
        </div>
        <div className="flex justify-end">{skipButton}</div>
      </div>
    );
  }

  if (step === 8) return <SkillsComposer busy={busy} prefill={Array.isArray(prefill) ? prefill : []} onAnswer={onAnswer} skipButton={skipButton} inputRef={fieldRef} />;

  return <TextComposer step={step} busy={busy} prefill={typeof prefill === 'string' ? prefill : ''} suggestedEmail={suggestedEmail} onAnswer={onAnswer} skipButton={skipButton} fieldRef={fieldRef} />;
}

type TextComposerProps = {
  step: number;
  busy: boolean;
  prefill: string;
  suggestedEmail?: string | null;
  onAnswer: (text: string, value: Value) => void;
  skipButton: ReactNode;
  fieldRef: RefObject<(HTMLInputElement & HTMLTextAreaElement) | null>;
};

function TextComposer({ step, busy, prefill, suggestedEmail, onAnswer, skipButton, fieldRef }: TextComposerProps) {
  const [text, setText] = useState(prefill);
  const [error, setError] = useState<string>();
  const errorId = useId();
  const multiline = step === 7;

  const submit = () => {
    if (busy) return;
    const check = checkTextAnswer(step, text);
    if (!check.ok) {
      setError(check.error);
      fieldRef.current?.focus();
      return;
    }
    onAnswer(check.text, check.value);
  };

  const fieldProps = {
    ref: fieldRef,
    value: text,
    placeholder: placeholders[step],
    'aria-label': 'Ваш ответ',
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? errorId : undefined,
    onChange: (event: { target: { value: string } }) => {
      setText(event.target.value);
      setError(undefined);
    },
  };

  return (
    <form
      noValidate
      className="grid gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      {step === 4 && suggestedEmail && text.trim() !== suggestedEmail ? (
        <button
          type="button"
          onClick={() => {
            setText(suggestedEmail);
            setError(undefined);
            fieldRef.current?.focus();
          }}
          className="w-fit max-w-full truncate rounded-full border border-primary/30 bg-accent px-3 py-1 text-xs font-medium text-accent-foreground outline-none hover:bg-accent/70 focus-visible:ring-2 focus-visible:ring-ring"
        >
          Использовать {suggestedEmail}
        </button>
      ) : null}
      <div className="flex items-end gap-2">
        {multiline ? (
          <Textarea
            {...fieldProps}
            maxLength={PROFILE_DESCRIPTION_MAX}
            rows={3}
            className="min-h-20 resize-none"
            onKeyDown={(event: KeyboardEvent<HTMLTextAreaElement>) => {
              if (event.key === 'Enter' && !event.shiftKey) {
                event.preventDefault();
                submit();
              }
            }}
          />
        ) : (
          <Input
            {...fieldProps}
            type={step === 3 ? 'tel' : step === 4 ? 'email' : 'text'}
            inputMode={step === 3 ? 'tel' : step === 4 ? 'email' : undefined}
            autoComplete={({ 1: 'given-name', 2: 'family-name', 3: 'tel', 4: 'email', 6: 'address-level2' } as Record<number, string>)[step]}
            maxLength={step <= 2 || step === 6 ? 50 : 254}
            className="h-11"
          />
        )}
        <Button type="submit" size="icon" className="size-11 rounded-xl" disabled={busy} aria-label="Отправить ответ">
          <ArrowUp aria-hidden />
        </Button>
      </div>
      <div className="flex min-h-8 items-center justify-between gap-3 text-xs">
        <span id={errorId} role={error ? 'alert' : undefined} className="text-destructive">
          {error}
        </span>
        <span className="ml-auto flex items-center gap-3">
          {multiline ? (
            <span className="text-muted-foreground tabular-nums">
              {text.length}/{PROFILE_DESCRIPTION_MAX}
            </span>
          ) : null}
          {skipButton}
        </span>
      </div>
    </form>
  );
}

type SkillsComposerProps = {
  busy: boolean;
  prefill: string[];
  onAnswer: (text: string, value: Value) => void;
  skipButton: ReactNode;
  inputRef: RefObject<(HTMLInputElement & HTMLTextAreaElement) | null>;
};

function SkillsComposer({ busy, prefill, onAnswer, skipButton, inputRef }: SkillsComposerProps) {
  const [skills, setSkills] = useState<string[]>(prefill);
  const [text, setText] = useState('');
  const [error, setError] = useState<string>();
  const errorId = useId();
  const full = skills.length >= MAX_SKILLS;

  const add = () => {
    const skill = text.trim();
    if (!skill) {
      setError('Введите название навыка');
      return;
    }
    if (full) {
      setError(`Можно добавить не больше ${MAX_SKILLS} навыков`);
      return;
    }
    if (skills.some((existing) => existing.toLowerCase() === skill.toLowerCase())) {
      setError('Этот навык уже добавлен');
      return;
    }
    setSkills([...skills, skill]);
    setText('');
    setError(undefined);
  };

  return (
    <div className="grid gap-2">
      {skills.length > 0 ? (
        <ul aria-label="Добавленные навыки" className="flex flex-wrap gap-1.5">
          {skills.map((skill) => (
            <li key={skill} className="inline-flex items-center gap-1 rounded-full bg-secondary py-1 pr-1 pl-3 text-sm text-secondary-foreground">
              {skill}
              <button
                type="button"
                aria-label={`Удалить навык ${skill}`}
                onClick={() => {
                  setSkills(skills.filter((item) => item !== skill));
                  setError(undefined);
                  inputRef.current?.focus();
                }}
                className="grid size-5 place-content-center rounded-full outline-none hover:bg-primary/15 focus-visible:ring-2 focus-visible:ring-ring"
              >
                <X aria-hidden className="size-3" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <form
        noValidate
        className="flex items-end gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          add();
        }}
      >
        <Input
          ref={inputRef}
          value={text}
          maxLength={50}
          placeholder={full ? `Добавлено ${MAX_SKILLS} из ${MAX_SKILLS}` : 'Например, Python'}
          aria-label="Навык"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          onChange={(event) => {
            setText(event.target.value);
            setError(undefined);
          }}
          className="h-11"
        />
        <Button type="submit" variant="outline" className="h-11" aria-disabled={full || undefined}>
          <Plus aria-hidden />
          Добавить
        </Button>
      </form>
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-3 text-xs">
        <span id={errorId} role={error ? 'alert' : undefined} className={error ? 'text-destructive' : 'text-muted-foreground'}>
          {error ?? (full ? `Можно добавить не больше ${MAX_SKILLS} навыков` : `${skills.length} из ${MAX_SKILLS}`)}
        </span>
        <span className="ml-auto flex items-center gap-2">
          {skipButton}
          <Button size="sm" disabled={busy || skills.length === 0} onClick={() => onAnswer(skills.join(', '), skills)}>
            Готово
          </Button>
        </span>
      </div>
    </div>
  );
}
