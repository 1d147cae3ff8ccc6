import { useEffect, useReducer, useRef, type ReactNode } from 'react';
import { useMutation } from '@tanstack/react-query';
import { Pencil, PartyPopper, Sparkles } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Card } from '../../components/ui/card.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { cn } from '../../lib/cn.ts';
import { AnswerComposer } from './answer-composer.tsx';
import { saveWizardProfile, type SavedFields, type WizardUser } from './profile-setup.api.ts';
import { CollapsiblePreview, ProfilePreview } from './profile-preview.tsx';
import { BarProgress, CircularProgress } from './wizard-progress.tsx';
import {
  initialWizardState,
  progressPercent,
  RESUME_DELAY_MS,
  TOTAL_STEPS,
  TYPING_CHAR_MS,
  TYPING_DELAY_MS,
  wizardReducer,
  type ChatMessage,
  type ProfileDraft,
} from './wizard-state.ts';

type Props = {
  /** The account e-mail, offered as the answer to the e-mail question. */
  accountEmail?: string | null;
  /** The profile is saved; the route decides where to go next. */
  onSaved: (user: WizardUser) => void | Promise<void>;
};

function basicFields(draft: ProfileDraft): Partial<SavedFields> {
  return { mentor_name: draft.mentor_name, mentor_surname: draft.mentor_surname, phone: draft.phone };
}

function allFields(draft: ProfileDraft): Partial<SavedFields> {
  return {
    ...basicFields(draft),
    user_city_residence: draft.user_city_residence,
    mentor_description: draft.mentor_description,
    mentor_skills: draft.mentor_skills,
  };
}

function saveErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return Object.values(error.fields ?? {})[0] ?? error.detail;
  return 'Попробуйте ещё раз.';
}

/** The chat-like profile setup (spec 002 §2.10, §4.7, §5.5). */
export function ProfileSetupWizard({ accountEmail, onSaved }: Props) {
  const [state, dispatch] = useReducer(wizardReducer, undefined, initialWizardState);
  const percent = progressPercent(state.step);
  const shownStep = Math.min(state.step, TOTAL_STEPS);

  // The bot: a pause before each message, then one character per tick.
  useEffect(() => {
    if (state.typing) {
      const timer = setTimeout(() => dispatch({ type: 'type-char' }), TYPING_CHAR_MS);
      return () => clearTimeout(timer);
    }
    if (state.queue.length > 0) {
      const timer = setTimeout(() => dispatch({ type: 'start-typing' }), TYPING_DELAY_MS);
      return () => clearTimeout(timer);
    }
  }, [state.typing, state.queue]);

  const save = useMutation({
    mutationFn: saveWizardProfile,
    onSuccess: (user) => onSaved(user),
    onError: (error) => toast({ title: 'Не удалось сохранить профиль', description: saveErrorMessage(error), variant: 'destructive' }),
  });

  const resumeTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(resumeTimer.current), []);

  const continueSetup = () => {
    dispatch({ type: 'close-dialog' });
    resumeTimer.current = setTimeout(() => dispatch({ type: 'resume' }), RESUME_DELAY_MS);
  };

  // Keep the newest message in view.
  const logRef = useRef<HTMLDivElement>(null);
  const typedLength = state.typing?.shown ?? 0;
  useEffect(() => {
    const log = logRef.current;
    if (log) log.scrollTop = log.scrollHeight;
  }, [state.messages.length, typedLength, state.queue.length]);

  return (
    <div className="mx-auto grid w-full max-w-6xl gap-5 px-4 py-6 sm:py-8">
      <header className="flex items-center gap-4">
        <CircularProgress percent={percent} className="hidden sm:grid" />
        <div className="grid min-w-0 flex-1 gap-2">
          <div className="flex items-baseline justify-between gap-3">
            <h1 className="text-xl font-semibold tracking-tight sm:text-2xl">Настройка профиля</h1>
            <span className="shrink-0 text-sm text-muted-foreground tabular-nums">
              Шаг {shownStep} из {TOTAL_STEPS}
              <span className="sm:hidden"> · {percent}%</span>
            </span>
          </div>
          <BarProgress percent={percent} label="Заполнение профиля" />
        </div>
      </header>

      <CollapsiblePreview draft={state.draft} className="md:hidden" />

      <div className="grid items-start gap-5 md:grid-cols-[minmax(0,1fr)_18rem] lg:grid-cols-[minmax(0,1fr)_20rem]">
        {/* Sized so that, on first view, the answer field sits above the fold (and above the mobile bottom bar). */}
        <Card className="flex h-[max(24rem,calc(100dvh-19.5rem))] flex-col overflow-hidden md:h-[min(44rem,max(28rem,calc(100dvh-14rem)))]">
          <div ref={logRef} role="log" aria-label="Диалог настройки профиля" aria-live="polite" className="flex-1 space-y-3 overflow-y-auto p-4 sm:p-5">
            {state.messages.map((message) => (
              <MessageBubble key={message.id} message={message} onEdit={() => dispatch({ type: 'edit', messageId: message.id })} disabled={save.isPending} />
            ))}
            {state.typing ? (
              <BotRow>
                <span aria-hidden>
                  {state.typing.text.slice(0, state.typing.shown)}
                  <span className="ml-0.5 inline-block h-4 w-0.5 translate-y-0.5 animate-pulse bg-primary" />
                </span>
              </BotRow>
            ) : state.queue.length > 0 ? (
              <BotRow>
                <span aria-label="Печатает…" className="flex gap-1 py-1.5">
                  {[0, 1, 2].map((dot) => (
                    <span key={dot} className="size-1.5 animate-bounce rounded-full bg-muted-foreground/60" style={{ animationDelay: `${dot * 120}ms` }} />
                  ))}
                </span>
              </BotRow>
            ) : null}
          </div>
          <div className="border-t bg-muted/30 p-3 sm:p-4">
            {state.step <= TOTAL_STEPS ? (
              <AnswerComposer
                key={`${state.step}-${state.editCount}`}
                step={state.step}
                busy={Boolean(state.dialog)}
                prefill={state.prefill}
                suggestedEmail={accountEmail}
                onAnswer={(text, value) => dispatch({ type: 'answer', text, value })}
                onSkip={() => dispatch({ type: 'skip' })}
              />
            ) : (
              <div className="flex flex-wrap items-center justify-between gap-3">
                <p className="text-sm text-muted-foreground">Все вопросы позади. Можно изменить любой ответ.</p>
                <Button disabled={save.isPending} onClick={() => save.mutate(allFields(state.draft))}>
                  {save.isPending ? <Spinner className="text-current" label="Сохраняем" /> : null}
                  Сохранить профиль
                </Button>
              </div>
            )}
          </div>
        </Card>

        <aside className="sticky top-20 hidden md:block" aria-label="Предпросмотр профиля">
          <p className="mb-2 text-sm font-medium text-muted-foreground">Так вас увидят другие</p>
          <ProfilePreview draft={state.draft} />
        </aside>
      </div>

      <PersistentDialog
        open={state.dialog === 'progress'}
        icon={<Sparkles aria-hidden className="size-6" />}
        title="Отличный прогресс!"
        description="Основные данные готовы. Можно уже пользоваться платформой или заполнить профиль полностью — так наставникам и ученикам будет проще вас найти."
      >
        <Button variant="outline" disabled={save.isPending} onClick={continueSetup}>
          Заполнить профиль полностью
        </Button>
        <Button disabled={save.isPending} onClick={() => save.mutate(basicFields(state.draft))}>
          {save.isPending ? <Spinner className="text-current" label="Сохраняем" /> : null}
          Начать пользоваться
        </Button>
      </PersistentDialog>

      <PersistentDialog
        open={state.dialog === 'complete'}
        icon={<PartyPopper aria-hidden className="size-6" />}
        title="Профиль заполнен!"
        description="Спасибо! Сохраним профиль и перейдём к наставникам."
      >
        <Button variant="outline" disabled={save.isPending} onClick={() => dispatch({ type: 'close-dialog' })}>
          Проверить ответы
        </Button>
        <Button disabled={save.isPending} onClick={() => save.mutate(allFields(state.draft))}>
          {save.isPending ? <Spinner className="text-current" label="Сохраняем" /> : null}
          Начать
        </Button>
      </PersistentDialog>
    </div>
  );
}

