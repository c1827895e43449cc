import { expect } from "chai";
import fc from "fast-check";
import { formatDuration } from "../../../compiler/decompiler/format-duration.js";
import { DURATION_PATTERN, durationMs } from "../../../grammar/rule/index.js";

describe("formatDuration", () => {
  const cases: Array<[number, string]> = [
    [0, "0s"],
    [1, "1ms"],
    [500, "500ms"],
    [1000, "1s"],
    [1500, "1s500ms"],
    [30_000, "30s"],
    [60_000, "1m"],
    [90_000, "1m30s"],
    [3_600_000, "1h"],
    [7_200_000, "2h"],
    [86_400_000, "24h"],
    [3_723_004, "1h2m3s4ms"],
    [3_600_001, "1h1ms"],
  ];
  for (const [ms, text] of cases) {
    it(`writes ${ms} ms as ${text}`, () => expect(formatDuration(ms)).to.equal(text));
  }

  it("rejects negative, fractional and unsafe values (internal misuse)", () => {
    for (const bad of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53]) expect(() => formatDuration(bad)).to.throw(RangeError);
  });

  it("reads back as the same number of milliseconds, in the duration syntax, largest unit first", () => {
    fc.assert(
      fc.property(fc.nat({ max: 400 * 86_400_000 }), (ms) => {
        const text = formatDuration(ms);
        expect(text).to.match(DURATION_PATTERN);
        expect(durationMs(text)).to.equal(ms);
        const parts = [...text.matchAll(/(\d+)(ms|s|m|h)/g)].map((m) => ({ amount: Number(m[1]), unit: ["h", "m", "s", "ms"].indexOf(m[2]!) }));
        const units = parts.map((p) => p.unit);
        expect(units).to.deep.equal([...new Set(units)].sort((a, b) => a - b));
        // Compound form: no part could be written with a larger unit (90s is 1m30s).
        for (const { amount, unit } of parts) expect(amount).to.be.below(unit === 0 ? Infinity : unit === 3 ? 1000 : 60);
        if (ms > 0) expect(parts.every((p) => p.amount > 0)).to.equal(true);
      }),
      { numRuns: 500 },
    );
  });
});
