import { useState, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Heart, History, Search, TriangleAlert, UsersRound } from 'lucide-react';
import { EmptyState } from '../../components/empty-state.tsx';
import { SearchInput } from '../../components/search-input.tsx';
import { NativeSelect } from '../../components/native-select.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Skeleton } from '../../components/ui/skeleton.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { dayjs } from '../../lib/dayjs.ts';
import { countRu } from '../../lib/plural.ts';
import { MyMentorCard } from './my-mentor-card.tsx';
import { myMentorsQueries } from './my-mentors.api.ts';
import { SKILLS_SHOWN, SORT_OPTIONS, visibleFavorites, visibleHistory, type MyMentorsSort, type MyMentorsTab } from './my-mentors-list.ts';

export const HISTORY_LOAD_ERROR = 'Ошибка при загрузке истории занятий';
export const FAVORITES_LOAD_ERROR = 'Ошибка при загрузке избранных менторов';

type MyMentorsScreenProps = {
  tab: MyMentorsTab;
  onTabChange: (tab: MyMentorsTab) => void;
  timeZone?: string;
};

function formatDay(value: string | null | undefined, timeZone?: string): string {
  if (!value) return '';
  const date = timeZone ? dayjs(value).tz(timeZone) : dayjs(value);
  return date.isValid() ? date.format('D MMMM YYYY') : '';
}

/** /MyMentorsPage, "Мои менторы" (spec 001 §2). */
export function MyMentorsScreen({ tab, onTabChange, timeZone }: MyMentorsScreenProps) {
  const history = useQuery(myMentorsQueries.history());
  const favorites = useQuery(myMentorsQueries.favorites());
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<MyMentorsSort>('date_desc');

  const favoriteIdByMentor = new Map((favorites.data ?? []).map((item) => [item.mentor.id, item.id]));
  const historyItems = visibleHistory(history.data ?? [], search, sort);
  const favoriteItems = visibleFavorites(favorites.data ?? [], search, sort);
  const searching = search.trim() !== '';

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-6 sm:py-8 lg:px-6">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Мои менторы</h1>

      <Tabs value={tab} onValueChange={(value) => onTabChange(value as MyMentorsTab)} className="flex flex-col gap-5">
        <div className="flex flex-col gap-3 lg:flex-row lg:items-center lg:justify-between">
          <TabsList className="grid h-auto w-full grid-cols-2 sm:inline-flex sm:h-10 sm:w-auto">
            <TabsTrigger value="history" className={tabTriggerClass}>
              История занятий
              <CountBadge value={history.data?.length} />
            </TabsTrigger>
            <TabsTrigger value="favorites" className={tabTriggerClass}>
              Избранные менторы
              <CountBadge value={favorites.data?.length} />
            </TabsTrigger>
          </TabsList>
          <div className="flex flex-col gap-2 sm:flex-row">
            <SearchInput label="Поиск по имени или специализации" value={search} onChange={setSearch} className="sm:w-80" />
            <NativeSelect aria-label="Сортировка" value={sort} onChange={(event) => setSort(event.target.value as MyMentorsSort)} className="sm:w-48">
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>

        <TabsContent value="history">
          <TabBody
            isPending={history.isPending}
            isError={history.isError}
            errorText={HISTORY_LOAD_ERROR}
            onRetry={() => void history.refetch()}
            isEmpty={historyItems.length === 0}
            empty={
              searching ? (
                <NothingFound onReset={() => setSearch('')} />
              ) : (
                <FindMentor icon={<History />} title="У вас пока не было занятий" description="Выберите наставника и запишитесь на первую консультацию." />
              )
            }
          >
            {historyItems.map((item) => (
              <li key={item.id}>
                <MyMentorCard
                  mentor={item}
                  favoriteId={favoriteIdByMentor.get(item.id) ?? null}
                  maxSkills={SKILLS_SHOWN.history}
                  meta={[
                    countRu(item.sessions_count, ['занятие', 'занятия', 'занятий']),
                    // a session still to come is named as such: «последнее» with a date ahead read as a mistake
                    item.next_contact_at
                      ? `ближайшее ${formatDay(item.next_contact_at, timeZone)}`
                      : item.last_contact_at
                        ? `последнее ${formatDay(item.last_contact_at, timeZone)}`
                        : '',
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </li>
            ))}
          </TabBody>
        </TabsContent>

        <TabsContent value="favorites">
          <TabBody
            isPending={favorites.isPending}
            isError={favorites.isError}
            errorText={FAVORITES_LOAD_ERROR}
            onRetry={() => void favorites.refetch()}
            isEmpty={favoriteItems.length === 0}
            empty={
              searching ? (
                <NothingFound onReset={() => setSearch('')} />
              ) : (
                <FindMentor icon={<Heart />} title="В избранном пока пусто" description="Отмечайте понравившихся наставников сердечком, чтобы вернуться к ним позже." />
              )
            }
          >
            {favoriteItems.map((item) => (
              <li key={item.id}>
                <MyMentorCard mentor={item.mentor} favoriteId={item.id} maxSkills={SKILLS_SHOWN.favorites} meta={`В избранном с ${formatDay(item.created_at, timeZone)}`} />
              </li>
            ))}
          </TabBody>
        </TabsContent>
      </Tabs>
    </section>
  );
}

// On a phone both tabs share the width: let the label wrap instead of pushing the badge out.
const tabTriggerClass = 'h-auto min-h-9 gap-1.5 px-2 py-1.5 text-center leading-tight whitespace-normal sm:h-full sm:gap-2 sm:px-3 sm:whitespace-nowrap';

function CountBadge({ value }: { value: number | undefined }) {
  return (
    <span data-testid="tab-count" className="min-w-6 rounded-full bg-primary/10 px-1.5 text-xs font-semibold text-primary tabular-nums">
      {value ?? '–'}
    </span>
  );
}

type TabBodyProps = {
  isPending: boolean;
  isError: boolean;
  errorText: string;
  onRetry: () => void;
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
};

function TabBody({ isPending, isError, errorText, onRetry, isEmpty, empty, children }: TabBodyProps) {
  if (isPending) {
    return (
      <div role="status" aria-label="Загрузка" className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {Array.from({ length: 3 }, (_, i) => (
          <Skeleton key={i} className="h-52 rounded-2xl" />
        ))}
      </div>
    );
  }
  if (isError) {
    return (
      <div role="alert">
        <EmptyState
          icon={<TriangleAlert />}
          title={errorText}
          description="Проверьте соединение и попробуйте ещё раз."
          action={
            <Button variant="outline" onClick={onRetry}>
              Повторить
            </Button>
          }
        />
      </div>
    );
  }
  if (isEmpty) return <>{empty}</>;
  return <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">{children}</ul>;
}

function FindMentor({ icon, title, description }: { icon: ReactNode; title: string; description: string }) {
  return (
    <EmptyState
      icon={icon}
      title={title}
      description={description}
      action={
        <Button asChild>
          {/* Spec 001 writes /mentors; the mentor list of this app is /AllMentors. */}
          <Link to="/AllMentors">
            <UsersRound />
            Найти ментора
          </Link>
        </Button>
      }
    />
  );
}

function NothingFound({ onReset }: { onReset: () => void }) {
  return (
    <EmptyState
      icon={<Search />}
      title="Ничего не найдено"
      description="Попробуйте другое имя или специализацию."
      action={
        <Button variant="outline" onClick={onReset}>
          Сбросить поиск
        </Button>
      }
    />
  );
}
