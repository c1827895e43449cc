// "Did you mean" for a misspelt named point searches every key and name of the site: a file gets
// a bounded number of such searches (issue 17, found by the outside check: 4,000 misspelt names
// against a site of 3,000 instances held a validate request for 31 s).
import { expect } from "chai";
import { compileRuleSource, indexSite } from "../../../compiler/index.js";
import { MAX_SUGGESTIONS } from "../../../compiler/lower/resolve-points.js";

const site = indexSite({
  channels: [{ id: "v", protocol: "virtual" }],
  instances: Array.from({ length: 50 }, (_, i) => ({ id: i + 1, key: `ahu${i}`, name: `AHU ${i}`, model: "m", channel: "v", points: [{ type: "measurement" as const, point: 1, name: "supply_temp", unit: "degC" }] })),
});

describe("issue 17: named-point suggestions are bounded per file", () => {
  it(`issue 17: the first ${MAX_SUGGESTIONS} misspelt names of a file get "did you mean"; later ones (in any rule of the file) are reported without one`, () => {
    const inputs = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => `  input v${from + k} = ahux${from + k}.supply_temp`).join("\n");
    const text = `rule "a" {\n${inputs(0, 15)}\n}\nrule "b" {\n${inputs(15, 30)}\n}\n`;
    const diagnostics = compileRuleSource(text, { site }).diagnostics;
    expect(diagnostics.map((d) => d.code)).to.deep.equal(Array(30).fill("point/unknown-instance"));
    expect(diagnostics.slice(0, MAX_SUGGESTIONS).every((d, k) => d.suggestion === `did you mean 'ahu${k}.supply_temp'?`)).to.equal(true);
    expect(diagnostics.slice(MAX_SUGGESTIONS).map((d) => d.suggestion)).to.deep.equal(Array(30 - MAX_SUGGESTIONS).fill(undefined));
    // Each file starts with a full budget.
    expect(compileRuleSource(`rule "c" {\n${inputs(0, 1)}\n}\n`, { site }).diagnostics[0]!.suggestion).to.equal("did you mean 'ahu0.supply_temp'?");
  });
});
