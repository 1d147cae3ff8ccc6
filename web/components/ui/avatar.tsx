import type { ComponentProps } from 'react';
import { Avatar as AvatarPrimitive } from 'radix-ui';
import { UserRound } from 'lucide-react';
import { cn } from '../../lib/cn.ts';

type AvatarProps = ComponentProps<typeof AvatarPrimitive.Root> & {
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

/** A round user picture; falls back to initials, or a neutral person icon, when the image is missing or broken. */
export function Avatar({ src, name, className, ...props }: AvatarProps) {
  const initials = initialsOf(name);
  return (
    <AvatarPrimitive.Root data-slot="avatar" className={cn('relative flex size-10 shrink-0 overflow-hidden rounded-full bg-secondary text-sm', className)} {...props}>
      {src ? <AvatarPrimitive.Image src={src} alt={name ?? ''} className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        // A short delay avoids flashing initials while a working image is still loading.
        delayMs={src ? 300 : 0}
        className="flex size-full items-center justify-center font-semibold text-secondary-foreground"
      >
        {initials || <UserRound aria-hidden className="size-[55%]" />}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
