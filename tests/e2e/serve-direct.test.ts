// The bench serves the build straight from Miniflare (scripts/serve-direct.mjs) instead of through wrangler dev. This
// serves the build the browser tests use that way, on a port and a Durable Object store of its own, and checks what
// the bench relies on: the API, the SPA's assets, a chat room's Durable Object over a real WebSocket, and the CPU
// workerd spends, which the bench reads from /proc.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM script without types
import { roomWithMembers } from '../../scripts/bench-chat.mjs';
// @ts-expect-error plain ESM script without types
import { cpuMs, findWorkerd } from '../../scripts/bench-cpu.mjs';
// @ts-expect-error plain ESM script without types
import { sessionCookie } from '../../scripts/bench-session.mjs';
// @ts-expect-error plain ESM script without types
import { root } from '../../scripts/local-env.mjs';
// @ts-expect-error plain ESM script without types
import { serveDirect } from '../../scripts/serve-direct.mjs';
import { freePort } from '../free-port.ts';

let app: { url: string; stop: () => Promise<void> };
const persistTo = mkdtempSync(path.join(tmpdir(), 'forma-direct-'));

beforeAll(async () => {
  const port = await freePort();
  app = await serveDirect({
    outDir: path.join(root, '.data', 'build-test'),
    persistTo,
    port,
    vars: {
      DATABASE_URL: process.env.TEST_DATABASE_URL,
      NEON_WS_PROXY: process.env.TEST_NEON_WS_PROXY,
      ENVIRONMENT: 'test',
      APP_ORIGIN: `http://127.0.0.1:${port}`,
      CATALOGUE_VERSION_TRUST_MS: '0',
    },
  });
}, 60_000);

afterAll(async () => {
  await app?.stop();
  rmSync(persistTo, { recursive: true, force: true });
});

describe('the build served straight from Miniflare', () => {
  it('answers the API and serves the SPA', async () => {
    const health = await fetch(`${app.url}/api/health/`);
    expect(health.status).toBe(200);
    const page = await fetch(`${app.url}/AllMentors`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    // one of the app's modules the page lists for its loader (decision 014), from the build's assets
    const script = /\/assets\/[\w.-]+\.js/.exec(html)?.[0];
    expect(script).toBeDefined();
    const asset = await fetch(`${app.url}${script}`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('content-type')).toMatch(/javascript/);
  });

  it('finds the workerd it started and reads the CPU its answers cost', { timeout: 30_000 }, async () => {
    const pids = findWorkerd() as number[];
    expect(pids.length).toBeGreaterThan(0);
    const before = cpuMs(pids) as number;
    for (let i = 0; i < 100; i++) expect((await fetch(`${app.url}/api/health/`)).status).toBe(200);
    // 100 answers, each a statement over the HTTP path: far more than the kernel's 10 ms tick
    expect(cpuMs(pids) as number).toBeGreaterThan(before);
    expect(cpuMs([2 ** 30])).toBeNull();
  });

  it('fans a posted chat message out through the room Durable Object to a member connected over a WebSocket', { timeout: 30_000 }, async () => {
    const { roomId, userIds } = (await roomWithMembers(process.env.TEST_DATABASE_URL, 2)) as { roomId: string; userIds: number[] };
    const [reader, writer] = await Promise.all(userIds.map((id) => sessionCookie(id, 'mentee') as Promise<string>));
    const ws = new WebSocket(`${app.url.replace(/^http/, 'ws')}/ws/chats/${roomId}/`, { headers: { cookie: reader, origin: app.url } });
    const frames: { type: string; message?: { content: string } }[] = [];
    ws.on('message', (data) => frames.push(JSON.parse(String(data))));
    try {
      await new Promise((resolve, reject) => (ws.once('open', resolve), ws.once('error', reject)));
      ws.send(JSON.stringify({ type: 'ping' }));
      // a busy machine may take a while to wake the room; the frames themselves are what is checked
      await expect.poll(() => frames.some((f) => f.type === 'pong'), { timeout: 10_000 }).toBe(true);

      const res = await fetch(`${app.url}/api/chats/${roomId}/messages/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: app.url, cookie: writer },
        body: JSON.stringify({ content: 'Без посредника' }),
      });
      expect(res.status).toBe(201);
      await expect.poll(() => frames.find((f) => f.type === 'message')?.message?.content, { timeout: 10_000 }).toBe('Без посредника');
    } finally {
      ws.close();
    }
  });
});
