import type { eventLine } from './waitlist.queries.ts';

type Line = NonNullable<Awaited<ReturnType<typeof eventLine>>>;

/**
 * The line as a viewer may see it: everyone, how many wait and how many hold an offer; the caller, their own place
 * (position 1 is next); the event's mentor and admins, who stands in it, in order.
 */
export function toLineView(found: Line, viewer: { id: number; seesEveryone: boolean } | null) {
  const mine = viewer ? found.line.find((p) => p.user_id === viewer.id) : undefined;
  return {
    waiting: found.line.filter((p) => p.status === 'waiting').length,
    offered: found.line.filter((p) => p.status === 'offered').length,
    paid: found.paid,
    mine: mine ? { status: mine.status, position: mine.status === 'waiting' ? mine.position : null, offer_expires_at: mine.offer_expires_at } : null,
    people: viewer?.seesEveryone
      ? found.line.map((p) => ({
          user_id: p.user_id,
          name: `${p.first_name ?? ''} ${p.last_name ?? ''}`.trim(),
          status: p.status,
          position: p.status === 'waiting' ? p.position : null,
          offer_expires_at: p.offer_expires_at,
        }))
      : null,
  };
}
