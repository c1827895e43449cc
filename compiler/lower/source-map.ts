// Where each part of a lowered editor document came from in the rule file: JSON Pointer to
// source span, and for expressions the source AST, so that a diagnostic about the generated
// document (path + span inside an expression string) lands on the exact source text.
import type { Diagnostic } from "../../generated/types.js";
import type { Expr } from "../../grammar/expression/ast.js";
import { childrenOf, parseExpression } from "../../grammar/expression/index.js";
import type { SourceSpan } from "../../grammar/source/span.js";
import { pointerTokens } from "../diagnostics/diagnostic.js";

interface Origin {
  span: SourceSpan;
  /** For an expression: the source AST whose printed text is at this pointer. */
  expr?: Expr;
}

export class SourceMap {
  private readonly origins = new Map<string, Origin>();

  constructor(private readonly fallback: SourceSpan) {}

  set(pointer: string, span: SourceSpan, expr?: Expr): void {
    this.origins.set(pointer, expr === undefined ? { span } : { span, expr });
  }

  /**
   * The diagnostic with its span in file coordinates, found by the longest known prefix of its
   * path. The path itself is dropped: it points into a generated document the author never saw.
   */
  map(diagnostic: Diagnostic, document: unknown): Diagnostic {
    const { path: _path, ...rest } = diagnostic;
    return { ...rest, span: this.spanOf(diagnostic, document) };
  }

  private spanOf(diagnostic: Diagnostic, document: unknown): SourceSpan {
    let pointer = diagnostic.path ?? "";
    let origin = this.origins.get(pointer);
    while (origin === undefined && pointer !== "") {
      pointer = pointer.slice(0, pointer.lastIndexOf("/"));
      origin = this.origins.get(pointer);
    }
    if (origin === undefined) return this.fallback;
    const exact = origin.expr !== undefined && diagnostic.span !== undefined && pointer === diagnostic.path;
    return exact ? (sourceSpanOf(origin.expr!, textAt(document, pointer), diagnostic.span!) ?? origin.span) : origin.span;
  }
}

// The printed expression parses to the same tree as the source expression: find the printed
// node the span covers, and return its twin's source span.
function sourceSpanOf(source: Expr, printed: string | undefined, span: SourceSpan): SourceSpan | undefined {
  const reparsed = printed === undefined ? undefined : parseExpression(printed).ast;
  if (reparsed === undefined) return undefined;
  let best: SourceSpan | undefined;
  const pending: Array<[Expr, Expr]> = [[reparsed, source]];
  while (pending.length > 0) {
    const [p, s] = pending.pop()!;
    const covers = p.span.start.offset <= span.start.offset && span.end.offset <= p.span.end.offset;
    if (!covers) continue;
    best = narrowSpan(p, s, span);
    const pc = childrenOf(p);
    const sc = childrenOf(s);
    if (pc.length !== sc.length) break;
    pc.forEach((child, i) => pending.push([child, sc[i]!]));
  }
  return best;
}

// A diagnostic on a call's name (unknown function) points at the source name, not the call.
function narrowSpan(printed: Expr, source: Expr, span: SourceSpan): SourceSpan {
  if (printed.kind === "call" && source.kind === "call" && span.end.offset <= printed.calleeSpan.end.offset) return source.calleeSpan;
  return source.span;
}

function textAt(document: unknown, pointer: string): string | undefined {
  let value: unknown = document;
  for (const token of pointerTokens(pointer)) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string, unknown>)[token];
  }
  return typeof value === "string" ? value : undefined;
}
