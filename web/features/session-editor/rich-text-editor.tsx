import { useEffect, useRef, useState, type ClipboardEvent, type ReactNode } from 'react';
import { Bold, Heading1, Heading2, Highlighter, Italic, List, ListOrdered, Underline } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

/** The four highlight colours of the description (spec 002 §5.4). */
export const HIGHLIGHTS = [
  { name: 'Жёлтый', color: '#fef08a' },
  { name: 'Зелёный', color: '#bbf7d0' },
  { name: 'Голубой', color: '#bfdbfe' },
  { name: 'Розовый', color: '#fbcfe8' },
] as const;

type RichTextEditorProps = {
  /** the starting HTML; later changes from outside are applied only when they differ from what is shown */
  value: string;
  /** called with the HTML; never with a text over maxLength (spec 002 §4.6) */
  onChange: (html: string) => void;
  maxLength: number;
  id?: string;
  invalid?: boolean;
  describedBy?: string;
  label?: string;
};

const textLength = (el: HTMLElement) => Array.from(el.textContent ?? '').length;

/**
 * The server keeps a highlight only on <span>/<mark> (decision 008); a browser may put the colour on the
 * <b> or <li> it is already in. Move such a colour onto a span inside that element.
 */
export function normalizeHighlights(root: HTMLElement) {
  for (const el of Array.from(root.querySelectorAll<HTMLElement>('[style]'))) {
    if (el.tagName === 'SPAN' || el.tagName === 'MARK') continue;
    const color = el.style.backgroundColor;
    el.removeAttribute('style');
    if (!color) continue;
    const span = document.createElement('span');
    span.style.backgroundColor = color;
    while (el.firstChild) span.appendChild(el.firstChild);
    el.appendChild(span);
  }
}

function exec(command: string, arg?: string) {
  // execCommand is deprecated but still the one portable way to edit a contentEditable's selection.
  if (typeof document.execCommand !== 'function') return;
  document.execCommand('styleWithCSS', false, command === 'hiliteColor' ? 'true' : 'false');
  document.execCommand(command, false, arg);
}

/**
 * A small rich-text field on contentEditable: bold, italic, underline, headings 1 and 2, lists and four
 * highlight colours, with a live counter. Typing and pasting stop at maxLength characters of text
 * (markup does not count); anything that still gets past (IME, drag and drop) is rolled back.
 */
