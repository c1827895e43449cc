// Nesting limits for rule files, checked on the tokens before parsing so that no input can take
// the recursive parser past the stack: braces at most MAX_BLOCK_NESTING deep, and each
// expression (the tokens between `=` or a brace and the next) within the expression limits.
import type { IToken } from "chevrotain";
import type { Diagnostic } from "../../generated/types.js";
import { MAX_NESTING } from "../expression/limits.js";
import { nestingLimitExceeded } from "../expression/nesting.js";
import { tokenSpan } from "../source/span.js";

export const MAX_BLOCK_NESTING = 100;

const SEGMENT_ENDS = new Set(["{", "}", "="]);

export function checkTokenNesting(tokens: IToken[]): Diagnostic | undefined {
  let depth = 0;
  let segmentStart = 0;
  for (let i = 0; i <= tokens.length; i++) {
    const image = tokens[i]?.image;
    if (image !== undefined && !SEGMENT_ENDS.has(image)) continue;
    const deep = i - segmentStart > MAX_NESTING ? nestingLimitExceeded(tokens.slice(segmentStart, i)) : undefined;
    if (deep !== undefined) return tooDeep("expr/too-deep", `the expression nests more than ${MAX_NESTING} levels deep`, deep);
    segmentStart = i + 1;
    depth += image === "{" ? 1 : image === "}" ? -1 : 0;
    if (depth > MAX_BLOCK_NESTING) return tooDeep("dsl/too-deep", `blocks nest more than ${MAX_BLOCK_NESTING} levels deep`, tokens[i]!);
  }
  return undefined;
}

function tooDeep(code: string, message: string, token: IToken): Diagnostic {
  return { code, severity: "error", message, span: tokenSpan(token) };
}
