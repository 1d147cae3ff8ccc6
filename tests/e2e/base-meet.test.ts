// /BaseMeet in real browsers, signed out: two guests in Debian's chromium with synthetic devices meet in the demo
// room (1280 px and 390 px), the debug panel reads frames from getStats, a dropped signalling socket comes back
// and media flows again, the participants' count includes oneself,
// return-to-self puts one's own video in the main view, hanging up reaches the other side; a guest whose camera
// is refused gets the English error snackbar, which closes with Close and by itself after 5 s.
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { useBrowserAndDb } from './browser.ts';
import { connectionStates, dropSockets, inbound, peerConnectionCount, recordPeerConnections } from './webrtc.ts';

const appUrl = inject('appUrl');
const { openPage } = useBrowserAndDb();

async function enter(page: Page) {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${appUrl}/BaseMeet`);
  await page.getByRole('heading', { name: 'Демо-комната' }).waitFor({ timeout: 30_000 });
  return errors;
}

describe('/BaseMeet', () => {
  it('two guests see and hear each other; debug, participants, return-to-self and hang-up work', { timeout: 150_000 }, async () => {
    const [wide, phone] = await Promise.all([openPage(1280), openPage(390, 844)]);
    await Promise.all([recordPeerConnections(wide), recordPeerConnections(phone)]);
    const errors = [...(await enter(wide)), ...(await enter(phone))];
    await expect.poll(() => wide.getByText(/вы: Гость \d{4}/).count()).toBe(1);

    for (const page of [wide, phone]) {
      await page.getByRole('button', { name: 'Отладка' }).click();
      const link = page.getByTestId('debug-link');
      // the other guest's video frames arrive and the link is connected
      await expect.poll(async () => Number(/(\d+) принято/.exec((await link.getByTestId('debug-frames').textContent()) ?? '')?.[1] ?? 0), { timeout: 60_000 }).toBeGreaterThan(10);
      expect(await link.getByTestId('debug-ice').textContent()).toMatch(/connected|completed/);
      await page.getByRole('button', { name: 'Закрыть отладку' }).click();
    }

    // the phone's signalling socket drops (the network, not the app): it reconnects, both sides make new links,
    // and media flows again on them
    const before = await Promise.all([peerConnectionCount(wide), peerConnectionCount(phone)]);
    expect(await dropSockets(phone, '/ws/demo-conference/')).toBe(1);
    try {
      for (const [i, page] of [wide, phone].entries()) {
        await expect.poll(() => peerConnectionCount(page), { timeout: 30_000 }).toBeGreaterThan(before[i]!);
        await expect
          .poll(() => inbound(page, before[i]), { timeout: 45_000, interval: 500 })
          .toMatchObject({ frames: expect.toSatisfy((n: number) => n > 0), packets: expect.toSatisfy((n: number) => n > 0) });
      }
    } catch (failure) {
      for (const page of [wide, phone]) console.log(page === wide ? 'wide' : 'phone', JSON.stringify(await connectionStates(page)));
      throw failure;
    }

    await wide.getByRole('button', { name: 'Участники' }).click();
    await wide.getByRole('heading', { name: 'Участники (2)' }).waitFor();
    // one's own tile says «Вы», whole even on the phone's small tile (a name with «(вы)» after it lost the «(вы)»)
    for (const page of [wide, phone]) {
      const own = page.getByTestId('self-view').getByText('Вы', { exact: true });
      await own.waitFor();
      expect(await own.evaluate((label) => label.scrollWidth <= label.clientWidth)).toBe(true);
    }
    // on the phone the room takes the whole screen, over the app's header and bottom bar; on the wide page it stays
    // in the app's layout, under its header
    const room = await phone.getByTestId('conference-room').boundingBox();
    expect(room).toMatchObject({ x: 0, y: 0, width: 390, height: 844 });
    expect(await phone.evaluate(() => document.elementFromPoint(195, 830)?.closest('[data-testid="conference-room"]') != null)).toBe(true);
    expect((await wide.getByTestId('conference-room').boundingBox())!.y).toBeGreaterThan(0);
    // the phone's camera off: its initials fit within its 112 px self view, above the label
    await phone.getByRole('button', { name: 'Выключить камеру' }).click();
    const selfView = phone.getByTestId('self-view');
    const initials = selfView.locator('[data-slot="avatar"]');
    await initials.waitFor();
    const [tile, avatar, label] = await Promise.all([selfView.boundingBox(), initials.boundingBox(), selfView.getByText('Вы', { exact: true }).boundingBox()]);
    expect(avatar!.y).toBeGreaterThanOrEqual(tile!.y);
    expect(avatar!.y + avatar!.height).toBeLessThanOrEqual(label!.y);

    // return-to-self: one's own tile in the main view, the other guest as a thumbnail; again: back to the other
    await wide.getByRole('button', { name: 'Вернуться к себе' }).click();
    await wide.getByTestId('thumbnails').waitFor();
    expect(await wide.getByTestId('self-view').count()).toBe(0);
    await wide.getByRole('button', { name: 'Вернуться к себе' }).click();
    await wide.getByTestId('self-view').waitFor();

    // the phone hangs up: it goes home, and the other side is alone again within seconds
    await phone.getByRole('button', { name: 'Покинуть встречу' }).click();
    await phone.waitForURL(`${appUrl}/`);
    await wide.getByTestId('waiting-for-peers').waitFor({ timeout: 5_000 });
    await wide.getByRole('heading', { name: 'Участники (1)' }).waitFor();
    expect(errors).toEqual([]);
    await Promise.all([wide.context().close(), phone.context().close()]);
  });

  it('a refused camera shows «Failed to initialize conference: …» for 5 s with Close, and Повторить tries again', { timeout: 60_000 }, async () => {
    const page = await openPage(1280);
    await page.addInitScript(() => {
      navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));
    });
    await page.goto(`${appUrl}/BaseMeet`);
    const snackbar = page.getByRole('alert').filter({ hasText: 'Failed to initialize conference: Permission denied' });
    await snackbar.waitFor({ timeout: 30_000 });
    await snackbar.getByRole('button', { name: 'Close' }).click();
    await snackbar.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Повторить' }).click();
    await snackbar.waitFor();
    const shown = Date.now();
    await snackbar.waitFor({ state: 'detached', timeout: 10_000 });
    expect(Date.now() - shown).toBeGreaterThan(4_000);
    await page.context().close();
  });
});
