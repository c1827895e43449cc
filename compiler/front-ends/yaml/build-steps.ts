// Steps of a YAML rule to rule AST statements. Consecutive `when` steps, and an `else` step
// right after them, make one switch, exactly as consecutive `when`s and `else` in the DSL.
import { isScalar } from "yaml";
import type * as A from "../../../grammar/rule/ast.js";
import { toExpression } from "./expression-scalar.js";
import { toDurationMs, toPoint } from "./scalars.js";
import { entries, entry, keyOf, valueOf, type Node, type Scalar, type YAMLMap, type YAMLSeq } from "./yaml-nodes.js";
import { nodeSpan, report, type YamlText } from "./yaml-text.js";

// In the order of the schema's step chain: `else` last, since a `match` step may have an `else` key.
export const KINDS = ["input", "param", "let", "write", "delta", "node", "when", "match", "fork", "goto", "else"] as const;
type Kind = (typeof KINDS)[number] | "end";

function kindOf(step: Node): Kind {
  return isScalar(step) ? "end" : (KINDS.find((k) => entry(step, k) !== undefined) ?? "end");
}

export function toStatements(src: YamlText, seq: YAMLSeq, path: string): A.Statement[] {
  const out: A.Statement[] = [];
  let open: A.SwitchStatement | undefined; // a `when` chain that an `else` may still close
  for (const [i, item] of seq.items.entries()) {
    const step = item as Node;
    const at = `${path}/${i}`;
    const kind = kindOf(step);
    if (kind === "when") {
      const c = toCase(src, step as YAMLMap, at);
      if (open === undefined) out.push((open = { kind: "switch", mode: "first", explicit: false, cases: [], span: c.span }));
      open.cases.push(c);
      open.span = { start: open.span.start, end: c.span.end };
      continue;
    }
    if (kind === "else" && open !== undefined) {
      open.otherwise = toBranch(src, valueOf(step, "else"), `${at}/else`);
      open.span = { start: open.span.start, end: nodeSpan(src, step).end };
    } else if (kind === "else") {
      report(src, "yaml/else-without-when", "an `else` step must follow `when` steps", nodeSpan(src, entry(step, "else")!.key), { path: at });
    } else {
      out.push(...toStatement(src, kind, step, at));
    }
    open = undefined;
  }
  return out;
}

function toStatement(src: YamlText, kind: Kind, step: Node, at: string): A.Statement[] {
  const span = nodeSpan(src, step);
  switch (kind) {
    case "input":
    case "param":
    case "let":
    case "write":
      return toSimple(src, kind, step as YAMLMap, at);
    case "delta":
      return [toDelta(src, step as YAMLMap, span)];
    case "node": {
      const items = valueOf<YAMLSeq>(step, "node").items as Node[];
      return [{ kind: "node", statements: items.flatMap((s, i) => toSimple(src, kindOf(s), s as YAMLMap, `${at}/node/${i}`)), span }];
    }
    case "match":
      return [toMatch(src, step as YAMLMap, at, span)];
    case "fork": {
      const branches = valueOf<YAMLSeq>(step, "fork").items.map((b, i) => toBranch(src, b as YAMLSeq, `${at}/fork/${i}`));
      return [{ kind: "fork", branches, span }];
    }
    case "goto": {
      const target = valueOf<Scalar>(step, "goto");
      return [{ kind: "goto", block: String(target.value), blockSpan: nodeSpan(src, target), span }];
    }
    default:
      return [{ kind: "end", span }];
  }
}

/** input, param and let steps hold one statement per entry; write is one statement. */
function toSimple(src: YamlText, kind: Kind, step: YAMLMap, at: string): A.SimpleStatement[] {
  if (kind === "write") {
    const value = toExpression(src, valueOf(step, "value"), `${at}/value`);
    return [{ kind: "write", target: toPoint(src, valueOf(step, "write")), value, span: nodeSpan(src, step) }];
  }
  return entries(valueOf(step, kind)).map((e): A.SimpleStatement => {
    const named = { name: keyOf(e), nameSpan: nodeSpan(src, e.key), span: nodeSpan(src, e) };
    const value = e.value as Scalar;
    if (kind === "input") return { kind: "input", ...named, point: toPoint(src, value) };
    if (kind === "let") return { kind: "let", ...named, expr: toExpression(src, value, `${at}/let/${named.name}`) };
    return { kind: "param", ...named, value: value.value as number | boolean, valueSpan: nodeSpan(src, value) };
  });
}

function toDelta(src: YamlText, step: YAMLMap, span: A.DeltaStatement["span"]): A.DeltaStatement {
  const name = valueOf<Scalar>(step, "delta");
  const over = valueOf<Scalar>(step, "over");
  const point = toPoint(src, valueOf(step, "point"));
  return { kind: "delta", name: String(name.value), nameSpan: nodeSpan(src, name), point, periodMs: toDurationMs(over), periodSpan: nodeSpan(src, over), span };
}

function toCase(src: YamlText, step: YAMLMap, at: string): A.SwitchCase {
  const condition = toExpression(src, valueOf(step, "when"), `${at}/when`);
  const c: A.SwitchCase = { condition, body: toStatements(src, valueOf(step, "then"), `${at}/then`), span: nodeSpan(src, step) };
  const output = valueOf<Scalar | undefined>(step, "output");
  if (output !== undefined) Object.assign(c, { output: String(output.value), outputSpan: nodeSpan(src, output) });
  return c;
}

function toMatch(src: YamlText, step: YAMLMap, at: string, span: A.SwitchStatement["span"]): A.SwitchStatement {
  const mode = String(valueOf<Scalar>(step, "match").value) === "all" ? "all" : "first";
  const cases = valueOf<YAMLSeq>(step, "cases").items.map((c, i) => toCase(src, c as YAMLMap, `${at}/cases/${i}`));
  const statement: A.SwitchStatement = { kind: "switch", mode, explicit: true, cases, span };
  const otherwise = valueOf<YAMLSeq | undefined>(step, "else");
  if (otherwise !== undefined) statement.otherwise = toBranch(src, otherwise, `${at}/else`);
  return statement;
}

export function toBranch(src: YamlText, seq: YAMLSeq, path: string): A.Branch {
  return { body: toStatements(src, seq, path), span: nodeSpan(src, seq) };
}
