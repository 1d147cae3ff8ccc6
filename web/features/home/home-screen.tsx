import type { ReactNode } from 'react';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { MemberHome, type HomeViewer } from './member-home.tsx';
import { VisitorHome } from './visitor-home.tsx';

type HomeScreenProps = {
  /** The signed-in user, or null for a visitor. */
  viewer: HomeViewer | null;
  /** The session is still being checked: neither variant yet, so a visitor never sees a member's page flash (or back). */
  viewerPending?: boolean;
  /** A mentor's own work and money, shown instead of recommendations of other mentors (the route builds it). */
  mentorPanel?: ReactNode;
};

/** /Home: a signed-in user's day at a glance, or what the product offers for a visitor. */
export function HomeScreen({ viewer, viewerPending = false, mentorPanel }: HomeScreenProps) {
  if (viewerPending) return <HomeSkeleton />;
  return viewer ? <MemberHome viewer={viewer} mentorPanel={mentorPanel} /> : <VisitorHome />;
}

function HomeSkeleton() {
  return (
    <div role="status" aria-label="Загрузка главной" className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-6 sm:py-8 lg:px-8">
      <Skeleton className="h-8 w-64 max-w-full" />
      <div className="grid gap-5 xl:grid-cols-[3fr_2fr]">
        <Skeleton className="h-72 rounded-2xl" />
        <Skeleton className="h-72 rounded-2xl" />
      </div>
      <Skeleton className="h-64 rounded-2xl" />
    </div>
  );
}
