// Every installed package must install on the Node the README names (package.json `engines`):
// an `engines.node` range that excludes it makes npm warn (EBADENGINE) and `--engine-strict` fail.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { fromRoot } from "./helpers/paths.js";
import { rangeIncludes } from "./helpers/node-range.js";

const OLDEST_NODE = "20.19.0";

interface LockEntry {
  engines?: { node?: string } | string[];
}

describe("package engines", () => {
  it("the range check reads npm's forms", () => {
    const cases: Array<[string, boolean]> = [
      [">=20.19", true], [">= 20.19.0", true], [">=22", false], ["^20.17.0 || >=22.9.0", true], ["^20.19.0 || >=22.12.0", true],
      ["18 || 20 || >=22", true], ["20 || >=22", true], ["18 || >=22", false], [">=16 || 14 >=14.17", true], [">= 10.x", true],
      ["^18 || ^20 || >= 21", true], ["^18", false], ["~20.18.0", false], ["~20.19", true], ["18 - 20", true], ["16 - 18", false],
      [">=8.0.0 <20", false], ["*", true], [">20", false], [">20.19.0", false], ["<=20", true], ["<20.19", false],
    ];
    for (const [range, expected] of cases) expect(rangeIncludes(range, OLDEST_NODE), range).to.equal(expected);
    expect(rangeIncludes("latest", OLDEST_NODE)).to.equal(undefined);
  });

  it(`issue 16.24: no package in package-lock.json declares a node engine that excludes Node ${OLDEST_NODE}`, () => {
    const lock = JSON.parse(readFileSync(fromRoot("package-lock.json"), "utf8")) as { packages: Record<string, LockEntry> };
    const root = JSON.parse(readFileSync(fromRoot("package.json"), "utf8")) as { engines: { node: string } };
    expect(rangeIncludes(root.engines.node, OLDEST_NODE), "package.json engines.node").to.equal(true);
    const excluding = Object.entries(lock.packages).flatMap(([path, entry]) => {
      const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
      if (range === undefined) return [];
      const verdict = rangeIncludes(range, OLDEST_NODE);
      return verdict === true ? [] : [`${path || "(root)"}: engines.node ${JSON.stringify(range)}${verdict === undefined ? " (unreadable)" : ""}`];
    });
    expect(excluding).to.deep.equal([]);
  });
});
