// docs/data-processing.md ("Task files, bindings and routes") is real: its task example compiles
// without a diagnostic, it documents every task/, binding/ and pack/ code, and every unit of the
// catalogue.
import { expect } from "chai";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { UNITS } from "../../compiler/contracts/units.js";
import { compileDataProcessingYaml } from "../../compiler/front-ends/task-yaml/index.js";
import { fromRoot } from "../helpers/paths.js";

const docs = readFileSync(fromRoot("docs/data-processing.md"), "utf8");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : []));
}

describe("docs/data-processing.md: task files, bindings and routes", () => {
  it("its task file example compiles without a diagnostic", () => {
    const examples = [...docs.matchAll(/```yaml\n([\s\S]*?)```/g)].map((m) => m[1]!).filter((text) => text.startsWith("kind: "));
    expect(examples).to.have.length.at.least(1);
    for (const text of examples) expect(compileDataProcessingYaml(text).diagnostics, text).to.deep.equal([]);
  });

  it("documents every task/, binding/ and pack/ diagnostic code", () => {
    const files = [fromRoot("compiler/contracts/checks/check-task.ts"), ...sources(fromRoot("compiler/contracts/checks/task")), ...sources(fromRoot("compiler/contracts/pack")), ...sources(fromRoot("compiler/front-ends/task-yaml"))];
    const codes = new Set(files.flatMap((f) => readFileSync(f, "utf8").match(/"(task|binding|pack)\/[a-z-]+"/g) ?? []));
    expect(codes.size).to.be.at.least(40);
    expect([...codes].map((c) => c.slice(1, -1)).filter((c) => !docs.includes(`\`${c}\``))).to.deep.equal([]);
  });

  it("lists every unit of the catalogue", () => {
    expect(UNITS.map((u) => u.unit).filter((unit) => !docs.includes(`\`${unit}\``))).to.deep.equal([]);
  });
});
