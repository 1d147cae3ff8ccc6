import { useCallback, useEffect, useRef, useState } from 'react';
import type { ConferenceContentType } from '../../../party/protocol/conference.ts';
import { ApiError } from '../../lib/api-client.ts';
import { conferenceApi, type ConferenceJoin } from './conference.api.ts';
import { EARLY_POLL_INTERVAL_MS, JOIN_MESSAGES, POLL_ATTEMPTS, POLL_INTERVAL_MS, type JoinStep } from './join-steps.ts';

/*
 * The join flow of spec 002 §4.1 up to the equipment check: who the caller is to this meeting, the mentor
 * starting the room, participants asking for it every 2 s (30 times). Any failure stops the flow with its
 * message; «Повторить» starts it again. Before the room's window opens (decision 012) the page counts down to
 * the opening by the server's clock and then goes on by itself; participants who come early keep waiting for
 * the mentor until the start, and only then does the spec's count of 30 tries begin.
 */

export type JoinTarget = { contentType: ConferenceContentType; id: number | null };

export type JoinFlowState =
  | { phase: 'working'; step: JoinStep }
  | { phase: 'failed'; step: JoinStep; message: string }
  /** the room is not open yet: times in ms by this device's clock plus `offsetMs` (the server's clock) */
  | { phase: 'waiting'; step: JoinStep; opensAt: number; startsAt: number; offsetMs: number }
  | { phase: 'ready'; step: 'equipment-check'; join: ConferenceJoin };

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(new DOMException('aborted', 'AbortError'));
    });
  });

const notStarted = (error: unknown) => error instanceof ApiError && error.code === 'conference_not_started';
const tooEarly = (error: unknown) => error instanceof ApiError && error.code === 'conference_too_early';
/** no refusal from the server: the connection failed, the call timed out, or the server broke */
const unanswered = (error: unknown) => !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
/** A long wait is slept in steps, so a device that slept (a closed laptop) re-reads the clock soon after waking. */
const WAIT_STEP_MS = 30_000;
/** Starting at the very edge of the window may meet the server a moment early: this many more tries, a second apart. */
const EDGE_RETRIES = 5;

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return error.detail || JOIN_MESSAGES.fallback;
  return JOIN_MESSAGES.fallback;
}

/** Runs the steps for `target` as `viewerId`; the caller moves on to the equipment check when `ready`. */
export function useJoinFlow(target: JoinTarget, viewerId: number | null) {
  const [state, setState] = useState<JoinFlowState>({ phase: 'working', step: 'init' });
  const [attempt, setAttempt] = useState(0);
  const stepRef = useRef<JoinStep>('init');

  useEffect(() => {
    const abort = new AbortController();
    const at = (step: JoinStep) => {
      stepRef.current = step;
      if (!abort.signal.aborted) setState({ phase: 'working', step });
    };
    const fail = (message: string) => {
      if (!abort.signal.aborted) setState({ phase: 'failed', step: stepRef.current, message });
    };

    async function run(): Promise<void> {
      at('init');
      if (target.id === null) return fail(JOIN_MESSAGES.noId);
      const id = target.id;
      at('authorization');
      if (viewerId === null) return fail(JOIN_MESSAGES.auth);
      at('content-info');
      const meeting = await conferenceApi.meeting(target.contentType, id);
      at('role-check');
      if (!Number.isInteger(meeting.mentorId)) return fail(JOIN_MESSAGES.roleCheck);
      const host = meeting.mentorId === viewerId;
      const window = await conferenceApi.window(target.contentType, id);
      const offsetMs = Date.parse(window.now) - Date.now();
      const serverNow = () => Date.now() + offsetMs;
      const opensAt = Date.parse(window.opens_at);
      const startsAt = Date.parse(window.starts_at);
      if (window.state === 'before') {
        if (!abort.signal.aborted) setState({ phase: 'waiting', step: stepRef.current, opensAt, startsAt, offsetMs });
        while (serverNow() < opensAt) await sleep(Math.min(opensAt - serverNow(), WAIT_STEP_MS), abort.signal);
      }
      let join: ConferenceJoin | null = null;
      if (host) {
        at('conference-creation');
        for (let retry = 0; ; retry += 1) {
          try {
            await conferenceApi.start(target.contentType, id);
            break;
          } catch (error) {
            if (!tooEarly(error) || retry >= EDGE_RETRIES) throw error;
            await sleep(1000, abort.signal);
          }
        }
        join = await conferenceApi.join(target.contentType, id);
      } else {
        at('registration-check');
        try {
          join = await conferenceApi.join(target.contentType, id);
        } catch (error) {
          // the server's refusal says why (not registered, not paid…); no answer at all is spec 002 §8's failed check
          if (unanswered(error)) return fail(JOIN_MESSAGES.registrationCheck);
          if (!notStarted(error)) throw error;
        }
        if (!join) {
          at('conference-polling');
          // before the start the mentor may still open the room at any moment: only tries after it count
          for (let tries = 0; tries < POLL_ATTEMPTS && !join; ) {
            await sleep(serverNow() < startsAt ? EARLY_POLL_INTERVAL_MS : POLL_INTERVAL_MS, abort.signal);
            if (serverNow() >= startsAt) tries += 1;
            try {
              join = await conferenceApi.join(target.contentType, id);
            } catch (error) {
              if (!notStarted(error)) throw error;
            }
          }
          if (!join) return fail(JOIN_MESSAGES.timeout);
        }
      }
      stepRef.current = 'equipment-check';
      if (!abort.signal.aborted) setState({ phase: 'ready', step: 'equipment-check', join });
    }

    run().catch((error: unknown) => {
      if (abort.signal.aborted) return;
      console.error('conference: joining failed', error);
      fail(messageOf(error));
    });
    return () => abort.abort();
  }, [target.contentType, target.id, viewerId, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
