// What /BaseMeet's debug panel shows of one link, read from its getStats() report (W3C webrtc-stats): the ICE
// state, the selected candidate pair's types, round-trip time, bitrates in and out since the last reading, and
// frame and packet counters. Pure: the panel polls, this reads.
import type { LinkStats } from './media-transport.ts';

export type LinkSummary = {
  peerId: string;
  iceState: RTCIceConnectionState;
  /** 'host', 'srflx', 'prflx' or 'relay', with the protocol: «host/udp» */
  localCandidate: string | null;
  remoteCandidate: string | null;
  rttMs: number | null;
  inKbps: number | null;
  outKbps: number | null;
  framesDecoded: number;
  framesSent: number;
  audioPacketsReceived: number;
  bytesReceived: number;
  bytesSent: number;
  /** when this was read (ms), for the next reading's bitrates */
  at: number;
};

type Entry = Record<string, unknown> & { id: string; type: string };

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

function candidateOf(entries: Map<string, Entry>, id: unknown): string | null {
  const c = typeof id === 'string' ? entries.get(id) : undefined;
  if (!c) return null;
  return `${String(c.candidateType ?? '?')}/${String(c.protocol ?? '?')}`;
}

const kbps = (bytes: number, before: number | undefined, ms: number) => (before === undefined || ms <= 0 ? null : Math.max(0, Math.round(((bytes - before) * 8) / ms)));

export function summarizeLink(stats: LinkStats, previous: LinkSummary | undefined, at: number): LinkSummary {
  const entries = new Map<string, Entry>();
  stats.report.forEach((value: Entry) => entries.set(value.id, value));
  const all = [...entries.values()];

  // the transport names the selected pair; browsers without it mark the pair nominated and succeeded
  const selectedId = all.find((e) => e.type === 'transport' && typeof e.selectedCandidatePairId === 'string')?.selectedCandidatePairId;
  const pair = (typeof selectedId === 'string' ? entries.get(selectedId) : undefined) ?? all.find((e) => e.type === 'candidate-pair' && e.nominated === true && e.state === 'succeeded');

  let framesDecoded = 0;
  let framesSent = 0;
  let audioPacketsReceived = 0;
  let bytesReceived = 0;
  let bytesSent = 0;
  for (const e of all) {
    if (e.type === 'inbound-rtp') {
      bytesReceived += num(e.bytesReceived);
      if (e.kind === 'video') framesDecoded += num(e.framesDecoded);
      if (e.kind === 'audio') audioPacketsReceived += num(e.packetsReceived);
    } else if (e.type === 'outbound-rtp') {
      bytesSent += num(e.bytesSent);
      if (e.kind === 'video') framesSent += num(e.framesSent);
    }
  }
  const elapsed = previous ? at - previous.at : 0;
  const rtt = pair ? pair.currentRoundTripTime : undefined;
  return {
    peerId: stats.peerId,
    iceState: stats.iceState,
    localCandidate: pair ? candidateOf(entries, pair.localCandidateId) : null,
    remoteCandidate: pair ? candidateOf(entries, pair.remoteCandidateId) : null,
    rttMs: typeof rtt === 'number' ? Math.round(rtt * 1000) : null,
    inKbps: kbps(bytesReceived, previous?.bytesReceived, elapsed),
    outKbps: kbps(bytesSent, previous?.bytesSent, elapsed),
    framesDecoded,
    framesSent,
    audioPacketsReceived,
    bytesReceived,
    bytesSent,
    at,
  };
}
