// A stored flow's version (store.ts FlowVersion): its row's updated_at and the flow's length in
// characters as the database counts them (length(flow_json), code points on both databases).
// The store reads it with the row; a writer that holds the text it wrote names the same version
// without a read (issue 19.5: the reload after a PUT).
import type { FlowVersion } from "./store.js";

export function flowVersion(updatedAt: string, flowLength: number): string {
  return `${updatedAt}/${flowLength}`;
}

/** The version of a flow written as `flowText` at `updatedAt` (the row's timestamp as read back). */
export function flowVersionOfText(updatedAt: string, flowText: string | null): FlowVersion {
  return flowText === null ? null : flowVersion(updatedAt, codePoints(flowText));
}

const SURROGATE_PAIR = /[\uD800-\uDBFF][\uDC00-\uDFFF]/g;

/** length() of SQL text: one per code point, where a JS string counts a surrogate pair as two. */
function codePoints(text: string): number {
  const pairs = text.match(SURROGATE_PAIR);
  return text.length - (pairs === null ? 0 : pairs.length);
}
