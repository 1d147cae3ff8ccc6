// A recording's bytes from its parts in R2 (decision 019): one object per part, so a byte range is a run of slices of
// consecutive parts, streamed in order: the whole recording is never held in memory.

/** The R2 key of part `partNo` of recording `id`. */
export const partKey = (id: number, partNo: number) => `recordings/${id}/${String(partNo).padStart(6, '0')}`;

/** Every part's key, for deleting the recording. */
export const partKeys = (id: number, parts: number) => Array.from({ length: parts }, (_, n) => partKey(id, n));

export type ByteRange = { start: number; end: number };

/**
 * The `Range` header against a file of `size` bytes: null to answer the whole file (no header, several ranges, a unit
 * other than bytes: RFC 9110 lets a server ignore those), 'unsatisfiable' for a range outside it (416), else the
 * inclusive range, clipped to the file.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/.exec(header.trim());
  if (!match) return null;
  const [, first, last] = match;
  if (first === '' && last === '') return null;
  if (first === '') {
    // the last N bytes
    const suffix = Number(last);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

export type PartPlace = { partNo: number; byteOffset: number; size: number };

/** The slices of `parts` (in order, covering the range) that make bytes [start, end]. */
export function slicesOf(parts: PartPlace[], range: ByteRange) {
  return parts
    .map((p) => {
      const from = Math.max(range.start, p.byteOffset);
      const to = Math.min(range.end, p.byteOffset + p.size - 1);
      return { partNo: p.partNo, offset: from - p.byteOffset, length: to - from + 1 };
    })
    .filter((s) => s.length > 0);
}

/**
 * The slices' bytes as one stream: each part is fetched from R2 only when the reader has taken the previous one, with
 * R2's own range read, so memory holds one chunk at a time whatever the range's size.
 */
export function partsStream(bucket: R2Bucket, id: number, slices: { partNo: number; offset: number; length: number }[]) {
  let next = 0;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        if (!reader) {
          const slice = slices[next++];
          if (!slice) return controller.close();
          const object = await bucket.get(partKey(id, slice.partNo), { range: { offset: slice.offset, length: slice.length } });
          // a part that vanished (deleted meanwhile) ends the answer short rather than with wrong bytes
          if (!object) return controller.error(new Error(`recording ${id} part ${slice.partNo} missing`));
          reader = object.body.getReader() as ReadableStreamDefaultReader<Uint8Array>;
        }
        const { done, value } = await reader.read();
        if (done) {
          reader = null;
          continue;
        }
        return controller.enqueue(value);
      }
    },
    async cancel(reason) {
      await reader?.cancel(reason);
    },
  });
}
