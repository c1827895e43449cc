// Written values against the site (issue 17), by data flow over the nodes in topological order:
// each variable carries the interval and unit of its value (inputs from the site's min/max and
// unit, params and constants exactly, period_delta unbounded in the point's unit, calc variables
// from their expressions); where paths join, a variable's interval is the union of theirs.
//   point/out-of-range (error): a written value whose every possible value lies outside the
//     point's min/max (a constant, or a computed value proven outside); one that may leave the
//     range is not reported. The proof trusts the site's declared ranges (the site keeps its
//     simulated and read-back values within them; a faulty field value may not be).
//   point/unit-mismatch (warning): comparing, adding or subtracting values of two different
//     known units, and writing a value of one unit to an action point of another.
import type { BinaryExpr, Expr } from "../../../grammar/expression/index.js";
import { printExpression } from "../../expression/print.js";
import { flowError, type Diagnostic } from "../../diagnostics/diagnostic.js";
import type { FlowNodeEntry } from "../../front-ends/flow-json/flow-model.js";
import { refText, type SiteIndex, type SitePointEntry } from "../../site/site-index.js";
import { sitePath, type ExpressionSite, type ParsedExpressions } from "../parse-expressions.js";
import { LayeredMap } from "../layered-map.js";
import * as I from "./interval.js";
import { factOf, joinUnits, siteUnit, UNKNOWN, type ValueFact } from "./value-facts.js";

export const OUT_OF_RANGE = "point/out-of-range";
export const UNIT_MISMATCH = "point/unit-mismatch";

/** The facts of the variables at a point of the flow; a node that defines some adds a layer. */
type Scope = LayeredMap<ValueFact>;

export function checkSiteValues(order: FlowNodeEntry[], parsed: ParsedExpressions, site: SiteIndex, diagnostics: Diagnostic[]): void {
  // The scopes wired into each node, by its ordinal.
  const incoming: Array<Scope[] | undefined> = [];
  for (const entry of order) {
    // An end node reads nothing and leads nowhere: the join of its paths would be unused.
    if (entry.node.type === "end") continue;
    const scope = visit(entry, join(incoming[entry.ordinal] ?? []), parsed, site, diagnostics);
    for (const { to } of entry.successors) {
      if (to === undefined) continue;
      const list = incoming[to.ordinal];
      if (list === undefined) incoming[to.ordinal] = [scope];
      else list.push(scope);
    }
  }
}

// The union of the scopes of the paths into a node; one path's scope is shared, not copied.
function join(scopes: Scope[]): Scope {
  if (scopes.length === 1) return scopes[0]!;
  const joined = new Map<string, ValueFact>();
  const met = new Set<Scope>();
  for (const scope of scopes) {
    // a scope met before adds nothing: the union of a fact with itself is that fact
    if (met.has(scope)) continue;
    met.add(scope);
    for (const [name, fact] of scope.toMap()) {
      const known = joined.get(name);
      joined.set(name, known === undefined ? fact : { interval: I.union(known.interval, fact.interval), unit: joinUnits([known.unit, fact.unit]) });
    }
  }
  return LayeredMap.of(joined);
}

/** Checks the node; returns the scope after it (the one given when the node defines nothing). */
function visit(entry: FlowNodeEntry, scope: Scope, parsed: ParsedExpressions, site: SiteIndex, diagnostics: Diagnostic[]): Scope {
  const node = entry.node;
  let own: Scope | undefined;
  const define = (name: string, fact: ValueFact): void => {
    own ??= scope.layer();
    own.set(name, fact);
  };
  const evaluate = (holder: object, at: ExpressionSite["at"]): { ast: Expr; fact: ValueFact } | undefined => {
    const ast = parsed.get(holder);
    if (ast === undefined) return undefined;
    const current = own ?? scope;
    const fact = factOf(ast, (name) => current.get(name), (expr, left, right) => diagnostics.push(unitMismatch(entry, at, expr, left, right)));
    return { ast, fact };
  };
  switch (node.type) {
    case "input": {
      const { variables, params = [] } = node.data.config;
      for (const v of variables) define(v.name, inputFact(site.lookup(v)));
      for (const p of params) define(p.name, typeof p.value === "number" ? { interval: I.exact(p.value) } : UNKNOWN);
      break;
    }
    case "period_delta": {
      const point = site.lookup(node.data.config);
      define(node.data.config.name, { interval: I.TOP, unit: point === undefined ? undefined : siteUnit(point.unit) });
      break;
    }
    case "calc":
      node.data.config.assign.forEach((a, j) => define(a.name, evaluate(a, ["assign", j, "expr"])?.fact ?? UNKNOWN));
      break;
    case "switch":
      node.data.config.rules.forEach((r, j) => evaluate(r, ["rules", j, "condition"]));
      break;
    case "change":
      node.data.config.writes.forEach((w, j) => {
        const at: ExpressionSite["at"] = ["writes", j, "value"];
        const value = evaluate(w, at);
        const point = site.lookup(w);
        if (value !== undefined && point !== undefined) checkWrite(entry, at, value.ast, value.fact, point, diagnostics);
      });
      break;
    default:
      break;
  }
  return own ?? scope;
}

