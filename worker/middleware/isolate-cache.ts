// A small in-memory copy of the freshest public answers, per isolate, in front of the Workers Cache API (decision
// 015): a hit costs a Map lookup instead of a trip to the colo's cache. Bounded in entries and bytes; least recently
// used first out; each entry lives at most `maxAgeMs`. Holds only what the Cache API may hold (public answers).
type Entry = { body: ArrayBuffer; status: number; headers: [string, string][]; storedAt: number };

export function createIsolateCache({ maxEntries, maxBytes, maxAgeMs }: { maxEntries: number; maxBytes: number; maxAgeMs: number }) {
  const entries = new Map<string, Entry>();
  let bytes = 0;

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    bytes -= entry.body.byteLength;
    entries.delete(key);
  };

  return {
    get(key: string): Response | null {
      const entry = entries.get(key);
      if (!entry) return null;
      if (Date.now() - entry.storedAt > maxAgeMs) {
        drop(key);
        return null;
      }
      // most recently used last
      entries.delete(key);
      entries.set(key, entry);
      return new Response(entry.body.slice(0), { status: entry.status, headers: entry.headers });
    },
    async put(key: string, res: Response) {
      const body = await res.arrayBuffer();
      if (body.byteLength > maxBytes / 4) return;
      drop(key);
      entries.set(key, { body, status: res.status, headers: [...res.headers], storedAt: Date.now() });
      bytes += body.byteLength;
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries && bytes <= maxBytes) break;
        drop(oldest);
      }
    },
  };
}
