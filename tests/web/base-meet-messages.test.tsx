// /BaseMeet's error snackbar (spec 002 §2.7, §8): the prototype's English texts, shown for our own engine's failures
// (decision 012): a control that could not do its job and a room that refused the guest.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { CONFERENCE_CLOSE } from '../../party/protocol/conference.ts';
import { BASE_MEET_MESSAGES, BaseMeetScreen } from '../../web/features/conference/base-meet-screen.tsx';
import { mockFetch } from './mentor-test-utils.ts';
import { renderWithRouter } from './render-with-router.tsx';
import { FakeSocket } from './fake-socket.ts';

const flush = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

const ticket = {
  login: 'demo',
  password: 'x',
  subject_id: '1',
  display_name: 'Гость 1',
  join_token: 't',
  ws_path: '/ws/conferences/demo/',
  ice_servers: [],
  max_peers: 4,
};

/** A camera without a microphone: the microphone control has nothing to turn on. */
function cameraOnly() {
  const video = { kind: 'video', id: 'video', enabled: true, stop: () => undefined, addEventListener: () => undefined } as unknown as MediaStreamTrack;
  return Object.assign(new MediaStream(), { getTracks: () => [video], getAudioTracks: () => [], getVideoTracks: () => [video] });
}

/** The room: welcomes the guest, or (closing) refuses it as a full room does. */
const room = { refuse: false };
class RoomSocket extends FakeSocket {
  constructor(url: string) {
    super(url);
    setTimeout(() => {
      if (room.refuse) {
        this.readyState = 3;
        this.dispatchEvent(Object.assign(new Event('close'), { code: CONFERENCE_CLOSE.full, reason: 'В комнате нет мест', wasClean: true }));
        return;
      }
      this.readyState = 1;
      this.dispatchEvent(new Event('open'));
      const self = { id: 'me', user_id: 0, name: 'Гость 1', avatar_url: null, role: 'participant', audio: false, video: true, screen: false, hand: false };
      this.dispatchEvent(Object.assign(new Event('message'), { data: JSON.stringify({ type: 'welcome', self, peers: [] }) }));
    }, 0);
  }
  send() {}
  close() {}
}

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: false });
  room.refuse = false;
  mockFetch([{ method: 'POST', path: /\/api\/conferences\/demo\/join/, body: ticket }]);
  const stream = cameraOnly();
  vi.stubGlobal('navigator', { ...navigator, mediaDevices: { getUserMedia: async () => stream, enumerateDevices: async () => [] } });
  vi.stubGlobal('WebSocket', RoomSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('/BaseMeet’s snackbar texts (spec 002 §8)', () => {
  it('«Failed to toggle microphone. Please try again.» when the microphone control has no microphone to turn on', async () => {
    renderWithRouter(<BaseMeetScreen />);
    for (let i = 0; i < 12; i += 1) await flush(10);
    await act(async () => screen.getByRole('button', { name: 'Включить микрофон' }).click());
    expect(screen.getByText(BASE_MEET_MESSAGES.toggle.microphone)).toBeTruthy();
    expect(BASE_MEET_MESSAGES.toggle.microphone).toBe('Failed to toggle microphone. Please try again.');
  });

  it('«Conference error: {type}» when the room refuses the guest, with the room’s reason', async () => {
    room.refuse = true;
    renderWithRouter(<BaseMeetScreen />);
    for (let i = 0; i < 12; i += 1) await flush(10);
    expect(screen.getByText('Conference error: В комнате нет мест')).toBeTruthy();
    expect(BASE_MEET_MESSAGES.conference()).toBe('Conference error: Unknown error');
  });
});
