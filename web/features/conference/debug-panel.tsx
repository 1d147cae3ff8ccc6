import { useEffect, useState } from 'react';
import { X } from 'lucide-react';
import { summarizeLink, type LinkSummary } from './debug-stats.ts';
import type { MeetingClient, RemotePeer } from './meeting-client.ts';

/** How often the panel reads getStats. */
export const DEBUG_POLL_MS = 1000;

/** /BaseMeet's debug panel (spec 002 §2.7): per link, ICE state, candidate pair types, bitrates and counters. */
export function DebugPanel({ client, peers, onClose }: { client: MeetingClient; peers: RemotePeer[]; onClose: () => void }) {
  const [rows, setRows] = useState<LinkSummary[]>([]);
  useEffect(() => {
    let previous = new Map<string, LinkSummary>();
    let stopped = false;
    const read = async () => {
      const stats = await client.stats().catch(() => []);
      if (stopped) return;
      const now = performance.now();
      const next = stats.map((s) => summarizeLink(s, previous.get(s.peerId), now));
      previous = new Map(next.map((r) => [r.peerId, r]));
      setRows(next);
    };
    void read();
    const timer = setInterval(() => void read(), DEBUG_POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [client]);

  const nameOf = (peerId: string) => peers.find((p) => p.id === peerId)?.name ?? peerId;
  return (
    <aside aria-label="Отладка" className="absolute inset-x-3 top-3 z-20 max-h-[70%] overflow-y-auto rounded-xl bg-zinc-900/95 p-3 font-mono text-xs shadow-xl sm:inset-x-auto sm:left-3 sm:w-80">
      <div className="mb-2 flex items-center justify-between font-sans">
        <h2 className="text-sm font-semibold">Отладка соединений</h2>
        <button type="button" aria-label="Закрыть отладку" onClick={onClose} className="rounded p-1 hover:bg-white/10">
          <X className="size-4" />
        </button>
      </div>
      {rows.length === 0 ? <p className="font-sans text-white/60">Соединений пока нет</p> : null}
      <ul className="grid gap-2">
        {rows.map((r) => (
          <li key={r.peerId} data-testid="debug-link" className="rounded-lg bg-white/5 p-2">
            <p className="mb-1 truncate font-sans font-medium">{nameOf(r.peerId)}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
              <dt className="text-white/60">ICE</dt>
              <dd data-testid="debug-ice">{r.iceState}</dd>
              <dt className="text-white/60">пара</dt>
              <dd>{r.localCandidate && r.remoteCandidate ? `${r.localCandidate} ↔ ${r.remoteCandidate}` : '—'}</dd>
              <dt className="text-white/60">RTT</dt>
              <dd>{r.rttMs === null ? '—' : `${r.rttMs} мс`}</dd>
              <dt className="text-white/60">вход</dt>
              <dd>{r.inKbps === null ? '—' : `${r.inKbps} кбит/с`}</dd>
              <dt className="text-white/60">выход</dt>
              <dd>{r.outKbps === null ? '—' : `${r.outKbps} кбит/с`}</dd>
              <dt className="text-white/60">кадры</dt>
              <dd data-testid="debug-frames">
                {r.framesDecoded} принято · {r.framesSent} отправлено
              </dd>
              <dt className="text-white/60">аудио</dt>
              <dd>{r.audioPacketsReceived} пакетов</dd>
            </dl>
          </li>
        ))}
      </ul>
    </aside>
  );
}
