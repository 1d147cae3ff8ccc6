import { createFileRoute } from '@tanstack/react-router';
import { searchListOf, searchNonNegative, searchOneOf, searchParams, searchString } from '../lib/search-params.ts';
import { MentorListScreen } from '../features/mentors/mentor-list-screen.tsx';
import { MENTOR_CATEGORIES, type MentorFilters } from '../features/mentors/mentor-filters.ts';
import { mentorQueries } from '../features/mentors/mentors.queries.ts';
import { useSession } from '../lib/session/use-session.ts';

// Every filter is optional and a bad value is dropped rather than failing the page: links get shared and edited.
const mentorsSearchSchema = searchParams((raw) => ({
  search: searchString(raw.search),
  // `?category=Карьера` typed by hand arrives as a string; the app itself writes an array.
  category: searchListOf(raw.category, MENTOR_CATEGORIES) ?? searchOneOf(raw.category, MENTOR_CATEGORIES),
  // any bound, not only the panel's steps: the steps follow the data, and a shared link must keep meaning the same
  min_price: searchNonNegative(raw.min_price),
  max_price: searchNonNegative(raw.max_price),
}));

const filtersFromSearch = (search: ReturnType<typeof mentorsSearchSchema>): MentorFilters => ({
  ...search,
  category: typeof search.category === 'string' ? [search.category] : search.category,
});

export const Route = createFileRoute('/AllMentors')({
  staticData: { layout: 'Search' },
  validateSearch: mentorsSearchSchema,
  // The first page of the list is asked for as the route starts, alongside its code, not after it renders.
  loaderDeps: ({ search }) => filtersFromSearch(search),
  loader: ({ context, deps }) => void context.queryClient.prefetchInfiniteQuery(mentorQueries.list(deps)),
  component: AllMentorsPage,
});

function AllMentorsPage() {
  const filters = filtersFromSearch(Route.useSearch());
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
