import { createFileRoute } from '@tanstack/react-router';
// zod/mini: search schemas sit in the route config, which is part of the initial bundle.
import { z } from 'zod/mini';
import { ComingSoon } from '../components/coming-soon.tsx';
import { Tabs, TabsList, TabsTrigger } from '../components/ui/tabs.tsx';
import { requireAuth } from '../features/session/guards.ts';

// Values as spec 001 writes them in the `tab` query parameter.
const tabs = [
  { value: 'profile', label: 'Профиль' },
  { value: 'education and experience', label: 'Образование и опыт' },
  { value: 'payment', label: 'Платежные настройки' },
] as const;
type SettingsTab = (typeof tabs)[number]['value'];
const tabValues = tabs.map((tab) => tab.value) as [SettingsTab, ...SettingsTab[]];

const settingsSearchSchema = z.object({
  // A missing or unknown tab falls back to the profile tab.
  tab: z.catch(z._default(z.enum(tabValues), 'profile'), 'profile'),
});

export const Route = createFileRoute('/ProfileSettings')({
  validateSearch: settingsSearchSchema,
  beforeLoad: ({ context }) => requireAuth(context),
  component: ProfileSettingsPage,
});

function ProfileSettingsPage() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const active = tabs.find((item) => item.value === tab) ?? tabs[0];

  return (
    <ComingSoon title="Настройки профиля" description={`Вкладка «${active.label}» скоро появится здесь.`}>
      <Tabs value={tab} onValueChange={(value) => void navigate({ search: { tab: value as SettingsTab }, replace: true })}>
        <TabsList>
          {tabs.map((item) => (
            <TabsTrigger key={item.value} value={item.value}>
              {item.label}
            </TabsTrigger>
          ))}
        </TabsList>
      </Tabs>
    </ComingSoon>
  );
}
