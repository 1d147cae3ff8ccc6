// The demo room's header (issue 35): the room and the guest, never the room's password.
import { describe, expect, it } from 'vitest';
import { demoRoomSubtitle } from '../../web/features/conference/base-meet-screen.tsx';

describe('the demo room header', () => {
  it('names the room and the guest without the password', () => {
    const ticket = { login: 'demo-room', password: 'sekret-123', subject_id: 'demo', display_name: 'Гость 42' };
    const text = demoRoomSubtitle(ticket);
    expect(text).toBe('Комната demo-room · тема demo · вы: Гость 42');
    expect(text).not.toContain('sekret-123');
    expect(text).not.toMatch(/пароль/i);
  });
});
