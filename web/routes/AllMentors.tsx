import { createFileRoute } from '@tanstack/react-router';
import { searchListOf, searchOneOf, searchParams, searchString } from '../lib/search-params.ts';
import { MentorListScreen } from '../features/mentors/mentor-list-screen.tsx';
import { MAX_PRICE_OPTIONS, MENTOR_CATEGORIES, MIN_PRICE_OPTIONS, type MentorFilters } from '../features/mentors/mentor-filters.ts';
import { useSession } from '../features/session/use-session.ts';

// Every filter is optional and a bad value is dropped rather than failing the page: links get shared and edited.
const mentorsSearchSchema = searchParams((raw) => ({
  search: searchString(raw.search),
  // `?category=Карьера` typed by hand arrives as a string; the app itself writes an array.
  category: searchListOf(raw.category, MENTOR_CATEGORIES) ?? searchOneOf(raw.category, MENTOR_CATEGORIES),
  min_price: searchOneOf(raw.min_price, MIN_PRICE_OPTIONS),
  max_price: searchOneOf(raw.max_price, MAX_PRICE_OPTIONS),
}));

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
