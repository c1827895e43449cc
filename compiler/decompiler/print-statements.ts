// Prints statements, one per line, bodies across lines (`{ }` when empty): `when` chains, `match`,
// `fork`, `node` groups. Source comments are placed through the writer before each element.
import type { SourceSpan } from "../../grammar/source/span.js";
import type { Statement, SwitchStatement } from "../../grammar/rule/ast.js";
import { printExpression } from "../expression/print.js";
import type { DslWriter } from "./dsl-writer.js";
import { formatDuration } from "./format-duration.js";
import { pointText } from "../../grammar/rule/ast.js";
import { literalText } from "./print-settings.js";

/** One `{ ... }` of a construct: what it holds and where its braces are in the source. */
export interface Body {
  empty: boolean;
  span: SourceSpan;
  inner: (depth: number) => void;
  /** The body's text on one line, when it holds a single one-line statement: `write a = 1`. */
  single?: string;
}

/** A construct whose bodies each hold one one-line statement fits on one line up to this width. */
const MAX_LINE = 100;

export function printStatements(w: DslWriter, statements: readonly Statement[], depth: number): void {
  for (const s of statements) printStatement(w, s, depth);
}

function printStatement(w: DslWriter, s: Statement, depth: number): void {
  w.flushBefore(s.span.start.offset, depth);
  switch (s.kind) {
    case "node":
      return printBodies(w, depth, "node", s.span.start.line, [statementsBody(w, s.statements, s.span)], s.span.start.line);
    case "fork":
      return printBodies(w, depth, "fork", s.span.start.line, s.branches.map((b) => statementsBody(w, b.body, b.span)), s.span.start.line);
    case "switch":
      return s.explicit || s.mode === "all" ? printMatch(w, s, depth) : printCases(w, s, depth);
    default:
      return w.line(depth, lineText(s), s.span.end.line, s.span.start.line);
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
  printBodies(w, depth, `match ${s.mode}`, s.span.start.line, [body], s.span.start.line);
}

function printCases(w: DslWriter, s: SwitchStatement, depth: number): void {
  for (const c of s.cases) {
    w.flushBefore(c.span.start.offset, depth);
    const header = `when ${c.output !== undefined ? `${c.output}: ` : ""}${printExpression(c.condition)}`;
    printBodies(w, depth, header, c.condition.span.end.line, [statementsBody(w, c.body, c.span)], c.span.start.line);
  }
  if (s.otherwise === undefined) return;
  w.flushBefore(s.otherwise.span.start.offset, depth);
  printBodies(w, depth, "else", s.otherwise.span.start.line, [statementsBody(w, s.otherwise.body, s.otherwise.span)], s.otherwise.span.start.line);
}

export function statementsBody(w: DslWriter, statements: readonly Statement[], span: SourceSpan): Body {
  const only = statements.length === 1 ? statements[0]! : undefined;
  const single = only !== undefined && only.kind !== "node" && only.kind !== "fork" && only.kind !== "switch" ? lineText(only) : undefined;
  return { empty: statements.length === 0, span, inner: (d) => printStatements(w, statements, d), ...(single !== undefined ? { single } : {}) };
}

/**
 * `header { ... } { ... }`: on one line when every body is empty or one one-line statement, no
 * comment has to go inside, and the line fits; else each body across lines (`{ }` when empty).
 * `headerLine` is the source line where the header ends, `startLine` where the construct starts.
 */
export function printBodies(w: DslWriter, depth: number, header: string, headerLine: number, bodies: readonly Body[], startLine?: number): void {
  const last = bodies[bodies.length - 1];
  const oneLine = `${header} ${bodies.map((b) => (b.empty ? "{ }" : `{ ${b.single} }`)).join(" ")}`;
  const fits = bodies.every((b) => b.empty || b.single !== undefined) && depth * 2 + oneLine.length <= MAX_LINE;
  if (fits && last !== undefined && !w.hasCommentBefore(last.span.end.offset - 1) && bodies.some((b) => !b.empty)) {
    w.line(depth, oneLine, last.span.end.line, startLine);
    return;
  }
  let pending = header;
  let endLine = headerLine;
  let opened = false;
  bodies.forEach((body, i) => {
    const close = body.span.end.offset - 1;
    endLine = body.span.end.line;
    if (body.empty && !w.hasCommentBefore(close)) {
      pending += " { }";
      return;
    }
    w.line(depth, `${pending} {`, i === 0 ? headerLine : body.span.start.line, opened ? undefined : startLine);
    opened = true;
    body.inner(depth + 1);
    w.flushBefore(close, depth + 1);
    pending = "}";
  });
  w.line(depth, pending, endLine, opened ? undefined : startLine);
}
