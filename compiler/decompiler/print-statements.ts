// Prints statements, one per line, bodies across lines (`{ }` when empty): `when` chains, `match`,
// `fork`, `node` groups. Source comments are placed through the writer before each element.
import type { SourceSpan } from "../../grammar/source/span.js";
import type { Statement, SwitchStatement } from "../../grammar/rule/ast.js";
import { printExpression } from "../expression/print.js";
import type { DslWriter } from "./dsl-writer.js";
import { formatDuration } from "./format-duration.js";
import { literalText, pointText } from "./print-settings.js";

/** One `{ ... }` of a construct: what it holds and where its braces are in the source. */
export interface Body {
  empty: boolean;
  span: SourceSpan;
  inner: (depth: number) => void;
}

export function printStatements(w: DslWriter, statements: readonly Statement[], depth: number): void {
  for (const s of statements) printStatement(w, s, depth);
}

function printStatement(w: DslWriter, s: Statement, depth: number): void {
  w.flushBefore(s.span.start.offset, depth);
  switch (s.kind) {
    case "node":
      return printBodies(w, depth, "node", s.span.start.line, [statementsBody(w, s.statements, s.span)]);
    case "fork":
      return printBodies(w, depth, "fork", s.span.start.line, s.branches.map((b) => statementsBody(w, b.body, b.span)));
    case "switch":
      return s.explicit || s.mode === "all" ? printMatch(w, s, depth) : printCases(w, s, depth);
    default:
      return w.line(depth, lineText(s), s.span.end.line);
  }
}

function lineText(s: Exclude<Statement, { kind: "node" | "fork" | "switch" }>): string {
  switch (s.kind) {
    case "input":
      return `input ${s.name} = ${pointText(s.point)}`;
    case "param":
      return `param ${s.name} = ${literalText(s.value)}`;
    case "let":
      return `let ${s.name} = ${printExpression(s.expr)}`;
    case "write":
      return `write ${pointText(s.target)} = ${printExpression(s.value)}`;
    case "delta":
      return `delta ${s.name} = ${pointText(s.point)} over ${formatDuration(s.periodMs)}`;
    case "goto":
      return `goto ${s.block}`;
    case "end":
      return "end";
  }
}

function printMatch(w: DslWriter, s: SwitchStatement, depth: number): void {
  const body: Body = { empty: false, span: s.span, inner: (d) => printCases(w, s, d) };
  printBodies(w, depth, `match ${s.mode}`, s.span.start.line, [body]);
}

function printCases(w: DslWriter, s: SwitchStatement, depth: number): void {
  for (const c of s.cases) {
    w.flushBefore(c.span.start.offset, depth);
    const header = `when ${c.output !== undefined ? `${c.output}: ` : ""}${printExpression(c.condition)}`;
    printBodies(w, depth, header, c.condition.span.end.line, [statementsBody(w, c.body, c.span)]);
  }
  if (s.otherwise === undefined) return;
  w.flushBefore(s.otherwise.span.start.offset, depth);
  printBodies(w, depth, "else", s.otherwise.span.start.line, [statementsBody(w, s.otherwise.body, s.otherwise.span)]);
}

export function statementsBody(w: DslWriter, statements: readonly Statement[], span: SourceSpan): Body {
  return { empty: statements.length === 0, span, inner: (d) => printStatements(w, statements, d) };
}

/**
 * `header { ... } { ... }`: each body across lines, or `{ }` on the line when it is empty and no
 * comment has to go inside it. `headerLine` is the source line where the header ends.
 */
export function printBodies(w: DslWriter, depth: number, header: string, headerLine: number, bodies: readonly Body[]): void {
  let pending = header;
  let endLine = headerLine;
  bodies.forEach((body, i) => {
    const close = body.span.end.offset - 1;
    endLine = body.span.end.line;
    if (body.empty && !w.hasCommentBefore(close)) {
      pending += " { }";
      return;
    }
    w.line(depth, `${pending} {`, i === 0 ? headerLine : body.span.start.line);
    body.inner(depth + 1);
    w.flushBefore(close, depth + 1);
    pending = "}";
  });
  w.line(depth, pending, endLine);
}
