import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { toast } from '../components/ui/toast-store.ts';
import { ApiError } from './api-client.ts';
import { favoriteKeys, mentorFavoritesApi } from './mentor-favorites.ts';
import { mentorQueries } from './mentors/mentors.queries.ts';
import { returnTarget } from './return-to.ts';

/** Spec 001 §9: the mentors' toasts last 3 s. */
export const FAVORITE_TOAST_MS = 3000;
export const FAVORITE_ADDED = 'Ментор добавлен в избранное';
export const FAVORITE_REMOVED = 'Ментор удалён из избранного';
export const FAVORITE_FAILED = 'Ошибка при обновлении избранного';

export type UseFavoriteToggleOptions = {
  mentorId: number;
  /** The server's view when the data was loaded. */
  isFavorite: boolean;
  /** Needed to delete; when unknown (a history item) it is looked up in the favourites list. */
  favoriteId?: number | null;
  /** The number of users who saved this mentor, when the screen shows it. */
  favoritesCount?: number;
  /**
   * false: a visitor, who is sent to /login without a request. undefined: unknown to the caller,
   * the server decides (a 401 also ends on /login).
   */
  isSignedIn?: boolean;
};

type Snapshot = { isFavorite: boolean; favoriteId: number | null; count: number };

/**
 * The favourite toggle of spec 001 §4, shared by the mentor card (the like), the mentor page's bookmark
 * and "Мои менторы". Optimistic: the flag and count flip at once and roll back if the call fails.
 */
export function useFavoriteToggle({ mentorId, isFavorite, favoriteId = null, favoritesCount = 0, isSignedIn }: UseFavoriteToggleOptions) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [local, setLocal] = useState<Snapshot | null>(null);
  const [isPending, setPending] = useState(false);
  const pendingRef = useRef(false);

  // Fresh server data wins over what was toggled locally before it arrived.
  useEffect(() => {
    setLocal(null);
  }, [mentorId, isFavorite, favoriteId, favoritesCount]);

  const current: Snapshot = local ?? { isFavorite, favoriteId, count: favoritesCount };

  async function findFavoriteId(): Promise<number | null> {
    const list = await mentorFavoritesApi.list();
    return list.find((item) => item.mentor.id === mentorId)?.id ?? null;
  }

  async function toggle(): Promise<void> {
    if (pendingRef.current) return;
    if (isSignedIn === false) {
      await navigate({ to: '/login', search: { redirect: returnTarget() } });
      return;
    }
    const before = current;
    const adding = !before.isFavorite;
    pendingRef.current = true;
    setPending(true);
    setLocal({ isFavorite: adding, favoriteId: before.favoriteId, count: Math.max(0, before.count + (adding ? 1 : -1)) });
    try {
      if (adding) {
        let id: number | null;
        let count = before.count + 1;
        try {
          id = (await mentorFavoritesApi.add(mentorId)).id;
        } catch (error) {
          // 409: it was saved already (another tab); the loaded count already included it.
          if (!(error instanceof ApiError && error.status === 409)) throw error;
          id = await findFavoriteId();
          count = before.count;
        }
        setLocal({ isFavorite: true, favoriteId: id, count });
        toast({ title: FAVORITE_ADDED, variant: 'success', duration: FAVORITE_TOAST_MS });
      } else {
        const id = before.favoriteId ?? (await findFavoriteId());
        if (id != null) {
          try {
            await mentorFavoritesApi.remove(id);
          } catch (error) {
            // 404: already removed elsewhere, which is what the user asked for.
            if (!(error instanceof ApiError && error.status === 404)) throw error;
          }
        }
        setLocal({ isFavorite: false, favoriteId: null, count: Math.max(0, before.count - 1) });
        toast({ title: FAVORITE_REMOVED, variant: 'success', duration: FAVORITE_TOAST_MS });
      }
      // Lists on other screens show stale flags now. The favourites list is refetched (its counts are
      // badges); mentor lists are only marked stale, since refetching an infinite list here would
      // reload every page the user has scrolled through.
      void queryClient.invalidateQueries({ queryKey: favoriteKeys.all });
      void queryClient.invalidateQueries({ queryKey: ['my-mentors'] });
      void queryClient.invalidateQueries({ queryKey: mentorQueries.all(), refetchType: 'none' });
    } catch (error) {
      setLocal(before);
      if (error instanceof ApiError && error.status === 401) {
        await navigate({ to: '/login', search: { redirect: returnTarget() } });
        return;
      }
      toast({ title: FAVORITE_FAILED, description: error instanceof ApiError ? error.detail : undefined, variant: 'destructive', duration: FAVORITE_TOAST_MS });
    } finally {
      pendingRef.current = false;
      setPending(false);
    }
  }

  return { isFavorite: current.isFavorite, favoritesCount: current.count, isPending, toggle };
}
