// Reads a response body with a byte counter that stops past the limit: the body is never trusted
// to be as long as its Content-Length says, and a chunked or endless one is cut off. The count is
// of the bytes handed over after content decoding, which is what would be held in memory.

export type LimitedRead =
  | { ok: true; bytes: Uint8Array }
  | { ok: false; reason: "too-large"; read: number }
  | { ok: false; reason: "failed"; cause: unknown };

export async function readLimited(body: ReadableStream<Uint8Array> | null, limit: number): Promise<LimitedRead> {
  if (body === null) return { ok: true, bytes: new Uint8Array(0) };
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let read = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      read += value.byteLength;
      if (read > limit) {
        void reader.cancel().catch(() => undefined);
        return { ok: false, reason: "too-large", read };
      }
      chunks.push(value);
    }
  } catch (cause) {
    return { ok: false, reason: "failed", cause };
  }
  return { ok: true, bytes: concat(chunks, read) };
}

function concat(chunks: Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, at);
    at += chunk.byteLength;
  }
  return bytes;
}