function BotRow({ children }: { children: ReactNode }) {
  return (
    <div className="flex items-end gap-2">
      <span aria-hidden className="grid size-7 shrink-0 place-content-center rounded-full bg-primary text-xs font-bold text-primary-foreground">
        Ф
      </span>
      <div className="max-w-[85%] rounded-2xl rounded-bl-md bg-muted px-3.5 py-2 text-sm leading-relaxed sm:max-w-[75%]">{children}</div>
    </div>
  );
}

function MessageBubble({ message, onEdit, disabled }: { message: ChatMessage; onEdit: () => void; disabled: boolean }) {
  if (message.type === 'bot') return <BotRow>{message.text}</BotRow>;
  return (
    <div className="group flex items-center justify-end gap-1.5">
      <Button
        variant="ghost"
        size="icon"
        className="size-8 shrink-0 text-muted-foreground opacity-70 group-hover:opacity-100 focus-visible:opacity-100"
        aria-label={`Изменить ответ: ${message.text}`}
        disabled={disabled}
        onClick={onEdit}
      >
        <Pencil aria-hidden />
      </Button>
      <div
        className={cn(
          'max-w-[80%] rounded-2xl rounded-br-md px-3.5 py-2 text-sm leading-relaxed break-words whitespace-pre-line sm:max-w-[70%]',
          message.skipped ? 'border border-dashed bg-card text-muted-foreground italic' : 'bg-primary text-primary-foreground',
        )}
      >
        {message.text}
      </div>
    </div>
  );
}

type PersistentDialogProps = { open: boolean; icon: ReactNode; title: string; description: string; children: ReactNode };

/** A dialog that only its buttons close: no outside click, no Escape, no close cross. */
function PersistentDialog({ open, icon, title, description, children }: PersistentDialogProps) {
  return (
    <Dialog open={open}>
      <DialogContent
        onInteractOutside={(event) => event.preventDefault()}
        onEscapeKeyDown={(event) => event.preventDefault()}
        className="max-w-md text-center [&>button:last-child]:hidden"
      >
        <DialogHeader className="items-center pr-0">
          <span className="mb-2 grid size-12 place-content-center rounded-2xl bg-primary/10 text-primary">{icon}</span>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">{children}</DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
