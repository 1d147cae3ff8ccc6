import { useEffect, useState } from 'react';
import { Sparkles } from 'lucide-react';
import { cn } from '../lib/cn.ts';

type EventImageProps = {
  src?: string | null;
  alt: string;
  className?: string;
  /** Classes of the <img> itself (object-fit etc.). */
  imageClassName?: string;
  loading?: 'lazy' | 'eager';
  /** The page's largest paint: loaded at once and ahead of other images (fetchpriority=high). */
  priority?: boolean;
};

/**
 * An event cover: the picture, or a neutral placeholder when there is none or it fails to load
 * (spec 000 §8: image load failure shows a placeholder).
 */
export function EventImage({ src, alt, className, imageClassName, loading = 'lazy', priority = false }: EventImageProps) {
  const [failed, setFailed] = useState(false);
  useEffect(() => setFailed(false), [src]);
  const showImage = Boolean(src) && !failed;
  return (
    <div className={cn('relative overflow-hidden bg-muted', className)}>
      {showImage ? (
        <img
          src={src!}
          alt={alt}
          loading={priority ? 'eager' : loading}
          fetchPriority={priority ? 'high' : undefined}
          onError={() => setFailed(true)}
          className={cn('size-full object-cover', imageClassName)}
        />
      ) : (
        // A designed cover, not a broken-picture sign: an event without a cover is normal (issue 35 item 22).
        <div
          role="img"
          aria-label={alt || 'Мероприятие'}
          data-testid="event-image-placeholder"
          className="relative flex size-full min-h-32 items-center justify-center overflow-hidden bg-gradient-to-br from-primary/25 via-primary/10 to-secondary"
        >
          <span aria-hidden className="absolute -top-1/3 -right-1/4 size-2/3 rounded-full bg-primary/15" />
          <span aria-hidden className="absolute -bottom-1/3 -left-1/5 size-1/2 rounded-full bg-primary/10" />
          <span aria-hidden className="relative grid size-14 place-content-center rounded-2xl bg-card/80 text-primary shadow-sm backdrop-blur">
            <Sparkles className="size-7" />
          </span>
        </div>
      )}
    </div>
  );
}
