// /admin/callbacks at a glance: what the page says above its tabs follows the tab (issue 36's third tab is e-mails).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { CallbackInboxScreen } from '../../web/features/callbacks/callback-inbox-screen.tsx';
import { renderWithRouter } from './render-with-router.tsx';
import { mockFetch } from './mentor-test-utils.ts';

afterEach(() => void vi.unstubAllGlobals());

describe('/admin/callbacks', () => {
  it('says phone numbers on the call-back tabs and e-mail addresses on «Подписки на эфиры»', async () => {
    mockFetch([
      { path: /\/api\/callback-requests\b/, body: { results: [], has_more: false, waiting: 0 } },
      { path: /\/api\/waitlist-signups\b/, body: { results: [], has_more: false, count: 0 } },
    ]);
    renderWithRouter(<CallbackInboxScreen />, { path: '/admin/callbacks' });
    expect(await screen.findByText(/Посетители оставили номер в форме «Перезвоните мне»/)).toBeTruthy();

    const tab = screen.getByRole('tab', { name: 'Подписки на эфиры' });
    fireEvent.mouseDown(tab);
    fireEvent.click(tab);
    expect(await screen.findByText(/Посетители оставили адрес в форме «Sign up for free»/)).toBeTruthy();
    expect(screen.queryByText(/оставили номер/)).toBeNull();
  });
});
