import { useState, type KeyboardEvent } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { ChevronLeft, ChevronRight, X } from 'lucide-react';
import { cn } from '../../lib/cn.ts';
import type { CaseImage } from './mentors.api.ts';

export const DEFAULT_CASE_ALT = 'Изображение кейса';

const altOf = (image: CaseImage) => image.alt?.trim() || DEFAULT_CASE_ALT;

/**
 * Case images: a thumbnail grid on the page and a fullscreen viewer (Radix Dialog, so focus is trapped
 * and Esc closes) with 'N из M', previous/next, the caption and 80×80 thumbnails; arrow keys navigate.
 */
export function CaseGallery({ images }: { images: CaseImage[] }) {
  const [index, setIndex] = useState<number | null>(null);
  const count = images.length;
  const go = (delta: number) => setIndex((current) => (current == null ? current : (current + delta + count) % count));

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  const current = index == null ? null : images[index];

  return (
    <>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {images.map((image, i) => (
          <li key={`${image.url}-${i}`}>
            <button
              type="button"
              onClick={() => setIndex(i)}
              aria-label={`Открыть: ${altOf(image)}`}
              className="group block aspect-[4/3] w-full overflow-hidden rounded-xl bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring"
            >
              <img src={image.url} alt={altOf(image)} loading="lazy" className="size-full object-cover transition-transform group-hover:scale-105" />
            </button>
          </li>
        ))}
      </ul>

      <DialogPrimitive.Root open={current != null} onOpenChange={(open) => (open ? undefined : setIndex(null))}>
        <DialogPrimitive.Portal>
          <DialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/90" />
          <DialogPrimitive.Content
            onKeyDown={onKeyDown}
            aria-describedby={undefined}
            className="fixed inset-0 z-50 flex flex-col bg-black/95 text-white outline-none"
          >
            <div className="flex items-center justify-between gap-4 p-4">
              <DialogPrimitive.Title className="text-sm font-medium tabular-nums">
                {index != null ? `${index + 1} из ${count}` : ''}
              </DialogPrimitive.Title>
              <DialogPrimitive.Close aria-label="Закрыть" className="rounded-full p-2 hover:bg-white/10 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none">
                <X className="size-5" />
              </DialogPrimitive.Close>
            </div>
            <div className="relative flex min-h-0 flex-1 items-center justify-center px-4 sm:px-16">
              {current ? <img src={current.url} alt={altOf(current)} className="max-h-full max-w-full rounded-lg object-contain" /> : null}
              {count > 1 ? (
                <>
                  <button
                    type="button"
                    aria-label="Предыдущее изображение"
                    onClick={() => go(-1)}
                    className="absolute left-2 grid size-11 place-content-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none sm:left-4"
                  >
                    <ChevronLeft className="size-6" />
                  </button>
                  <button
                    type="button"
                    aria-label="Следующее изображение"
                    onClick={() => go(1)}
                    className="absolute right-2 grid size-11 place-content-center rounded-full bg-white/10 hover:bg-white/20 focus-visible:ring-2 focus-visible:ring-white focus-visible:outline-none sm:right-4"
                  >
                    <ChevronRight className="size-6" />
                  </button>
                </>
              ) : null}
            </div>
            <p className="min-h-6 px-4 pt-3 text-center text-sm text-white/80">{current?.caption ?? ''}</p>
            <div className="flex justify-center gap-2 overflow-x-auto p-4">
              {images.map((image, i) => (
                <button
                  key={`${image.url}-${i}`}
                  type="button"
                  aria-label={`Изображение ${i + 1}`}
                  aria-current={i === index || undefined}
                  onClick={() => setIndex(i)}
                  className={cn(
                    'size-20 shrink-0 overflow-hidden rounded-lg border-2 opacity-60 transition-opacity hover:opacity-100 focus-visible:outline-none',
                    i === index ? 'border-white opacity-100' : 'border-transparent',
                  )}
                >
                  <img src={image.url} alt="" className="size-full object-cover" />
                </button>
              ))}
            </div>
          </DialogPrimitive.Content>
        </DialogPrimitive.Portal>
      </DialogPrimitive.Root>
    </>
  );
}
