import { expect } from "chai";
import fc from "fast-check";
import { compileFlow } from "../../index.js";
import { validateDiagnostic, validateNodesJson } from "../../generated/index.js";
import { drawValidFlow } from "../helpers/flow-arbitraries.js";
import { mutateJson } from "../helpers/json-mutations.js";

describe("compileFlow properties", function () {
  this.timeout(60_000);

  it("compiles every random valid flow; nodes_json matches its schema; compiling again changes nothing", () => {
    fc.assert(
      fc.property(fc.gen(), (g) => {
        const flow = drawValidFlow(g);
        const result = compileFlow(flow);
        expect(result.ok, JSON.stringify(result.ok ? [] : result.diagnostics, null, 1)).to.equal(true);
        if (!result.ok) return;
        expect(validateNodesJson(result.nodes_json)).to.equal(true);
        expect(JSON.stringify(compileFlow(result.flow_json))).to.equal(JSON.stringify(result));
        const reversed = compileFlow({ ...flow, nodes: [...flow.nodes].reverse() });
        expect(reversed.ok && JSON.stringify(reversed.nodes_json)).to.equal(JSON.stringify(result.nodes_json));
      }),
      { numRuns: 200 },
    );
  });

  it("never throws on random mutations of valid flows: it compiles them or answers with diagnostics", () => {
    fc.assert(
      fc.property(fc.gen(), fc.integer({ min: 1, max: 3 }), (g, mutations) => {
        const flow = drawValidFlow(g);
        const ids = flow.nodes.map((n) => n.id);
        let mutated: unknown = flow;
        for (let i = 0; i < mutations; i++) mutated = mutateJson(g, mutated, ids);
        const result = compileFlow(mutated);
        if (result.ok) {
          expect(validateNodesJson(result.nodes_json)).to.equal(true);
        } else {
          expect(result.diagnostics).to.not.be.empty;
          expect(Object.keys(result)).to.have.members(["ok", "diagnostics"]);
          for (const d of result.diagnostics) expect(validateDiagnostic(d), JSON.stringify(d)).to.equal(true);
        }
      }),
      { numRuns: 1000 },
    );
  });
});
