import { useEffect, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent, type KeyboardEvent } from 'react';
import { Check, FileText, Paperclip, Pencil, Reply, SendHorizontal, X } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { toast } from '../../components/ui/toast-store.ts';
import type { ChatMessage } from './chats.api.ts';
import { MESSAGE_MAX_LENGTH } from '../../../worker/chats/chats.schemas.ts';
import { addAttachments } from './attachments.ts';
import { formatFileSize } from '../../lib/file-size.ts';
import { DELETED_TEXT } from './message-bubble.tsx';

const MAX_TEXTAREA_PX = 200;

type ComposerProps = {
  replyTo: ChatMessage | null;
  editing: ChatMessage | null;
  onCancelReply: () => void;
  onCancelEdit: () => void;
  /** Resolves true once the server stored it; on false the text and files stay for another try. */
  onSend: (message: { content: string; files: File[] }) => Promise<boolean>;
  onSaveEdit: (message: ChatMessage, content: string) => Promise<boolean>;
  onTyping: () => void;
  busy: boolean;
};

/**
 * The message box: auto-growing text (Enter sends, Shift+Enter breaks the line), attachments, and the
 * reply or edit banner above it. While editing, the draft typed before is put aside and comes back after.
 */
export function Composer({ replyTo, editing, onCancelReply, onCancelEdit, onSend, onSaveEdit, onTyping, busy }: ComposerProps) {
  const [text, setText] = useState('');
  const [files, setFiles] = useState<File[]>([]);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const draftBeforeEdit = useRef<string | null>(null);

  const editingId = editing?.id;
  useEffect(() => {
    if (editing) {
      draftBeforeEdit.current ??= text;
      setText(editing.content);
    } else if (draftBeforeEdit.current !== null) {
      setText(draftBeforeEdit.current);
      draftBeforeEdit.current = null;
    }
    // Only a change of the message being edited switches the box; typing must not re-run this.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editingId]);

  useEffect(() => {
    if (editingId != null || replyTo) textareaRef.current?.focus();
  }, [editingId, replyTo]);

  useLayoutEffect(() => {
    const textarea = textareaRef.current;
    if (!textarea) return;
    textarea.style.height = 'auto';
    textarea.style.height = `${Math.min(textarea.scrollHeight, MAX_TEXTAREA_PX)}px`;
  }, [text]);

  const content = text.trim();
  const canSubmit = !busy && (editing ? content !== '' : content !== '' || files.length > 0);

  const submit = async () => {
    if (!canSubmit) return;
    if (editing) {
      if (content === editing.content) {
        onCancelEdit();
        return;
      }
      await onSaveEdit(editing, content);
      return;
    }
    const sentText = text;
    const sentFiles = files;
    if (await onSend({ content, files: sentFiles })) {
      // Whatever was typed or attached while the message was on its way stays.
      setText((current) => (current === sentText ? '' : current));
      setFiles((current) => (current === sentFiles ? [] : current));
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    } else if (event.key === 'Escape' && (editing || replyTo)) {
      event.preventDefault();
      if (editing) onCancelEdit();
      else onCancelReply();
    }
  };

  const onChooseFiles = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = Array.from(event.target.files ?? []);
    // Cleared so that choosing the same file again (after removing it) fires change again.
    event.target.value = '';
    if (!chosen.length) return;
    const result = addAttachments(files, chosen);
    setFiles(result.files);
    if (result.error) toast({ title: result.error, variant: 'destructive' });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    void submit();
  };

  const banner = editing ? { icon: <Pencil />, title: 'Редактирование', text: editing.content, cancel: 'Отменить редактирование', onCancel: onCancelEdit } : replyTo
    ? {
        icon: <Reply />,
        title: `Ответ ${replyTo.sender_username}`,
        text: replyTo.is_deleted ? DELETED_TEXT : replyTo.content || 'Вложение',
        cancel: 'Отменить ответ',
        onCancel: onCancelReply,
      }
    : null;

  return (
    <form onSubmit={onSubmit} aria-label="Новое сообщение" className="border-t bg-card px-3 pt-2 pb-3 sm:px-5">
      <div className="mx-auto flex max-w-3xl flex-col gap-2">
        {banner ? (
          <div data-testid="composer-banner" className="flex items-center gap-3 rounded-lg bg-muted/70 py-1.5 pr-1 pl-3 [&>svg]:size-4 [&>svg]:shrink-0 [&>svg]:text-primary">
            {banner.icon}
            <div className="flex min-w-0 flex-1 flex-col border-l-2 border-primary pl-2 text-xs">
              <span className="font-semibold text-primary">{banner.title}</span>
              <span className="truncate text-muted-foreground">{banner.text}</span>
            </div>
            <Button variant="ghost" size="icon" className="size-8" aria-label={banner.cancel} onClick={banner.onCancel}>
              <X />
            </Button>
          </div>
        ) : null}

        {files.length && !editing ? (
          <ul aria-label="Прикреплённые файлы" className="flex flex-wrap gap-2">
            {files.map((file, index) => (
              <li key={`${file.name}-${file.size}-${file.lastModified}-${index}`} className="flex max-w-60 items-center gap-2 rounded-lg border bg-background py-1 pr-1 pl-2 text-xs">
                <FileText aria-hidden className="size-4 shrink-0 text-primary" />
                <span className="min-w-0 truncate font-medium">{file.name}</span>
                <span className="shrink-0 text-muted-foreground">{formatFileSize(file.size)}</span>
                <button
                  type="button"
                  aria-label={`Убрать файл ${file.name}`}
                  onClick={() => setFiles((current) => current.filter((_, i) => i !== index))}
                  className="grid size-6 shrink-0 place-content-center rounded-md text-muted-foreground hover:bg-muted hover:text-foreground"
                >
                  <X className="size-3.5" />
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        <div className="flex items-end gap-2">
          <input ref={fileInputRef} type="file" multiple hidden aria-label="Прикрепить файлы" onChange={onChooseFiles} />
          <Button
            variant="ghost"
            size="icon"
            className="shrink-0 rounded-full text-muted-foreground"
            aria-label="Прикрепить файл"
            disabled={editing != null}
            onClick={() => fileInputRef.current?.click()}
          >
            <Paperclip className="size-5" />
          </Button>
          <textarea
            ref={textareaRef}
            rows={1}
            value={text}
            maxLength={MESSAGE_MAX_LENGTH}
            aria-label="Сообщение"
            placeholder="Напишите сообщение…"
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value.trim()) onTyping();
            }}
            onKeyDown={onKeyDown}
            className="max-h-[200px] min-h-10 flex-1 resize-none rounded-2xl border border-input bg-background px-4 py-2 text-sm leading-relaxed outline-none placeholder:text-muted-foreground focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/20"
          />
          <Button type="submit" size="icon" className="shrink-0 rounded-full" disabled={!canSubmit} aria-label={editing ? 'Сохранить' : 'Отправить'}>
            {busy ? <Spinner className="size-4 text-current" label="Отправка" /> : editing ? <Check className="size-5" /> : <SendHorizontal className="size-5" />}
          </Button>
        </div>
      </div>
    </form>
  );
}
