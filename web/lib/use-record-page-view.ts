import { useEffect, useRef } from 'react';
import { api } from './api-client.ts';

/**
 * One view of a mentor's or event's page for the mentor's conversion funnel (POST /analytics/views/), once
 * per open: the ref keeps React's development double effect and re-renders from sending it twice.
 * Fire-and-forget: a failure (rate limit, network) is nothing the visitor should see.
 */
export function useRecordPageView(mentorId: number, eventId?: number) {
  const sent = useRef<string | null>(null);
  useEffect(() => {
    const key = `${mentorId}:${eventId ?? ''}`;
    if (sent.current === key) return;
    sent.current = key;
    api.analytics.views.$post({ json: { mentor_id: mentorId, event_id: eventId } }).catch(() => undefined);
  }, [mentorId, eventId]);
}
