// Random rule ASTs for printer property tests, drawn imperatively with fc.gen(): every construct
// of the grammar, soft keywords as names, odd strings and numbers. Only ASTs a parser can give:
// goto/end end their sequence, and a bare `when` chain never directly follows one without `else`.
import fc from "fast-check";
import { parseExpression, type Expr } from "../../../grammar/expression/index.js";
import { NO_SPAN, type Branch, type PointRef, type PointSource, type RuleDecl, type RuleItem, type SimpleStatement, type Statement, type Trigger } from "../../../grammar/rule/ast.js";
import { drawExpression, type Draw } from "../../helpers/expression-arbitraries.js";

// Plain names and every soft keyword: a keyword is one only where the grammar expects it.
const NAMES = [
  ...["a", "b", "temp", "x1", "_y"],
  ...["rule", "description", "priority", "cooldown", "trigger", "every", "on_change", "deadband", "value", "input", "param", "let", "write"],
  ...["delta", "over", "node", "when", "else", "match", "first", "all", "fork", "goto", "end", "block", "measurement", "action"],
];
const S = { span: NO_SPAN };

export interface RuleDrawOptions {
  /** Restrict strings to letters and digits (no spaces or quotes), e.g. to insert comments at spaces. */
  plainStrings?: boolean;
}

export function drawRule(g: Draw, options: RuleDrawOptions = {}): RuleDecl {
  return { kind: "rule", name: drawString(g, options, 1), nameSpan: NO_SPAN, settings: drawSettings(g, options), items: drawItems(g), span: NO_SPAN };
}

function drawString(g: Draw, options: RuleDrawOptions, minLength: number): string {
  if (options.plainStrings) return g(fc.stringMatching, minLength === 0 ? /^[A-Za-z0-9]{0,12}$/ : /^[A-Za-z0-9]{1,12}$/);
  return g(fc.string, { unit: "binary", minLength, maxLength: 12 });
}

function setting<T>(value: T): { value: T; span: typeof NO_SPAN; valueSpan: typeof NO_SPAN } {
  return { value, span: NO_SPAN, valueSpan: NO_SPAN };
}

function drawSettings(g: Draw, options: RuleDrawOptions): RuleDecl["settings"] {
  const settings: RuleDecl["settings"] = { order: [] };
  const keys = g(fc.shuffledSubarray, ["description", "priority", "cooldownMs", "trigger"]) as RuleDecl["settings"]["order"];
  for (const key of keys) {
    if (key === "description") settings.description = setting(drawString(g, options, 0));
    if (key === "priority") settings.priority = setting(g(fc.integer, { min: -1000, max: 1000 }));
    if (key === "cooldownMs") settings.cooldownMs = setting(g(fc.nat, { max: 90_000_000 }));
    if (key === "trigger") settings.trigger = setting(drawTrigger(g));
    settings.order.push(key);
  }
  return settings;
}

function drawTrigger(g: Draw): Trigger {
  if (g(fc.boolean)) return { kind: "every", intervalMs: g(fc.integer, { min: 1, max: 90_000_000 }) };
  const points = Array.from({ length: 1 + g(fc.nat, { max: 2 }) }, () => (g(fc.boolean) ? { kind: "name" as const, name: pick(g, NAMES), ...S } : drawPoint(g)));
  const trigger: Trigger = { kind: "on_change", points };
  if (g(fc.boolean)) trigger.deadbandMs = setting(g(fc.nat, { max: 90_000_000 }));
  if (g(fc.boolean)) {
    const amount = g(fc.double, { min: 0, max: 1e6, noNaN: true, noDefaultInfinity: true });
    trigger.valueDeadband = setting(g(fc.boolean) ? { absolute: amount } : { percent: amount });
  }
  return trigger;
}

// Instance names in quotes (`"AHU-1".x`): no spaces, since some tests insert comments at spaces.
const QUOTED = ["AHU-1", "Pump", "\u00e9-2", 'q"x', "back\\slash", ""];

function drawPoint(g: Draw, pointType?: PointRef["pointType"]): PointSource {
  if (g(fc.nat, { max: 3 }) === 0) {
    // A named point (issue 17.2): a soft keyword may be a key or a point name.
    const quoted = g(fc.boolean);
    const instance = quoted ? pick(g, QUOTED) : pick(g, NAMES);
    return { kind: "site", instance, quoted, instanceSpan: NO_SPAN, name: pick(g, NAMES), nameSpan: NO_SPAN, ...S };
  }
  return { kind: "point", pointType: pointType ?? pick(g, ["measurement", "action"] as const), instance: g(fc.nat, { max: 99 }), point: g(fc.nat, { max: 999 }), ...S };
}

