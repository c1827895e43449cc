// docs/site.md is real: its example site loads without a diagnostic, and it documents every
// `site/...` code of runtime/points.
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { loadSite } from "../../runtime/points/load-site.js";
import { fromRoot } from "../helpers/paths.js";

const docs = readFileSync(fromRoot("docs/site.md"), "utf8");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

describe("docs/site.md", () => {
  it("its example site loads without a diagnostic", () => {
    const examples = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!);
    expect(examples).to.have.length.at.least(1);
    for (const text of examples) expect(loadSite(text, "docs/site.md").diagnostics, text).to.deep.equal([]);
  });

  it("documents every site/ diagnostic code of runtime/points", () => {
    const codes = new Set(sources(fromRoot("runtime/points")).flatMap((f) => readFileSync(f, "utf8").match(/"site\/[a-z-]+"/g) ?? []));
    expect(codes.size).to.be.at.least(8);
    expect([...codes].map((c) => c.slice(1, -1)).filter((c) => !docs.includes(`\`${c}\``))).to.deep.equal([]);
  });
});
