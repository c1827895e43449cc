// What the site tells about an expression's value (issue 17): the interval it lies in and its
// unit, from the facts of the variables it reads. Units: a value has one when it is determined
// (an input's unit, kept by + - unary minus, abs, round, floor, ceil, min, max, clamp and '? :');
// constants, params and '' (dimensionless: flags and counts) match any unit; * / % sqrt pow make
// it unknown. Comparing, adding or subtracting two different known units is reported through
// `mismatch`. Pure.
import type { BinaryExpr, Expr } from "../../../grammar/expression/index.js";
import * as I from "./interval.js";

export interface ValueFact {
  interval: I.Interval;
  /** The unit when determined; undefined when unknown or when the value matches any unit. */
  unit?: string | undefined;
}

/** A value the analysis knows nothing about (also every boolean). */
export const UNKNOWN: ValueFact = { interval: I.TOP };

export type MismatchSink = (expr: BinaryExpr, left: string, right: string) => void;

const SAME_UNIT_FUNCTIONS = new Set(["abs", "round", "floor", "ceil", "min", "max", "clamp"]);

/** The fact of `expr`; `lookup` gives a variable's (undefined: unknown). */
export function factOf(expr: Expr, lookup: (name: string) => ValueFact | undefined, mismatch: MismatchSink): ValueFact {
  const fact = (e: Expr): ValueFact => factOf(e, lookup, mismatch);
  switch (expr.kind) {
    case "number":
      return { interval: I.exact(expr.value) };
    case "boolean":
      return UNKNOWN;
    case "variable":
      return lookup(expr.name) ?? UNKNOWN;
    case "unary": {
      const operand = fact(expr.operand);
      return expr.operator === "-" ? { interval: I.negate(operand.interval), unit: operand.unit } : UNKNOWN;
    }
    case "conditional": {
      fact(expr.test);
      const a = fact(expr.consequent);
      const b = fact(expr.alternate);
      return { interval: I.union(a.interval, b.interval), unit: joinUnits([a.unit, b.unit]) };
    }
    case "call": {
      const args = expr.args.map(fact);
      return { interval: callInterval(expr.callee, args.map((a) => a.interval)), unit: SAME_UNIT_FUNCTIONS.has(expr.callee) ? joinUnits(args.map((a) => a.unit)) : undefined };
    }
    case "binary":
      return binaryFact(expr, fact(expr.left), fact(expr.right), mismatch);
  }
}

function binaryFact(expr: BinaryExpr, left: ValueFact, right: ValueFact, mismatch: MismatchSink): ValueFact {
  const clash = left.unit !== undefined && right.unit !== undefined && left.unit !== right.unit;
  switch (expr.operator) {
    case "+":
    case "-":
      if (clash) mismatch(expr, left.unit!, right.unit!);
      return {
        interval: expr.operator === "+" ? I.add(left.interval, right.interval) : I.subtract(left.interval, right.interval),
        unit: clash ? undefined : (left.unit ?? right.unit),
      };
    case "*":
      return { interval: I.multiply(left.interval, right.interval) };
    case "/":
      return { interval: I.divide(left.interval, right.interval) };
    case "%":
      return { interval: I.remainder(left.interval, right.interval) };
    case "<":
    case "<=":
    case ">":
    case ">=":
    case "==":
    case "!=":
      if (clash) mismatch(expr, left.unit!, right.unit!);
      return UNKNOWN;
    default:
      return UNKNOWN;
  }
}

function callInterval(callee: string, args: I.Interval[]): I.Interval {
  const [x = I.TOP, y = I.TOP, z = I.TOP] = args;
  switch (callee) {
    case "abs":
      return I.abs(x);
    case "floor":
      return I.monotone(x, Math.floor);
    case "ceil":
      return I.monotone(x, Math.ceil);
    case "round":
      return I.monotone(x, Math.round);
    case "sqrt":
      return I.sqrt(x);
    case "pow":
      return I.pow(x, y);
    case "min":
      return args.length === 0 ? I.TOP : I.min(args);
    case "max":
      return args.length === 0 ? I.TOP : I.max(args);
    case "clamp":
      return I.min([I.max([x, y]), z]);
    default:
      return I.TOP; // an unknown function: already an error
  }
}

/** The one unit of several values that must share it (undefined ones match); undefined if they differ. */
export function joinUnits(units: Array<string | undefined>): string | undefined {
  let unit: string | undefined;
  for (const u of units) {
    if (u === undefined) continue;
    if (unit !== undefined && unit !== u) return undefined;
    unit = u;
  }
  return unit;
}

/** A unit as the site gives it: '' (dimensionless) matches any unit, so it is not a determined unit. */
export function siteUnit(unit: string): string | undefined {
  return unit === "" ? undefined : unit;
}
