import { createFileRoute } from '@tanstack/react-router';
// zod/mini: search schemas sit in the route config, which is part of the initial bundle.
import { z } from 'zod/mini';
import { MentorListScreen } from '../features/mentors/mentor-list-screen.tsx';
import { MAX_PRICE_OPTIONS, MENTOR_CATEGORIES, MIN_PRICE_OPTIONS, type MentorFilters } from '../features/mentors/mentor-filters.ts';
import { useSession } from '../features/session/use-session.ts';

// Every filter is optional and a bad value is dropped rather than failing the page: links get shared and edited.
const mentorsSearchSchema = z.object({
  search: z.catch(z.optional(z.string()), undefined),
  // `?category=Карьера` typed by hand arrives as a string; the app itself writes an array.
  category: z.catch(z.optional(z.union([z.array(z.enum(MENTOR_CATEGORIES)), z.enum(MENTOR_CATEGORIES)])), undefined),
  min_price: z.catch(z.optional(z.literal(MIN_PRICE_OPTIONS)), undefined),
  max_price: z.catch(z.optional(z.literal(MAX_PRICE_OPTIONS)), undefined),
});

export const Route = createFileRoute('/AllMentors')({
  staticData: { layout: 'Search' },
  validateSearch: mentorsSearchSchema,
  component: AllMentorsPage,
});

function AllMentorsPage() {
  const search = Route.useSearch();
  const filters: MentorFilters = { ...search, category: typeof search.category === 'string' ? [search.category] : search.category };
  const navigate = Route.useNavigate();
  const { user, isPending } = useSession();
  return (
    <MentorListScreen
      filters={filters}
      onFiltersChange={(next) => void navigate({ search: next, replace: true })}
      isSignedIn={isPending ? undefined : user !== null}
    />
  );
}
