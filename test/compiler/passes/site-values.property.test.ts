// Soundness of the interval arithmetic behind point/out-of-range (issue 17.1): for random
// expressions over variables with random ranges, every value other than NaN the compiled
// expression gives, for values drawn inside those ranges, lies in the interval the analysis
// computed. A write is an error only when that interval misses the point's range, so a sound
// interval never refuses a write that could be in range.
import { expect } from "chai";
import fc from "fast-check";
import { checkExpression, scopeOf } from "../../../compiler/expression/check.js";
import { compileExpression } from "../../../compiler/expression/emit-js.js";
import type { ValueType } from "../../../compiler/expression/value-type.js";
import * as I from "../../../compiler/passes/site/interval.js";
import { factOf } from "../../../compiler/passes/site/value-facts.js";
import { parseExpression } from "../../../grammar/expression/index.js";
import { drawExpression, type Draw, type VariableInScope } from "../../helpers/expression-arbitraries.js";

const VARIABLES: VariableInScope[] = [
  { name: "a", type: "number" },
  { name: "b", type: "number" },
  { name: "c", type: "number" },
];
const SLOTS = new Map(VARIABLES.map((v, i) => [v.name, i]));
const TYPES = scopeOf(new Map<string, ValueType>(VARIABLES.map((v) => [v.name, v.type])));

const BOUNDS = [-Infinity, Infinity, 0, -0, 1, -1, 0.5, -2, 3, 100, -1e6, 1e6];

function drawBound(g: Draw): number {
  return g(fc.boolean) ? g(fc.constantFrom, ...BOUNDS) : g(fc.double, { noNaN: true, noDefaultInfinity: true, min: -1e4, max: 1e4 });
}

function drawRange(g: Draw): I.Interval {
  const x = drawBound(g);
  const y = drawBound(g);
  return { lo: Math.min(x, y), hi: Math.max(x, y) };
}

// A value in the range: a bound, zero, an integer or any number between.
function drawValue(g: Draw, range: I.Interval): number {
  const finite = (x: number, fallback: number): number => (Number.isFinite(x) ? x : fallback);
  const lo = finite(range.lo, Math.min(-1e9, range.hi));
  const hi = finite(range.hi, Math.max(1e9, range.lo));
  const candidates = [range.lo, range.hi, lo + (hi - lo) * g(fc.double, { min: 0, max: 1, noNaN: true })];
  if (range.lo <= 0 && 0 <= range.hi) candidates.push(0, -0);
  const whole = Math.ceil(lo);
  if (whole <= hi) candidates.push(whole);
  return g(fc.constantFrom, ...candidates.filter((v) => v >= range.lo && v <= range.hi));
}

describe("issue 17.1: interval arithmetic for point/out-of-range", () => {
  it("issue 17.1: is sound: every number an expression gives for inputs in their ranges lies in its interval", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const text = drawExpression(g, VARIABLES, "number", 3);
        const ast = parseExpression(text).ast!;
        const checked = checkExpression(ast, TYPES);
        expect(checked.diagnostics, text).to.deep.equal([]);
        const ranges = new Map(VARIABLES.map((v) => [v.name, drawRange(g)]));
        const { interval } = factOf(ast, (name) => ({ interval: ranges.get(name)! }), () => {});
        const run = compileExpression(ast, { types: checked.types, slotOf: (name) => SLOTS.get(name)! });
        for (let i = 0; i < 10; i++) {
          const values = VARIABLES.map((v) => drawValue(g, ranges.get(v.name)!));
          const value = run(values) as number;
          if (Number.isNaN(value)) continue;
          const where = `${text} with ${JSON.stringify(values)} gave ${value}, outside [${interval.lo}, ${interval.hi}]`;
          expect(value >= interval.lo && value <= interval.hi, where).to.equal(true);
        }
      }),
      { numRuns: 150 },
    );
  });

  it("issue 17.1: is tight enough to prove the common cases", () => {
    const of = (text: string, ranges: Record<string, I.Interval>): I.Interval =>
      factOf(parseExpression(text).ast!, (name) => (ranges[name] === undefined ? undefined : { interval: ranges[name]! }), () => {}).interval;
    const room = { lo: 5, hi: 40 };
    expect(of("room + 200", { room })).to.deep.equal({ lo: 205, hi: 240 });
    expect(of("clamp(room * 10, 0, 100)", { room })).to.deep.equal({ lo: 50, hi: 100 });
    expect(of("room > 20 ? 150 : 120", { room })).to.deep.equal({ lo: 120, hi: 150 });
    expect(of("abs(room - 50)", { room })).to.deep.equal({ lo: 10, hi: 45 });
    expect(of("room % 7", { room })).to.deep.equal({ lo: 0, hi: 7 });
    expect(of("1 / room", { room: { lo: -1, hi: 1 } })).to.deep.equal(I.TOP);
    expect(of("sqrt(room)", { room: { lo: -4, hi: -1 } })).to.deep.equal(I.EMPTY);
    expect(I.disjoint(I.EMPTY, 0, 1), "an always-NaN value proves nothing").to.equal(false);
    expect(of("pow(room, 2)", { room: { lo: -3, hi: 2 } }).hi).to.be.closeTo(9, 1e-9);
    expect(of("pow(room, 0)", { room: I.EMPTY })).to.deep.equal({ lo: 1, hi: 1 });
    expect(of("unknown + 1", {})).to.deep.equal(I.TOP);
  });
});
