// What an event's participants are told when its mentor changes or deletes it.
import type { NewNotification } from '../notifications/notify.ts';

type Shown = { title: string; startsAt: Date };

/** When the time or the title changes: one notification per change (the version keys it). */
export function eventChangedNotices(userIds: number[], eventId: number, before: Shown, after: Shown, version: Date): NewNotification[] {
  const moved = before.startsAt.getTime() !== after.startsAt.getTime();
  const renamed = before.title !== after.title;
  if (!moved && !renamed) return [];
  const what = [moved && 'время начала', renamed && `название (теперь «${after.title}»)`].filter(Boolean).join(' и ');
  const message = `Мероприятие «${before.title}», на которое вы записаны, изменилось: ${what}. Проверьте подробности.`.slice(0, 1000);
  return userIds.map((userId) => ({
    userId,
    kind: 'event_changed',
    message,
    url: `/event_info/${eventId}`,
    dedupeKey: `event_changed:${eventId}:${version.getTime()}`,
    extra: { event_id: eventId },
  }));
}

export function eventDeletedNotices(userIds: number[], eventId: number, title: string): NewNotification[] {
  return userIds.map((userId) => ({
    userId,
    kind: 'event_deleted',
    message: `Мероприятие «${title}», на которое вы были записаны, удалено организатором.`.slice(0, 1000),
    url: '/AllEvents',
    dedupeKey: `event_deleted:${eventId}`,
  }));
}
