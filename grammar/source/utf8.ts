// UTF-8 size limits without encoding every text: a UTF-16 code unit is at most 3 bytes of UTF-8,
// so a text of at most limit/3 code units is within any limit; only longer texts are encoded.
const encoder = new TextEncoder();

/** The UTF-8 byte length of `text` when it exceeds `limit`, else undefined. */
export function utf8BytesOver(text: string, limit: number): number | undefined {
  if (text.length * 3 <= limit) return undefined;
  const bytes = encoder.encode(text).length;
  return bytes > limit ? bytes : undefined;
}
