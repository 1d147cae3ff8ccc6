import { createFileRoute } from '@tanstack/react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { searchMatching, searchOneOf, searchParams } from '../lib/search-params.ts';
import { SOCIAL_PROVIDERS } from '../components/social-provider-mark.tsx';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { PaymentTab } from '../features/profile-settings/payment-tab.tsx';
import { ProfileTab } from '../features/profile-settings/profile-tab.tsx';
import { SignInMethodsCard } from '../features/profile-settings/sign-in-methods-card.tsx';
import { NotificationsCard } from '../features/profile-settings/notifications-card.tsx';
import { WorkEducationTab } from '../features/profile-settings/work-education-tab.tsx';
import { requireAuth } from '../features/account/guards.ts';
import { sessionQueries } from '../lib/session/session.queries.ts';

// Values as spec 001 writes them in the `tab` query parameter.
const tabs = [
  { value: 'profile', label: 'Профиль' },
  { value: 'education and experience', label: 'Образование и опыт' },
  { value: 'payment', label: 'Платежные настройки' },
] as const;
type SettingsTab = (typeof tabs)[number]['value'];
const tabValues = tabs.map((tab) => tab.value);

const settingsSearchSchema = searchParams((raw) => ({
  // A missing or unknown tab falls back to the profile tab.
  tab: searchOneOf<SettingsTab>(raw.tab, tabValues) ?? 'profile',
  // back from linking a sign-in provider (decision 025): which one was linked, or why it was not
  social_linked: searchOneOf(raw.social_linked, SOCIAL_PROVIDERS),
  social_error: searchMatching(raw.social_error, /^[a-z_]{1,64}$/),
  provider: searchOneOf(raw.provider, SOCIAL_PROVIDERS),
}));

export const Route = createFileRoute('/ProfileSettings')({
  validateSearch: settingsSearchSchema,
  beforeLoad: ({ context, location }) => requireAuth(context, location),
  component: ProfileSettingsPage,
});

function ProfileSettingsPage() {
  const { tab, social_linked: linked, social_error: linkError, provider } = Route.useSearch();
  const navigate = Route.useNavigate();
  const queryClient = useQueryClient();

  // The guard warmed this entry; the PATCH answer replaces it, so the menu and avatar update at once.
  const me = useQuery(sessionQueries.me());

  return (
    <section className="mx-auto flex w-full max-w-3xl flex-col gap-6 px-4 py-8 sm:py-10">
      <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Настройки профиля</h1>
      <Tabs value={tab} onValueChange={(value) => void navigate({ search: { tab: value as SettingsTab }, replace: true })}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          {tabs.map((item) => (
            <TabsTrigger key={item.value} value={item.value} className="h-auto min-h-9 px-2 py-1.5 text-center leading-tight whitespace-normal sm:h-full sm:px-3 sm:whitespace-nowrap">
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="profile" className="mt-6">
          <ProfileTab
            user={me.data ?? null}
            loading={me.isPending}
            loadFailed={me.isError}
            onSaved={(user) => queryClient.setQueryData(sessionQueries.me().queryKey, user)}
          />
          <SignInMethodsCard
            className="mt-6"
            back={{ linked, error: linkError, provider }}
            // told once: the parameters leave the address, so a reload does not repeat it
            onBackTold={() => void navigate({ search: { tab }, replace: true })}
          />
          <NotificationsCard className="mt-6" />
        </TabsContent>
        <TabsContent value="education and experience" className="mt-6">
          <WorkEducationTab userId={me.data?.id} />
        </TabsContent>
        <TabsContent value="payment" className="mt-6">
          <PaymentTab />
        </TabsContent>
      </Tabs>
    </section>
  );
}
