// /BaseMeet's debug panel reads getStats reports: the selected pair's candidate types, the round trip, bitrates
// between two readings, frames and packets.
import { describe, expect, it } from 'vitest';
import { summarizeLink } from '../../web/features/conference/debug-stats.ts';

const report = (entries: Record<string, unknown>[]) => new Map(entries.map((e) => [e.id as string, e])) as unknown as RTCStatsReport;

const reading = (bytesIn: number, bytesOut: number, frames: number) =>
  report([
    { id: 'T1', type: 'transport', selectedCandidatePairId: 'CP2' },
    { id: 'CP1', type: 'candidate-pair', nominated: false, state: 'failed', localCandidateId: 'L2', remoteCandidateId: 'R1' },
    { id: 'CP2', type: 'candidate-pair', nominated: true, state: 'succeeded', localCandidateId: 'L1', remoteCandidateId: 'R1', currentRoundTripTime: 0.0123 },
    { id: 'L1', type: 'local-candidate', candidateType: 'host', protocol: 'udp' },
    { id: 'L2', type: 'local-candidate', candidateType: 'relay', protocol: 'tcp' },
    { id: 'R1', type: 'remote-candidate', candidateType: 'srflx', protocol: 'udp' },
    { id: 'IV', type: 'inbound-rtp', kind: 'video', framesDecoded: frames, bytesReceived: bytesIn },
    { id: 'IA', type: 'inbound-rtp', kind: 'audio', packetsReceived: 50, bytesReceived: 1000 },
    { id: 'OV', type: 'outbound-rtp', kind: 'video', framesSent: 30, bytesSent: bytesOut },
  ]);

describe('summarizeLink', () => {
  it('reads the selected pair, the counters, and the bitrates since the previous reading', () => {
    const first = summarizeLink({ peerId: 'p', iceState: 'connected', report: reading(10_000, 5_000, 10) }, undefined, 1_000);
    expect(first).toMatchObject({
      localCandidate: 'host/udp',
      remoteCandidate: 'srflx/udp',
      rttMs: 12,
      inKbps: null,
      outKbps: null,
      framesDecoded: 10,
      framesSent: 30,
      audioPacketsReceived: 50,
      bytesReceived: 11_000,
    });
    // 125 000 bytes more in one second: 1 000 kbit/s in; 62 500 bytes out: 500 kbit/s
    const second = summarizeLink({ peerId: 'p', iceState: 'connected', report: reading(135_000, 67_500, 40) }, first, 2_000);
    expect(second).toMatchObject({ inKbps: 1000, outKbps: 500, framesDecoded: 40 });
  });

  it('falls back to the nominated, succeeded pair when the transport names none, and shows nothing before one exists', () => {
    const entries = [
      { id: 'CP', type: 'candidate-pair', nominated: true, state: 'succeeded', localCandidateId: 'L', remoteCandidateId: 'R' },
      { id: 'L', type: 'local-candidate', candidateType: 'prflx', protocol: 'udp' },
      { id: 'R', type: 'remote-candidate', candidateType: 'relay', protocol: 'udp' },
    ];
    expect(summarizeLink({ peerId: 'p', iceState: 'checking', report: report(entries) }, undefined, 0)).toMatchObject({ localCandidate: 'prflx/udp', remoteCandidate: 'relay/udp' });
    expect(summarizeLink({ peerId: 'p', iceState: 'new', report: report([]) }, undefined, 0)).toMatchObject({ localCandidate: null, rttMs: null, framesDecoded: 0 });
  });
});
