// Test-only instrumentation of a page's WebRTC and WebSocket objects, for the meeting tests: every
// RTCPeerConnection and WebSocket the page makes is kept where the test can reach it.
import type { Page } from 'playwright-core';

type Instrumented = { __pcs: RTCPeerConnection[]; __sockets: WebSocket[] };

/** Keeps every RTCPeerConnection and WebSocket the page makes (call before the page loads). */
export async function recordPeerConnections(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as Instrumented;
    const OriginalPc = window.RTCPeerConnection;
    w.__pcs = [];
    window.RTCPeerConnection = class extends OriginalPc {
      constructor(config?: RTCConfiguration) {
        super(config);
        w.__pcs.push(this);
      }
    } as typeof RTCPeerConnection;
    const OriginalWs = window.WebSocket;
    w.__sockets = [];
    window.WebSocket = class extends OriginalWs {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(url, protocols);
        w.__sockets.push(this);
      }
    } as typeof WebSocket;
  });
}

/** How many RTCPeerConnections the page has made so far. */
export const peerConnectionCount = (page: Page) => page.evaluate(() => (window as unknown as Instrumented).__pcs.length);

/**
 * Inbound media of the page's live connections (those made from index `since` on): video frames decoded and
 * audio packets received.
 */
export async function inbound(page: Page, since = 0) {
  return page.evaluate(async (from) => {
    let frames = 0;
    let packets = 0;
    for (const pc of (window as unknown as Instrumented).__pcs.slice(from)) {
      if (pc.connectionState === 'closed') continue;
      (await pc.getStats()).forEach((s: { type: string; kind?: string; framesDecoded?: number; packetsReceived?: number }) => {
        if (s.type !== 'inbound-rtp') return;
        if (s.kind === 'video') frames += s.framesDecoded ?? 0;
        if (s.kind === 'audio') packets += s.packetsReceived ?? 0;
      });
    }
    return { frames, packets };
  }, since);
}

/** Closes the page's open WebSockets whose address contains `path`, as a dropped network would (not by the app). */
export function dropSockets(page: Page, path: string) {
  return page.evaluate((part) => {
    let closed = 0;
    for (const ws of (window as unknown as Instrumented).__sockets) {
      if (ws.url.includes(part) && ws.readyState === WebSocket.OPEN) {
        ws.close(3000, 'test: dropped');
        closed += 1;
      }
    }
    return closed;
  }, path);
}

/** Each connection's signalling, connection, ICE and gathering states, for a failure's report. */
export const connectionStates = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as Instrumented).__pcs.map((pc) => [
      pc.signalingState,
      pc.connectionState,
      pc.iceConnectionState,
      pc.iceGatheringState,
      pc.localDescription?.type,
      pc.remoteDescription?.type,
      (pc.remoteDescription?.sdp.match(/a=candidate/g) ?? []).length,
      (pc.localDescription?.sdp.match(/a=candidate/g) ?? []).length,
    ]),
  );
