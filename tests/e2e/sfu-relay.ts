// A local stand-in for Cloudflare's Realtime SFU that really carries media, for the browser tests of large events:
// the protocol side is the fake of tests/fakes/cloudflare-sfu.ts (same calls, same checks), served over HTTP to the
// Worker; its media side is a page of the test's own chromium holding one RTCPeerConnection per session, which
// answers a browser's push, and forwards a pushed track into every session that pulls it. Like the real SFU it sends
// its candidates inside its SDP (no trickle) and learns the browser's from its connectivity checks.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { fakeCloudflareSfu, type FakeSfuMedia } from '../fakes/cloudflare-sfu.ts';

/** The SFU configuration the e2e app runs with (tests/e2e/serve-app.ts): its API is this relay, when it runs. */
export const SFU_RELAY = { appId: 'e2e-relay-app', token: 'e2e-relay-token' } as const;
/** The relay listens next to the app: the app's port + 2 (the inspector takes port + 10000). */
export const relayPort = (appPort: number) => appPort + 2;

type Relay = {
  push(id: string, offer: string, tracks: Array<{ mid: string; trackName: string }>): Promise<string>;
  pull(id: string, tracks: Array<{ sessionId: string; trackName: string }>): Promise<{ sdp: string; mids: string[] }>;
  answer(id: string, sdp: string): Promise<void>;
  close(id: string, mids: string[], offer: string | undefined, force: boolean): Promise<{ type: 'offer' | 'answer'; sdp: string } | null>;
  /** each session's connection state and how many tracks it sends now */
  connections(): Array<{ id: string; state: RTCPeerConnectionState; senders: number }>;
};

/** Runs in the relay page: the media side, by session id. */
function installRelay() {
  const sessions = new Map<string, { pc: RTCPeerConnection; published: Map<string, MediaStreamTrack> }>();
  const sessionOf = (id: string) => {
    let s = sessions.get(id);
    if (!s) {
      s = { pc: new RTCPeerConnection(), published: new Map() };
      sessions.set(id, s);
    }
    return s;
  };
  /** The SFU's SDP carries its candidates: wait for them (at most 3 s). */
  const gathered = (pc: RTCPeerConnection) =>
    new Promise<void>((resolve) => {
      if (pc.iceGatheringState === 'complete') return resolve();
      const timer = setTimeout(resolve, 3000);
      pc.addEventListener('icegatheringstatechange', () => {
        if (pc.iceGatheringState !== 'complete') return;
        clearTimeout(timer);
        resolve();
      });
    });
  const described = async (pc: RTCPeerConnection) => {
    await gathered(pc);
    return pc.localDescription!.sdp;
  };
  const relay: Relay = {
    async push(id, offer, tracks) {
      const { pc, published } = sessionOf(id);
      await pc.setRemoteDescription({ type: 'offer', sdp: offer });
      for (const { mid, trackName } of tracks) {
        const transceiver = pc.getTransceivers().find((t) => t.mid === mid);
        if (!transceiver) continue;
        published.set(trackName, transceiver.receiver.track);
        // chromium pulls a received audio track's samples only while something plays it; without that, nothing to forward
        if (transceiver.receiver.track.kind === 'audio') {
          const sink = new Audio();
          sink.muted = true;
          sink.srcObject = new MediaStream([transceiver.receiver.track]);
          void sink.play().catch(() => undefined);
        }
      }
      await pc.setLocalDescription(await pc.createAnswer());
      return described(pc);
    },
    async pull(id, tracks) {
      const { pc } = sessionOf(id);
      const added = tracks.map(({ sessionId, trackName }) => pc.addTransceiver(sessions.get(sessionId)!.published.get(trackName)!, { direction: 'sendonly' }));
      await pc.setLocalDescription(await pc.createOffer());
      return { sdp: await described(pc), mids: added.map((t) => t.mid!) };
    },
    async answer(id, sdp) {
      await sessionOf(id).pc.setRemoteDescription({ type: 'answer', sdp });
    },
    async close(id, mids, offer, force) {
      const { pc } = sessionOf(id);
      if (offer) {
        await pc.setRemoteDescription({ type: 'offer', sdp: offer });
        await pc.setLocalDescription(await pc.createAnswer());
        return { type: 'answer', sdp: await described(pc) };
      }
      for (const transceiver of pc.getTransceivers()) if (transceiver.mid !== null && mids.includes(transceiver.mid)) transceiver.stop();
      if (force) return null;
      await pc.setLocalDescription(await pc.createOffer());
      return { type: 'offer', sdp: await described(pc) };
    },
    connections: () =>
      [...sessions.entries()].map(([id, { pc }]) => ({
        id,
        state: pc.connectionState,
        senders: pc.getTransceivers().filter((t) => t.currentDirection === 'sendonly' || t.currentDirection === 'sendrecv').length,
      })),
  };
  (window as unknown as { relay: Relay }).relay = relay;
}

/** The relay's media side as the fake's: every call runs in the page. */
function pageMedia(page: Page): FakeSfuMedia {
  const call = <K extends Exclude<keyof Relay, 'connections'>>(method: K, ...args: Parameters<Relay[K]>) =>
    page.evaluate(([m, a]) => ((window as unknown as { relay: Relay }).relay[m] as (...x: unknown[]) => unknown)(...a), [method, args] as const) as ReturnType<Relay[K]>;
  return {
    push: (session, offer, tracks) => call('push', session.id, offer, tracks),
    pull: (session, tracks) => call('pull', session.id, tracks.map((t) => ({ sessionId: t.sessionId!, trackName: t.trackName }))),
    answer: (session, sdp) => call('answer', session.id, sdp),
    close: (session, mids, offer, force) => call('close', session.id, mids, offer, force),
  };
}

/**
 * Starts the relay on `port` with a page of `browser` as its media side; the app (configured with SFU_RELAY and this
 * port) reaches it as its SFU. `connections()` tells the test what the relay carries.
 */
export async function startSfuRelay(browser: Browser, port: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  const fake = fakeCloudflareSfu(SFU_RELAY.appId, SFU_RELAY.token, pageMedia(page));
  const server = createServer(async (req, res) => {
    try {
      if (req.url === '/') {
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end('<!doctype html><title>SFU relay</title>');
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      const headers = Object.entries(req.headers).flatMap(([k, v]) => (typeof v === 'string' ? [[k, v] as [string, string]] : []));
      const answer = await fake.fetch(`http://127.0.0.1:${port}${req.url}`, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined });
      res.writeHead(answer.status, Object.fromEntries(answer.headers)).end(Buffer.from(await answer.arrayBuffer()));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ errorCode: 'relay_failed', errorDescription: String(error) }));
    }
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '127.0.0.1', resolve));
  await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  // a page with the camera granted writes its real addresses into its candidates (otherwise mDNS names)
  await page.evaluate(async () => {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: true });
    for (const track of stream.getTracks()) track.stop();
  });
  await page.evaluate(installRelay);
  return {
    fake,
    connections: () => page.evaluate(() => (window as unknown as { relay: Relay }).relay.connections()),
    stop: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await context.close();
    },
  };
}
