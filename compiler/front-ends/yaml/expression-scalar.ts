// An expression written as a YAML scalar: parsed with the expression parser, its spans (and its
// diagnostics') moved from the expression text into the file. Exact for single-line plain and
// quoted scalars and for literal blocks (`|`); other styles point at the whole scalar.
import type { Scalar } from "yaml";
import type { Diagnostic } from "../../../generated/types.js";
import type { Expr } from "../../../grammar/expression/ast.js";
import { childrenOf, parseExpression } from "../../../grammar/expression/index.js";
import type { SourceSpan } from "../../../grammar/source/span.js";
import { expressionOffsets } from "./scalar-offsets.js";
import { nodeSpan, spanBetween, type YamlText } from "./yaml-text.js";

/** The expression of a scalar; a YAML number or boolean is the text it was written as. */
export function toExpression(src: YamlText, node: Scalar, path: string): Expr {
  const whole = nodeSpan(src, node);
  const [start = 0, end = start] = node.range ?? [];
  const text = typeof node.value === "string" ? node.value : src.text.slice(start, end);
  const offsets = typeof node.value === "string" ? expressionOffsets(src.text, node) : identity(start, text.length);
  const shift = (span: SourceSpan): SourceSpan =>
    offsets === undefined ? whole : spanBetween(src, offsets[clamp(span.start.offset, offsets)]!, offsets[clamp(span.end.offset, offsets)]!);
  const { ast, diagnostics } = parseExpression(text);
  for (const d of diagnostics) src.diagnostics.push(placed(d, d.span === undefined ? whole : shift(d.span), path));
  if (ast === undefined) return { kind: "boolean", value: false, span: whole }; // never seen: the file has errors
  shiftSpans(ast, shift);
  return ast;
}

function identity(start: number, length: number): number[] {
  return Array.from({ length: length + 1 }, (_, i) => start + i);
}

function clamp(offset: number, offsets: number[]): number {
  return Math.max(0, Math.min(offset, offsets.length - 1));
}

function placed(d: Diagnostic, span: SourceSpan, path: string): Diagnostic {
  return { ...d, path, span };
}

// Replaces span references (never mutates a span object: the parser may share one between nodes).
function shiftSpans(root: Expr, shift: (span: SourceSpan) => SourceSpan): void {
  const pending: Expr[] = [root];
  while (pending.length > 0) {
    const expr = pending.pop()!;
    expr.span = shift(expr.span);
    if (expr.kind === "call") expr.calleeSpan = shift(expr.calleeSpan);
    pending.push(...childrenOf(expr));
  }
}
