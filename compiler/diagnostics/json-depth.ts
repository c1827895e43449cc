// The nesting limit of JSON documents. JSON.parse is iterative, but almost everything after it
// recurses (jsonc-parser's diagnostics, schema validators, canonicalisers, walkers): `[` x 100,000
// overflows the stack. This scan is a loop with a counter, safe on any text, valid or not, and
// runs before any recursive pass. Pure.
import type { Diagnostic } from "../../generated/types.js";
import { spanAt } from "../../grammar/source/span.js";

/** Deepest nesting of arrays and objects a JSON document may have (the top-level value is depth 1). */
export const MAX_JSON_DEPTH = 64;

/**
 * The offset of the first `[` or `{` that opens level `maxDepth + 1`, or undefined when the text
 * stays within the limit. Brackets inside strings do not count; an unterminated string ends the scan.
 */
export function offsetBeyondDepth(text: string, maxDepth = MAX_JSON_DEPTH): number | undefined {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = closingQuote(text, i + 1);
      if (i < 0) return undefined;
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > maxDepth) return i;
    } else if ((c === 0x5d || c === 0x7d) && depth > 0) {
      depth--;
    }
  }
  return undefined;
}

/** The diagnostic for text nested deeper than `maxDepth`, or undefined when it is within the limit. */
export function jsonDepthProblem(text: string, maxDepth = MAX_JSON_DEPTH): Diagnostic | undefined {
  const offset = offsetBeyondDepth(text, maxDepth);
  if (offset === undefined) return undefined;
  const span = spanAt(text, offset, 1);
  return {
    code: "json/too-deep",
    severity: "error",
    message: `arrays and objects are nested more than ${maxDepth} levels deep (at line ${span.start.line}, column ${span.start.column}); at most ${maxDepth} are accepted`,
    path: "",
    span,
  };
}

/** The index of the quote that closes a string whose text starts at `from`; -1 when there is none. */
function closingQuote(text: string, from: number): number {
  for (let i = text.indexOf('"', from); i >= 0; i = text.indexOf('"', i + 1)) {
    let backslashes = 0;
    while (i - 1 - backslashes >= from && text.charCodeAt(i - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) return i;
  }
  return -1;
}
