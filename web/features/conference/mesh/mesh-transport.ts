// The mesh (decision 012): one PeerLink per other connection in the room, its SDP and candidates relayed by the
// room to that peer only. Consultations and small events (up to the mesh cap) run this way.
import { isPolite, type ConferencePeer } from '../../../../party/protocol/conference.ts';
import type { LinkStats, MediaTransport, TransportFactory } from '../media-transport.ts';
import { PeerLink, type PeerConnectionLike } from './peer-link.ts';

export function meshTransport(iceServers: RTCIceServer[]): TransportFactory {
  return (host): MediaTransport => {
    const links = new Map<string, PeerLink>();
    let selfId: string | null = null;

    /** `joined`: the peer came after us (peer_joined), so it offers first and our link waits for that offer. */
    function linkTo(peer: ConferencePeer, joined: boolean) {
      if (selfId === null || links.has(peer.id)) return;
      const link = new PeerLink({
        peerId: peer.id,
        polite: isPolite(selfId, peer.id),
        // RTCPeerConnection's event handler types name their own event classes; the link reads only what they share
        createConnection: () => new RTCPeerConnection({ iceServers }) as unknown as PeerConnectionLike,
        send: (data) => host.send({ type: 'signal', to: peer.id, data }),
        localTracks: host.localTracks,
        waitForOffer: joined,
        onRemoteStream: (stream) => host.peerMedia(peer.id, { stream }),
        onState: (link) => host.peerMedia(peer.id, { link }),
      });
      links.set(peer.id, link);
    }

    function drop(peerId: string) {
      links.get(peerId)?.close();
      links.delete(peerId);
    }

    const dropAll = () => {
      for (const id of [...links.keys()]) drop(id);
    };

    return {
      welcome(self, peers) {
        // a (re)connection: new ids all round, so every link is made again
        dropAll();
        selfId = self.id;
        for (const peer of peers) linkTo(peer, false);
      },
      peerJoined: (peer) => linkTo(peer, true),
      peerUpdated: () => undefined,
      peerLeft: drop,
      signal(from, data) {
        void links.get(from)?.receive(data).catch((error) => console.warn('conference: signalling failed', error));
      },
      replaceVideo(track) {
        for (const link of links.values()) void link.replaceTrack('video', track);
      },
      async stats(): Promise<LinkStats[]> {
        return Promise.all(
          [...links.entries()].map(async ([peerId, link]) => {
            const connection = link.connection as unknown as RTCPeerConnection;
            return { peerId, iceState: connection.iceConnectionState, report: await connection.getStats() };
          }),
        );
      },
      close: dropAll,
    };
  };
}
