import { Heart } from 'lucide-react';
import { cn } from '../lib/cn.ts';
import type { useFavoriteToggle } from '../lib/use-favorite-toggle.ts';

type FavoriteButtonProps = {
  favorite: ReturnType<typeof useFavoriteToggle>;
  /** the mentor card shows how many people saved the mentor; the compact cards show only the heart */
  showCount?: boolean;
  className?: string;
};

/** The heart that saves a mentor to the favourites (mentor cards, "Мои менторы"). */
export function FavoriteButton({ favorite, showCount = false, className }: FavoriteButtonProps) {
  return (
    <button
      type="button"
      aria-pressed={favorite.isFavorite}
      aria-label={favorite.isFavorite ? 'Убрать из избранного' : 'Добавить в избранное'}
      disabled={favorite.isPending}
      onClick={() => void favorite.toggle()}
      className={cn(
        'inline-flex h-9 shrink-0 items-center justify-center gap-1.5 rounded-full border outline-none transition-colors hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-70',
        showCount ? 'px-3 text-sm font-medium tabular-nums' : 'w-9',
        favorite.isFavorite && 'border-rose-200 bg-rose-50 text-rose-600 hover:bg-rose-100',
        className,
      )}
    >
      <Heart aria-hidden className={cn('size-4', favorite.isFavorite && 'fill-current')} />
      {showCount ? <span data-testid="favorites-count">{favorite.favoritesCount}</span> : null}
    </button>
  );
}
