import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { ChevronDown } from 'lucide-react';
import { Spinner } from '../../components/ui/spinner.tsx';
import { cn } from '../../lib/cn.ts';
import type { ChatMessage } from './chats.api.ts';
import { groupByDay } from './chat-format.ts';
import { MessageBubble, type MessageActions } from './message-bubble.tsx';

/** Closer than this to an edge counts as being at it. */
const BOTTOM_SLACK_PX = 80;
const TOP_LOAD_PX = 120;

type MessageListProps = Omit<MessageActions, 'onQuoteClick'> & {
  messages: readonly ChatMessage[];
  meId: number;
  /** How far the other person has read: my messages up to it get two checks. */
  otherReadId: number | null;
  hasMore: boolean;
  loadingOlder: boolean;
  onLoadOlder: () => void;
  /** Whether the newest messages are in view (reads are marked only then). */
  onAtBottomChange: (atBottom: boolean) => void;
  timeZone?: string;
};

/**
 * The scrolling message column. Opens at the newest message; follows new ones while the reader is at
 * the bottom (or when the new one is mine); loads older pages at the top and keeps the reader's place
 * when they are put in above.
 */
export function MessageList({ messages, meId, otherReadId, hasMore, loadingOlder, onLoadOlder, onAtBottomChange, timeZone, ...actions }: MessageListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const stickToBottom = useRef(true);
  // Scroll height and position just before an older page was asked for, to restore the place after.
  const anchor = useRef<{ height: number; top: number } | null>(null);
  const edges = useRef({ firstId: messages[0]?.id, lastId: messages.at(-1)?.id });
  const [atBottom, setAtBottom] = useState(true);

  const reportAtBottom = useCallback((value: boolean) => {
    stickToBottom.current = value;
    setAtBottom(value);
  }, []);
  useEffect(() => onAtBottomChange(atBottom), [atBottom, onAtBottomChange]);

  const scrollToBottom = useCallback(() => {
    const element = scrollRef.current;
    if (element) element.scrollTop = element.scrollHeight;
  }, []);

  const requestOlder = useCallback(() => {
    const element = scrollRef.current;
    if (!element || !hasMore || loadingOlder) return;
    anchor.current = { height: element.scrollHeight, top: element.scrollTop };
    onLoadOlder();
  }, [hasMore, loadingOlder, onLoadOlder]);

  const onScroll = () => {
    const element = scrollRef.current;
    if (!element) return;
    reportAtBottom(element.scrollHeight - element.scrollTop - element.clientHeight <= BOTTOM_SLACK_PX);
    if (element.scrollTop <= TOP_LOAD_PX) requestOlder();
  };

  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const firstId = messages[0]?.id;
    const last = messages.at(-1);
    const previous = edges.current;
    edges.current = { firstId, lastId: last?.id };
    if (anchor.current && firstId !== previous.firstId) {
      element.scrollTop = element.scrollHeight - anchor.current.height + anchor.current.top;
      anchor.current = null;
    } else if (stickToBottom.current || (last && last.id !== previous.lastId && last.sender_id === meId)) {
      scrollToBottom();
      reportAtBottom(true);
    }
    // A short first page leaves nothing to scroll, so the top is never "reached": ask for more now.
    if (element.scrollHeight <= element.clientHeight && element.clientHeight > 0) requestOlder();
  }, [messages, meId, scrollToBottom, reportAtBottom, requestOlder]);

  useEffect(() => {
    if (!loadingOlder) anchor.current = null;
  }, [loadingOlder]);

  // Pictures load after the layout above, and the composer grows with its text: either changes the
  // height without a new message, so keep the newest message in view while the reader is at the bottom.
  useEffect(() => {
    const scroller = scrollRef.current;
    const content = contentRef.current;
    if (!scroller || !content || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (stickToBottom.current) scrollToBottom();
    });
    observer.observe(scroller);
    observer.observe(content);
    return () => observer.disconnect();
  }, [scrollToBottom]);

  const onQuoteClick = (messageId: number) => {
    document.getElementById(`chat-message-${messageId}`)?.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
  };

  const groups = groupByDay(messages, timeZone);

  return (
    <div className="relative min-h-0 flex-1">
      <div ref={scrollRef} onScroll={onScroll} className="h-full overflow-y-auto overscroll-contain px-3 sm:px-5" data-testid="message-scroll">
        <div ref={contentRef} role="log" aria-label="Сообщения" className="mx-auto flex max-w-3xl flex-col gap-1 py-4">
          {loadingOlder ? (
            <div className="flex justify-center py-2">
              <Spinner label="Загрузка сообщений" className="size-4" />
            </div>
          ) : null}
          {messages.length === 0 ? <p className="m-auto py-16 text-center text-sm text-muted-foreground">Сообщений пока нет. Напишите первым!</p> : null}
          {groups.map((group) => (
            <section key={group.key} aria-label={group.label} className="flex flex-col gap-1.5">
              <div className="sticky top-2 z-10 my-2 flex justify-center">
                <span className="rounded-full bg-muted/90 px-3 py-1 text-xs font-medium text-muted-foreground shadow-xs backdrop-blur">{group.label}</span>
              </div>
              {group.messages.map((message) => {
                const own = message.sender_id === meId;
                return (
                  <MessageBubble
                    key={message.id}
                    message={message}
                    own={own}
                    read={own && otherReadId != null && message.id <= otherReadId}
                    timeZone={timeZone}
                    onQuoteClick={onQuoteClick}
                    {...actions}
                  />
                );
              })}
            </section>
          ))}
        </div>
      </div>
      <button
        type="button"
        aria-label="К последним сообщениям"
        onClick={() => {
          scrollToBottom();
          reportAtBottom(true);
        }}
        className={cn(
          'absolute right-4 bottom-3 grid size-10 place-content-center rounded-full border bg-card text-muted-foreground shadow-md transition-all hover:text-foreground',
          atBottom ? 'pointer-events-none translate-y-2 opacity-0' : 'opacity-100',
        )}
        tabIndex={atBottom ? -1 : 0}
      >
        <ChevronDown className="size-5" />
      </button>
    </div>
  );
}
