import { useEffect, useState } from 'react';
import { ImageOff } from 'lucide-react';
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
        <div
          role="img"
          aria-label={alt ? `${alt}: изображение недоступно` : 'Изображение недоступно'}
          data-testid="event-image-placeholder"
          className="flex size-full min-h-32 items-center justify-center bg-gradient-to-br from-primary/15 via-muted to-secondary text-muted-foreground"
        >
          <ImageOff aria-hidden className="size-8 opacity-60" />
        </div>
      )}
    </div>
  );
}