export function RichTextEditor({ value, onChange, maxLength, id, invalid, describedBy, label = 'Описание' }: RichTextEditorProps) {
  const ref = useRef<HTMLDivElement>(null);
  const accepted = useRef(value);
  // the HTML last handed to onChange: when it comes back as `value` the field is already showing it
  const emitted = useRef<string | null>(null);
  const [count, setCount] = useState(0);

  useEffect(() => {
    const el = ref.current;
    if (!el || value === emitted.current || el.innerHTML === value) return;
    el.innerHTML = value;
    accepted.current = value;
    setCount(textLength(el));
  }, [value]);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const onBeforeInput = (event: InputEvent) => {
      if (!event.inputType.startsWith('insert')) return;
      const incoming = event.data ?? event.dataTransfer?.getData('text/plain') ?? '';
      const selected = Array.from(window.getSelection()?.toString() ?? '').length;
      if (textLength(el) - selected + Array.from(incoming).length > maxLength) event.preventDefault();
    };
    el.addEventListener('beforeinput', onBeforeInput);
    return () => el.removeEventListener('beforeinput', onBeforeInput);
  }, [maxLength]);

  const handleInput = () => {
    const el = ref.current;
    if (!el) return;
    if (textLength(el) > maxLength) {
      // over the limit: the change is not passed on and the last accepted text comes back
      el.innerHTML = accepted.current;
      setCount(textLength(el));
      return;
    }
    const html = el.textContent?.trim() || el.querySelector('li, img') ? el.innerHTML : '';
    accepted.current = el.innerHTML;
    emitted.current = html;
    setCount(textLength(el));
    onChange(html);
  };

  const handlePaste = (event: ClipboardEvent<HTMLDivElement>) => {
    const el = ref.current;
    if (!el) return;
    event.preventDefault();
    const selected = Array.from(window.getSelection()?.toString() ?? '').length;
    const room = Math.max(0, maxLength - textLength(el) + selected);
    const text = Array.from(event.clipboardData.getData('text/plain')).slice(0, room).join('');
    if (text) exec('insertText', text);
    handleInput();
  };

  const command = (name: string, arg?: string) => () => {
    ref.current?.focus();
    exec(name, arg);
    if (name === 'hiliteColor' && ref.current) normalizeHighlights(ref.current);
    handleInput();
  };

  return (
    <div
      className={cn(
        'overflow-hidden rounded-lg border border-input bg-card shadow-xs transition-[border-color,box-shadow] focus-within:border-ring focus-within:ring-3 focus-within:ring-ring/20',
        invalid && 'border-destructive ring-destructive/20',
      )}
    >
      <div role="toolbar" aria-label="Форматирование" className="flex flex-wrap items-center gap-0.5 border-b bg-muted/40 p-1">
        <ToolButton label="Жирный" onClick={command('bold')}>
          <Bold />
        </ToolButton>
        <ToolButton label="Курсив" onClick={command('italic')}>
          <Italic />
        </ToolButton>
        <ToolButton label="Подчёркнутый" onClick={command('underline')}>
          <Underline />
        </ToolButton>
        <Divider />
        <ToolButton label="Заголовок 1" onClick={command('formatBlock', '<h1>')}>
          <Heading1 />
        </ToolButton>
        <ToolButton label="Заголовок 2" onClick={command('formatBlock', '<h2>')}>
          <Heading2 />
        </ToolButton>
        <ToolButton label="Маркированный список" onClick={command('insertUnorderedList')}>
          <List />
        </ToolButton>
        <ToolButton label="Нумерованный список" onClick={command('insertOrderedList')}>
          <ListOrdered />
        </ToolButton>
        <Divider />
        <Highlighter aria-hidden className="mx-1 size-4 text-muted-foreground" />
        {HIGHLIGHTS.map((h) => (
          <button
            key={h.color}
            type="button"
            title={`Выделить: ${h.name.toLowerCase()}`}
            aria-label={`Выделить: ${h.name.toLowerCase()}`}
            onMouseDown={(e) => e.preventDefault()}
            onClick={command('hiliteColor', h.color)}
            className="grid size-8 place-content-center rounded-md hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <span className="size-4 rounded-full border border-foreground/15" style={{ backgroundColor: h.color }} />
          </button>
        ))}
      </div>
      <div
        ref={ref}
        id={id}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        contentEditable
        suppressContentEditableWarning
        data-placeholder="Расскажите, чему посвящено мероприятие"
        onInput={handleInput}
        onPaste={handlePaste}
        className={cn(
          'rich-text min-h-36 max-h-80 overflow-y-auto px-3 py-2 text-sm outline-none',
          'empty:before:pointer-events-none empty:before:text-muted-foreground empty:before:content-[attr(data-placeholder)]',
          '[&_h1]:text-xl [&_h1]:font-semibold [&_h2]:text-lg [&_h2]:font-semibold [&_ol]:list-decimal [&_ol]:pl-5 [&_ul]:list-disc [&_ul]:pl-5',
        )}
      />
      <div className="flex justify-end border-t px-3 py-1 text-xs text-muted-foreground tabular-nums" aria-live="polite">
        <span data-testid="description-counter" className={cn(count >= maxLength && 'font-medium text-destructive')}>
          {count}/{maxLength}
        </span>
      </div>
    </div>
  );
}

function ToolButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button
      type="button"
      title={label}
      aria-label={label}
      // keep the selection in the text while clicking the toolbar
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
      className="grid size-8 place-content-center rounded-md text-foreground/80 hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none [&_svg]:size-4"
    >
      {children}
    </button>
  );
}

function Divider() {
  return <span aria-hidden className="mx-1 h-5 w-px bg-border" />;
}
