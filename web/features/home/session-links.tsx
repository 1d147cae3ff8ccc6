import { Link } from '@tanstack/react-router';
import { Video } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import type { HomeSession } from './home-sessions.ts';

type JoinButtonProps = { session: HomeSession; size?: 'default' | 'sm' | 'lg'; className?: string };

/** «Подключиться»: the meeting room of the event or of the consultation booking. */
export function JoinButton({ session, size = 'default', className }: JoinButtonProps) {
  return (
    <Button asChild size={size} className={className}>
      {session.kind === 'event' ? (
        <Link to="/event-conference/$event_id" params={{ event_id: String(session.id) }} aria-label={`Подключиться: ${session.title}`}>
          <Video aria-hidden />
          Подключиться
        </Link>
      ) : (
        <Link to="/booking-conference/$booking_id" params={{ booking_id: String(session.id) }} aria-label={`Подключиться: ${session.title}`}>
          <Video aria-hidden />
          Подключиться
        </Link>
      )}
    </Button>
  );
}

/** The session's title: an event links to its page; a consultation has no page of its own, the calendar shows it. */
export function SessionTitle({ session, className }: { session: HomeSession; className?: string }) {
  if (session.kind === 'event') {
    return (
      <Link to="/event_info/$id" params={{ id: String(session.id) }} className={className}>
        {session.title}
      </Link>
    );
  }
  return <span className={className}>{session.title}</span>;
}

export function kindLabel(session: HomeSession): string {
  return session.kind === 'event' ? 'Мероприятие' : 'Консультация';
}

/** «Наставник», «Ученик» or «Вы ведёте» — who the viewer meets. */
export function counterpartLabel(session: HomeSession): string {
  if (session.counterpartRole === 'mentor') return 'Наставник';
  if (session.counterpartRole === 'mentee') return 'Ученик';
  return 'Вы ведёте';
}
