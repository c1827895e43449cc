// Where a file stops being UTF-8: TextDecoder's fatal mode says only that it is not, and a
// scenario file's error must say where (file:line:col of the first invalid byte). Pure.

/** The offset of the first byte that does not start a well-formed UTF-8 sequence (a lead byte whose continuation is wrong counts), or -1. */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; ) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i++;
      continue;
    }
    // The length of the sequence b starts and the range of its second byte (RFC 3629, table 3-7).
    const [length, low, high] =
      b >= 0xc2 && b <= 0xdf ? [2, 0x80, 0xbf]
      : b === 0xe0 ? [3, 0xa0, 0xbf]
      : b === 0xed ? [3, 0x80, 0x9f]
      : b >= 0xe1 && b <= 0xef ? [3, 0x80, 0xbf]
      : b === 0xf0 ? [4, 0x90, 0xbf]
      : b === 0xf4 ? [4, 0x80, 0x8f]
      : b >= 0xf1 && b <= 0xf3 ? [4, 0x80, 0xbf]
      : [0, 0, 0];
    if (length === 0) return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? low : 0x80) || c > (k === 1 ? high : 0xbf)) return i;
    }
    i += length;
  }
  return -1;
}

/** Line and column (1-based, UTF-16 units as spans count them) of byte `offset`, from the valid bytes before it. */
export function lineColumnOfByte(bytes: Uint8Array, offset: number): { line: number; column: number; offset: number } {
  const before = new TextDecoder("utf-8").decode(bytes.subarray(0, offset));
  const lineStart = before.lastIndexOf("\n") + 1;
  let line = 1;
  for (let i = before.indexOf("\n"); i !== -1; i = before.indexOf("\n", i + 1)) line++;
  return { line, column: before.length - lineStart + 1, offset: before.length };
}