function drawItems(g: Draw): RuleItem[] {
  const items: RuleItem[] = drawSequence(g, 2);
  for (let i = g(fc.nat, { max: 2 }); i > 0; i--) {
    const at = g(fc.nat, { max: items.length });
    items.splice(at, 0, { kind: "block", name: pick(g, NAMES), nameSpan: NO_SPAN, body: drawSequence(g, 1), span: NO_SPAN });
  }
  return items;
}

function drawSequence(g: Draw, depth: number): Statement[] {
  const statements: Statement[] = [];
  for (let i = g(fc.nat, { max: 4 }); i > 0; i--) {
    const previous = statements[statements.length - 1];
    const openChain = previous?.kind === "switch" && !previous.explicit && previous.otherwise === undefined;
    statements.push(drawStatement(g, depth, openChain));
  }
  if (g(fc.nat, { max: 3 }) === 0) statements.push(g(fc.boolean) ? { kind: "end", ...S } : { kind: "goto", block: pick(g, NAMES), blockSpan: NO_SPAN, ...S });
  return statements;
}

function drawStatement(g: Draw, depth: number, afterOpenChain: boolean): Statement {
  const kinds = depth > 0 ? ["simple", "simple", "delta", "node", "switch", "fork"] : ["simple", "delta", "node"];
  switch (pick(g, kinds)) {
    case "simple":
      return drawSimple(g, pick(g, ["input", "param", "let", "write"] as const));
    case "delta":
      return { kind: "delta", name: pick(g, NAMES), nameSpan: NO_SPAN, point: drawPoint(g), periodMs: g(fc.integer, { min: 1, max: 90_000_000 }), periodSpan: NO_SPAN, ...S };
    case "node": {
      const kind = pick(g, ["input", "let", "write"] as const);
      const statements = Array.from({ length: 1 + g(fc.nat, { max: 2 }) }, () => drawSimple(g, kind === "input" ? pick(g, ["input", "param"] as const) : kind));
      return { kind: "node", statements, ...S };
    }
    case "fork":
      return { kind: "fork", branches: Array.from({ length: 2 + g(fc.nat, { max: 1 }) }, () => drawBranch(g, depth)), ...S };
    default:
      return drawSwitch(g, depth, afterOpenChain);
  }
}

function drawSwitch(g: Draw, depth: number, afterOpenChain: boolean): Statement {
  const mode = pick(g, ["first", "all"] as const);
  const explicit = mode === "all" || afterOpenChain || g(fc.boolean);
  const cases = Array.from({ length: 1 + g(fc.nat, { max: 2 }) }, () => {
    const label = g(fc.boolean) ? { output: pick(g, NAMES), outputSpan: NO_SPAN } : {};
    return { ...label, condition: drawExpr(g), body: drawSequence(g, depth - 1), ...S };
  });
  const otherwise = g(fc.boolean) ? { otherwise: drawBranch(g, depth) } : {};
  return { kind: "switch", mode, explicit, cases, ...otherwise, ...S };
}

function drawBranch(g: Draw, depth: number): Branch {
  return { body: drawSequence(g, depth - 1), ...S };
}

function drawSimple(g: Draw, kind: SimpleStatement["kind"]): SimpleStatement {
  const name = pick(g, NAMES);
  switch (kind) {
    case "input":
      return { kind, name, nameSpan: NO_SPAN, point: drawPoint(g), ...S };
    case "param": {
      const value = g(fc.boolean) ? g(fc.boolean) : g(fc.double, { noNaN: true, noDefaultInfinity: true });
      return { kind, name, nameSpan: NO_SPAN, value, valueSpan: NO_SPAN, ...S };
    }
    case "let":
      return { kind, name, nameSpan: NO_SPAN, expr: drawExpr(g), ...S };
    case "write":
      return { kind, target: drawPoint(g, "action"), value: drawExpr(g), ...S };
  }
}

function drawExpr(g: Draw): Expr {
  const scope = NAMES.map((name, i) => ({ name, type: i % 2 === 0 ? ("number" as const) : ("boolean" as const) }));
  return parseExpression(drawExpression(g, scope, pick(g, ["number", "boolean"] as const), 2)).ast!;
}

function pick<T>(g: Draw, items: readonly T[]): T {
  return items[g(fc.nat, { max: items.length - 1 })]!;
}
