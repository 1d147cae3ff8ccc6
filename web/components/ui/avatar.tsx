import { useLayoutEffect, useRef, useState, type ComponentProps } from 'react';
import { UserRound } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

type AvatarProps = ComponentProps<'span'> & {
  src?: string | null;
  /** Used for the alt text and the initials shown when there is no image or it fails to load. */
  name?: string | null;
};

function initialsOf(name: string | null | undefined): string {
  return (name ?? '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
}

/**
 * A round user picture; falls back to initials, or a neutral person icon, when the image is missing or broken.
 *
 * The picture is a plain `<img>` from the first render, so a page rendered on the server shows it with its HTML
 * (an image that waits for a script to say it loaded shows nothing until the app has started). It loads lazily: a
 * list's avatars below the fold do not take a phone's bandwidth from the first screen's covers.
 */
export function Avatar({ src, name, className, ...props }: AvatarProps) {
  const initials = initialsOf(name);
  const [failed, setFailed] = useState<string | null>(null);
  const image = useRef<HTMLImageElement>(null);
  const showImage = Boolean(src) && failed !== src;

  // An image that failed before the page hydrated fired its error with nobody listening: ask for it again, so that
  // onError hears the answer.
  useLayoutEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0 && img.getAttribute('src')) img.src = img.src;
  }, []);

  return (
    <span data-slot="avatar" className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full bg-secondary text-sm', className)} {...props}>
      {showImage ? (
        <img ref={image} src={src!} alt={name ?? ''} loading="lazy" decoding="async" onError={() => setFailed(src!)} className="aspect-square size-full object-cover" />
      ) : (
        <span className="flex size-full items-center justify-center font-semibold text-secondary-foreground">
          {initials || <UserRound aria-hidden className="size-[55%]" />}
        </span>
      )}
    </span>
  );
}