function inputFact(point: SitePointEntry | undefined): ValueFact {
  return point === undefined ? UNKNOWN : { interval: I.range(point.min, point.max), unit: siteUnit(point.unit) };
}

function checkWrite(entry: FlowNodeEntry, at: ExpressionSite["at"], ast: Expr, fact: ValueFact, point: SitePointEntry, diagnostics: Diagnostic[]): void {
  const unit = siteUnit(point.unit);
  const outside = I.disjoint(fact.interval, point.min, point.max);
  const mismatched = fact.unit !== undefined && unit !== undefined && fact.unit !== unit;
  if (!outside && !mismatched) return; // the usual case: no message, no path built
  const target = `${point.name} (${refText(point.ref)})`;
  const where = { path: sitePath(entry, at), nodeId: entry.id, span: ast.span };
  if (outside) {
    const range = rangeText(point.min, point.max);
    const constant = constantOf(ast);
    const what = constant !== undefined ? `writes ${constant} to ${target}` : `writes to ${target} ${valueText(fact.interval, point)}`;
    diagnostics.push(
      flowError(OUT_OF_RANGE, `${what}, outside the point's range (${range} in the site)`, {
        ...where,
        suggestion: constant !== undefined ? `write a value ${range}` : "check the expression against the ranges of the points it reads (site.yaml min/max)",
      }),
    );
  }
  if (mismatched) {
    diagnostics.push({
      code: UNIT_MISMATCH,
      severity: "warning",
      message: `writing ${printExpression(ast)} (${fact.unit}) to ${target}, whose unit is ${unit}`,
      ...where,
      suggestion: "convert the value to the point's unit",
    });
  }
}

// "comparing room (degC) with filter (Pa)", at the operation inside the expression.
function unitMismatch(entry: FlowNodeEntry, at: ExpressionSite["at"], expr: BinaryExpr, leftUnit: string, rightUnit: string): Diagnostic {
  const a = `${printExpression(expr.left)} (${leftUnit})`;
  const b = `${printExpression(expr.right)} (${rightUnit})`;
  const op = expr.operator;
  const message = op === "+" ? `adding ${b} to ${a}` : op === "-" ? `subtracting ${b} from ${a}` : `comparing ${a} with ${b}`;
  return {
    code: UNIT_MISMATCH,
    severity: "warning",
    message: `${message}: the site gives them different units`,
    path: sitePath(entry, at),
    nodeId: entry.id,
    span: expr.span,
    suggestion: "check the points: a value of one unit compared with or added to a value of another is rarely meant",
  };
}

// A written constant as the author wrote it: `3`, `-1`.
function constantOf(ast: Expr): string | undefined {
  if (ast.kind === "number") return String(ast.value);
  if (ast.kind === "unary" && ast.operator === "-" && ast.operand.kind === "number") return String(-ast.operand.value);
  return undefined;
}

/** "from 0 to 2", "at least 0", "at most 100": the site's bounds, as written there. */
function rangeText(min: number, max: number): string {
  const lo = Number.isFinite(min) ? String(min) : undefined;
  const hi = Number.isFinite(max) ? String(max) : undefined;
  if (lo !== undefined && hi !== undefined) return lo === hi ? `exactly ${lo}` : `from ${lo} to ${hi}`;
  if (lo !== undefined) return `at least ${lo}`;
  if (hi !== undefined) return `at most ${hi}`;
  return "unbounded";
}

/**
 * "a value always between 150 and 250", "... always at least 3", "... always exactly 2.0000001".
 * An infinite value (the computation overflows) is said so: it lies outside every bounded range,
 * and the executor would refuse it anyway.
 */
function valueText(interval: I.Interval, point: SitePointEntry): string {
  if (interval.lo === interval.hi) {
    return Number.isFinite(interval.lo) ? `a value always exactly ${String(interval.lo)}` : `a value that is always ${interval.lo} (the computation overflows: not a finite number)`;
  }
  const lo = Number.isFinite(interval.lo) ? bound(interval.lo, "down", point) : undefined;
  const hi = Number.isFinite(interval.hi) ? bound(interval.hi, "up", point) : undefined;
  if (lo !== undefined && hi !== undefined) return `a value always between ${lo} and ${hi}`;
  if (lo !== undefined) return `a value always at least ${lo}`;
  if (hi !== undefined) return `a value always at most ${hi}`;
  return "a value always unbounded"; // not reached: an unbounded value is never proven outside
}

// A bound of the value, in six significant digits rounded outward (so "always between" stays
// true), unless those would reach the point's range or one of its bounds (2.0000001 against a
// maximum of 2): then every digit (the shortest exact form), which never reads as a bound.
function bound(x: number, direction: "down" | "up", point: SitePointEntry): string {
  let rounded = Number(x.toPrecision(6));
  if (direction === "down" ? rounded > x : rounded < x) {
    const step = 10 ** (Math.floor(Math.log10(Math.abs(rounded))) - 5);
    rounded = Number((direction === "down" ? rounded - step : rounded + step).toPrecision(6));
  }
  const outward = direction === "down" ? rounded <= x : rounded >= x;
  return outward && Number.isFinite(rounded) && (rounded < point.min || rounded > point.max) ? String(rounded) : String(x);
}
