import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PlayCircle } from 'lucide-react';
import { RECORDING_TEXTS } from '../lib/recordings/recording-texts.ts';
import { recordingQueries, type RecordingContentType } from '../lib/recordings/recordings.api.ts';
import { Button, type ButtonProps } from './ui/button.tsx';

type WatchRecordingLinkProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & { contentType: RecordingContentType; objectId: number };

/**
 * «Смотреть запись» on a booking's details and an event's page (issue 36): one link per ready recording of the
 * meeting, for those the server lets see it (its mentor and participants; anyone else gets none). A meeting recorded
 * in two goes (the host stopped and started again) has two links, numbered.
 */
export function WatchRecordingLink({ contentType, objectId, variant = 'default', size, className }: WatchRecordingLinkProps) {
  const query = useQuery(recordingQueries.forMeeting(contentType, objectId));
  const ready = (query.data ?? []).filter((r) => r.status === 'ready');
  if (!ready.length) return null;
  return (
    <>
      {ready.map((recording, index) => (
        <Button key={recording.id} asChild variant={variant} size={size} className={className}>
          <Link to="/recording/$id" params={{ id: String(recording.id) }}>
            <PlayCircle />
            {ready.length > 1 ? `${RECORDING_TEXTS.watch} ${index + 1}` : RECORDING_TEXTS.watch}
          </Link>
        </Button>
      ))}
    </>
  );
}
