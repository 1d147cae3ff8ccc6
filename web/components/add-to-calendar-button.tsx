import { useState } from 'react';
import { CalendarPlus } from 'lucide-react';
import { api, toApiError } from '../lib/api-client.ts';
import { Button, type ButtonProps } from './ui/button.tsx';
import { Spinner } from './ui/spinner.tsx';
import { toast } from './ui/toast-store.ts';

export const ADD_TO_CALENDAR_LABEL = 'Добавить в календарь';
export const ADD_TO_CALENDAR_ERROR = 'Не удалось скачать файл для календаря';

type AddToCalendarButtonProps = Pick<ButtonProps, 'variant' | 'size' | 'className'> & { kind: 'event' | 'booking'; id: number };

function calendarFile(kind: AddToCalendarButtonProps['kind'], id: number) {
  const param = { file: `${id}.ics` };
  return kind === 'event' ? api.calendars.events[':file'].$get({ param }) : api.calendars.bookings[':file'].$get({ param });
}

/** Hands a downloaded file to the browser under a name: the calendar app opens it from there. */
function saveFile(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // the click has handed the blob to the download by the next task
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/**
 * «Добавить в календарь»: one event or consultation as an .ics file (decision 010). Fetched through the API
 * client rather than a plain link, so an expired session is refreshed instead of downloading an error.
 */
export function AddToCalendarButton({ kind, id, variant = 'outline', size, className }: AddToCalendarButtonProps) {
  const [pending, setPending] = useState(false);

  const download = async () => {
    setPending(true);
    try {
      const response = await calendarFile(kind, id);
      if (!response.ok) throw await toApiError(response);
      saveFile(await response.blob(), `forma-${kind}-${id}.ics`);
    } catch (error) {
      toast({ title: ADD_TO_CALENDAR_ERROR, description: error instanceof Error ? error.message : undefined, variant: 'destructive' });
    } finally {
      setPending(false);
    }
  };

  return (
    <Button variant={variant} size={size} className={className} disabled={pending} onClick={() => void download()}>
      {pending ? <Spinner /> : <CalendarPlus aria-hidden />}
      {ADD_TO_CALENDAR_LABEL}
    </Button>
  );
}
