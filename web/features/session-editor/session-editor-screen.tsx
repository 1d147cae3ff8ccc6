import { useState } from 'react';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs.tsx';
import { useSession } from '../../lib/session/use-session.ts';
import { DEFAULT_TIME_ZONE } from './editor-time.ts';
import { EventFormDialog } from './event-form-dialog.tsx';
import { EventsTab } from './events-tab.tsx';
import { ConsultationsTab } from './consultations-tab.tsx';

export type SessionEditorTab = 'events' | 'consultations';

type SessionEditorScreenProps = {
  /** /edit_event/{id}: the form of that event opens over the editor */
  editEventId?: number;
  /** called when the form opened from editEventId closes */
  onEditClosed?: () => void;
};

/** /CreateEntityPage «Редактор сессий» (spec 002 §2.8): the mentor's events and personal sessions. */
export function SessionEditorScreen({ editEventId, onEditClosed }: SessionEditorScreenProps) {
  const { user } = useSession();
  const [tab, setTab] = useState<SessionEditorTab>('events');
  const [form, setForm] = useState<{ eventId: number | null } | null>(editEventId != null ? { eventId: editEventId } : null);
  // the route's guard lets only a signed-in mentor in; the session is in the cache by then
  if (!user) return null;
  const timeZone = user.time_zone || DEFAULT_TIME_ZONE;

  const closeForm = () => {
    const fromRoute = form?.eventId != null && form.eventId === editEventId;
    setForm(null);
    if (fromRoute) onEditClosed?.();
  };

  return (
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 py-8 sm:py-10 lg:px-8">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Редактор сессий</h1>
        <p className="text-sm text-muted-foreground">Создавайте групповые мероприятия и настраивайте время личных консультаций.</p>
      </div>
      <Tabs value={tab} onValueChange={(value) => setTab(value as SessionEditorTab)}>
        <TabsList className="grid w-full grid-cols-2 sm:inline-flex sm:w-auto">
          <TabsTrigger value="events">Мероприятия</TabsTrigger>
          <TabsTrigger value="consultations">Личные сессии</TabsTrigger>
        </TabsList>
        <TabsContent value="events">
          <EventsTab userId={user.id} timeZone={timeZone} onCreate={() => setForm({ eventId: null })} onEdit={(eventId) => setForm({ eventId })} />
        </TabsContent>
        <TabsContent value="consultations">
          <ConsultationsTab userId={user.id} timeZone={timeZone} />
        </TabsContent>
      </Tabs>
      <EventFormDialog
        open={form != null}
        onOpenChange={(open) => !open && closeForm()}
        eventId={form?.eventId ?? null}
        mentorId={user.id}
        timeZone={timeZone}
      />
    </section>
  );
}
