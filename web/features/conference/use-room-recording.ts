import { useCallback, useEffect, useRef, useState } from 'react';
import { toast } from '../../components/ui/toast-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { partsApiFor, recordingsApi, type RecordingContentType } from '../../lib/recordings/recordings.api.ts';
import type { MeetingClient } from './meeting-client.ts';
import type { UploaderState } from './recording-uploader.ts';
import { canRecord, pickMimeType, startRoomRecorder, type RoomRecorder } from './room-recorder.ts';

/*
 * The host's side of a recorded meeting (issue 36, decision 019): the recording starts by itself once the room has
 * welcomed the host of a meeting whose type or event is recorded; the host may stop it and start it again. Leaving
 * or ending the meeting stops it, sends what is left and finishes it on the server.
 */

export type RoomRecordingState = 'off' | 'starting' | 'recording' | 'stopping';

type Options = {
  client: MeetingClient;
  /** the host's own camera and microphone */
  localStream: MediaStream | null;
  contentType: RecordingContentType | null;
  objectId: number;
  /** the host of a meeting set to be recorded: only then does it start by itself */
  autoStart: boolean;
  /** the host may record at all (the mentor of a consultation or an event) */
  host: boolean;
};

export function useRoomRecording({ client, localStream, contentType, objectId, autoStart, host }: Options) {
  const [state, setState] = useState<RoomRecordingState>('off');
  const recorder = useRef<RoomRecorder | null>(null);
  const told = useRef<string | null>(null);
  const autoStarted = useRef(false);
  const supported = host && contentType !== null && canRecord();

  const report = useCallback((upload: UploaderState) => {
    const problem = upload.fatal ?? upload.trouble;
    // each kind of trouble once, not every retry
    if (!problem || told.current === problem.code) return;
    told.current = problem.code;
    toast({ title: problem.detail, variant: upload.fatal ? 'destructive' : 'default' });
    if (upload.fatal) {
      const current = recorder.current;
      recorder.current = null;
      setState('off');
      void current?.stop().catch(() => undefined);
    }
  }, []);

  const start = useCallback(async () => {
    if (!supported || !localStream || recorder.current || contentType === null) return;
    const mimeType = pickMimeType();
    if (!mimeType) return;
    setState('starting');
    try {
      const created = await recordingsApi.create(contentType, objectId, mimeType);
      told.current = null;
      recorder.current = startRoomRecorder({ client, localStream, mimeType, api: partsApiFor(created.id), onState: report });
      setState('recording');
    } catch (error) {
      setState('off');
      console.error('recording: not started', error);
      toast({ title: error instanceof ApiError ? error.detail : 'Не удалось начать запись', variant: 'destructive' });
    }
  }, [supported, localStream, contentType, objectId, client, report]);

  /** Stops and finishes; resolves when the server has the duration (or the wait is over). */
  const stop = useCallback(async () => {
    const current = recorder.current;
    if (!current) return;
    recorder.current = null;
    setState('stopping');
    try {
      await current.stop();
    } catch (error) {
      console.error('recording: not finished', error);
    } finally {
      setState('off');
    }
  }, []);

  const welcomed = client.snapshot().self !== null;
  useEffect(() => {
    if (!autoStart || !welcomed || autoStarted.current) return;
    autoStarted.current = true;
    void start();
  }, [autoStart, welcomed, start]);

  // the page going away any way (another link, the back button) still stops and finishes what it can
  useEffect(
    () => () => {
      void recorder.current?.stop().catch(() => undefined);
      recorder.current = null;
    },
    [],
  );

  return { state, supported, start, stop };
}
