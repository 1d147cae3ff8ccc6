import { Check, CheckCheck, EllipsisVertical, Pencil, Reply, Trash2 } from 'lucide-react';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '../../components/ui/dropdown-menu.tsx';
import { cn } from '../../lib/cn.ts';
import type { ChatMessage } from './chats.api.ts';
import { messageTime } from './chat-format.ts';
import { MessageAttachments } from './message-attachments.tsx';

export const DELETED_TEXT = 'Сообщение удалено';

export type MessageActions = {
  onReply: (message: ChatMessage) => void;
  onEdit: (message: ChatMessage) => void;
  onDelete: (message: ChatMessage) => void;
  /** Scrolls to the quoted message when it is loaded. */
  onQuoteClick: (messageId: number) => void;
};

type MessageBubbleProps = MessageActions & {
  message: ChatMessage;
  own: boolean;
  /** Own message the other person has read (two checks). */
  read: boolean;
  timeZone?: string;
};

/** One message: quote, text, files, time, "изменено", read checks, and its actions menu. */
export function MessageBubble({ message, own, read, timeZone, onReply, onEdit, onDelete, onQuoteClick }: MessageBubbleProps) {
  const deleted = message.is_deleted;
  return (
    <article
      id={`chat-message-${message.id}`}
      data-message-id={message.id}
      aria-label={own ? 'Ваше сообщение' : `Сообщение от ${message.sender_username}`}
      className={cn('group flex items-start gap-1 scroll-mt-16', own ? 'flex-row-reverse' : 'flex-row')}
    >
      <div
        className={cn(
          'relative flex max-w-[min(85%,34rem)] min-w-0 flex-col gap-1 rounded-2xl px-3 py-2 shadow-xs',
          own ? 'rounded-br-md bg-primary text-primary-foreground' : 'rounded-bl-md border bg-card',
        )}
      >
        {message.reply_to && !deleted ? (
          <button
            type="button"
            onClick={() => onQuoteClick(message.reply_to!.id)}
            className={cn(
              'flex min-w-0 flex-col rounded-md border-l-2 py-1 pr-2 pl-2 text-left text-xs',
              own ? 'border-primary-foreground/70 bg-primary-foreground/15' : 'border-primary bg-primary/5',
            )}
          >
            <span className="font-semibold">{message.reply_to.sender_username}</span>
            <span className={cn('line-clamp-2 break-words', message.reply_to.content == null && 'italic opacity-75')}>
              {message.reply_to.content == null ? DELETED_TEXT : message.reply_to.content || 'Вложение'}
            </span>
          </button>
        ) : null}

        {deleted ? (
          <p className={cn('text-sm italic', own ? 'text-primary-foreground/75' : 'text-muted-foreground')}>{DELETED_TEXT}</p>
        ) : (
          <>
            {message.files.length ? <MessageAttachments files={message.files} own={own} /> : null}
            {message.content ? <p className="text-sm leading-relaxed break-words whitespace-pre-wrap">{message.content}</p> : null}
          </>
        )}

        <span className={cn('flex items-center justify-end gap-1 self-end text-[11px] leading-none', own ? 'text-primary-foreground/75' : 'text-muted-foreground')}>
          {message.edited_at && !deleted ? <span>изменено</span> : null}
          <time dateTime={message.timestamp}>{messageTime(message.timestamp, timeZone)}</time>
          {own ? (
            read ? (
              <CheckCheck role="img" aria-label="Прочитано" className="size-3.5" />
            ) : (
              <Check role="img" aria-label="Отправлено" className="size-3.5" />
            )
          ) : null}
        </span>
      </div>

      {deleted ? null : (
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger
            aria-label="Действия с сообщением"
            className="mt-1 grid size-7 shrink-0 place-content-center rounded-full text-muted-foreground opacity-0 transition-opacity outline-none group-hover:opacity-100 hover:bg-muted focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-ring data-[state=open]:opacity-100 [@media(hover:none)]:opacity-100"
          >
            <EllipsisVertical className="size-4" />
          </DropdownMenuTrigger>
          <DropdownMenuContent align={own ? 'end' : 'start'} className="min-w-44">
            <DropdownMenuItem onSelect={() => onReply(message)}>
              <Reply />
              Ответить
            </DropdownMenuItem>
            {own ? (
              <>
                <DropdownMenuItem onSelect={() => onEdit(message)}>
                  <Pencil />
                  Редактировать
                </DropdownMenuItem>
                <DropdownMenuItem variant="destructive" onSelect={() => onDelete(message)}>
                  <Trash2 />
                  Удалить
                </DropdownMenuItem>
              </>
            ) : null}
          </DropdownMenuContent>
        </DropdownMenu>
      )}
    </article>
  );
}
