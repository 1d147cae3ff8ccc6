import { useRef, useState } from 'react';
import { ImagePlus, RefreshCw, Trash2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { cn } from '../../lib/cn.ts';
import { coverProblem, eventFormMessages } from './event-form.rules.ts';

type CoverPickerProps = {
  /** what is shown: the picked file's data URL or the stored cover */
  src: string | null;
  error?: string;
  onPick: (file: File, dataUrl: string) => void;
  onRemove: () => void;
  onError: (message: string) => void;
};

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('no data')));
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The cover: a drop area with the 1920x1080 hint, the picked picture's preview, replace and remove. */
export function CoverPicker({ src, error, onPick, onRemove, onError }: CoverPickerProps) {
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);

  const take = async (file: File | undefined) => {
    if (!file) return;
    const problem = coverProblem(file);
    if (problem) {
      onError(problem);
      return;
    }
    try {
      onPick(file, await readAsDataUrl(file));
    } catch {
      onError(eventFormMessages.coverRead);
    }
  };

  return (
    <div className="grid gap-1.5">
      <span className="text-sm font-medium">Обложка</span>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={(e) => {
          e.preventDefault();
          setDragging(false);
          void take(e.dataTransfer.files[0]);
        }}
        className={cn(
          'relative w-full overflow-hidden rounded-xl border border-dashed bg-muted/40 transition-colors',
          src ? 'aspect-video sm:aspect-[5/2]' : 'aspect-[2/1] sm:aspect-[4/1]',
          dragging && 'border-primary bg-primary/5',
          error && 'border-destructive',
        )}
      >
        {src ? (
          <>
            <img src={src} alt="Обложка мероприятия" className="size-full object-cover" />
            <div className="absolute right-2 bottom-2 flex gap-2">
              <Button size="sm" variant="outline" onClick={() => input.current?.click()}>
                <RefreshCw />
                Заменить
              </Button>
              <Button size="sm" variant="outline" onClick={onRemove} aria-label="Удалить обложку">
                <Trash2 />
              </Button>
            </div>
          </>
        ) : (
          <button
            type="button"
            onClick={() => input.current?.click()}
            className="flex size-full flex-col items-center justify-center gap-1.5 p-4 text-center text-sm text-muted-foreground hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
          >
            <ImagePlus aria-hidden className="size-7 text-primary" />
            <span className="font-medium text-foreground">Загрузить обложку</span>
            <span className="hidden sm:inline">или перетащите файл сюда</span>
          </button>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept="image/*"
        className="sr-only"
        aria-label="Файл обложки"
        tabIndex={-1}
        onChange={(e) => {
          void take(e.target.files?.[0]);
          e.target.value = '';
        }}
      />
      {error ? (
        <p role="alert" className="text-xs text-destructive">
          {error}
        </p>
      ) : null}
      <p className="text-xs text-muted-foreground">Рекомендуемый размер 1920x1080. JPG, PNG или WebP до 5 МБ.</p>
    </div>
  );
}
