import { z } from 'zod';

/** Making feed addresses is cheap to abuse (each one is a row and a new secret): a person gets this many an hour. */
export const FEED_RESETS_PER_HOUR = 20;
/** Unknown feed addresses one network may ask for in an hour before being refused. */
export const FEED_MISSES_PER_HOUR = 60;

/** `{token}.ics`: the 43 base64url characters of a 32-byte token (worker/lib/tokens.ts). */
export const feedFileParam = z.object({ file: z.string().regex(/^[A-Za-z0-9_-]{43}\.ics$/) });
/** `{id}.ics` of a booking or an event. */
export const itemFileParam = z.object({ file: z.string().regex(/^[1-9]\d{0,9}\.ics$/) });

export const fileToken = (file: string) => file.slice(0, -'.ics'.length);

/** GET /calendars/feed/: whether the person has an address; the address itself is shown only when made. */
export type FeedState = { active: boolean; created_at: string | null };
/** POST /calendars/feed/: the new address, in http(s) and webcal form, shown this once. */
export type FeedAddress = { url: string; webcal_url: string; created_at: string };
