import { expect } from "chai";
import fc from "fast-check";
import { compileFlow } from "../../compiler/index.js";
import type { PointCatalog, PointInfo, PointRef } from "../../runtime/points/point-table.js";
import { compileRule } from "../../runtime/engine/compile-rule.js";
import { executeRule } from "../../runtime/engine/execute-rule.js";
import { drawValidFlow } from "../helpers/flow-arbitraries.js";
import { interpret } from "../helpers/reference-interpreter.js";

// Declares every point it is asked about, in a range that some computed values leave; values
// and history are drawn per point, some unavailable.
function openCatalog(): PointCatalog {
  const infos = new Map<string, PointInfo>();
  return {
    get size() {
      return infos.size;
    },
    lookup(ref: PointRef) {
      const key = `${ref.instance}/${ref.point_type}/${ref.point}`;
      if (!infos.has(key)) infos.set(key, { index: infos.size, name: key, unit: "", min: -50, max: 50 });
      return infos.get(key);
    },
  };
}

describe("executor against a reference interpreter", () => {
  it("agrees on success, path, actions and where evaluation stopped, for random valid flows and live values", () => {
    fc.assert(
      fc.property(fc.gen(), fc.array(fc.oneof(fc.double({ min: -60, max: 60, noNaN: true }), fc.constant(NaN)), { minLength: 64, maxLength: 64 }), (g, values) => {
        const compiled = compileFlow(drawValidFlow(g));
        if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
        const catalog = openCatalog();
        const rule = compileRule(compiled.nodes_json, catalog);
        if (!rule.ok) throw new Error(JSON.stringify(rule.diagnostics));
        const io = () => {
          const live = Float64Array.from(values);
          return {
            read: (i: number) => live[i % 64]!,
            valueAgo: (i: number) => live[(i * 7 + 3) % 64]!,
            write: (i: number, v: number) => ((live[i % 64] = v), i % 5 === 4 ? "refused by the command plane" : null),
          };
        };
        const ours = executeRule(rule.rule, io());
        const reference = interpret(compiled.nodes_json, catalog, io());
        expect(ours.path).to.deep.equal(reference.path);
        expect(ours.actions.map(({ point, target, value, success }) => ({ point, target, value, success }))).to.deep.equal(reference.actions);
        expect(ours.success).to.equal(reference.success);
        expect(ours.short_circuit?.node ?? null).to.equal(reference.stoppedAt);
      }),
      { numRuns: 300 },
    );
  });
});
