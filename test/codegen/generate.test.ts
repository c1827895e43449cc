// Codegen is pure and deterministic, and the committed generated/ is what it produces now
// (the same check .ci/run makes with git, here as a test that names the stale file).
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { generate, type SupportTemplate } from "../../compiler/codegen/generate.js";
import type { SchemaSource } from "../../compiler/codegen/schema-source.js";
import { fromRoot } from "../helpers/paths.js";
import { readSchemaFiles } from "../helpers/schema-files.js";

function readInputs(): { sources: SchemaSource[]; support: SupportTemplate[] } {
  const supportDir = fromRoot("compiler/codegen/support");
  return {
    sources: readSchemaFiles() as SchemaSource[],
    support: readdirSync(supportDir).map((name) => ({ name, contents: readFileSync(join(supportDir, name), "utf8") })),
  };
}

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : [join(dir, e.name)]));
}

describe("codegen (npm run generate)", function () {
  this.timeout(60_000);

  it("produces exactly the committed generated/ files, byte for byte", async () => {
    const { sources, support } = readInputs();
    const files = await generate(sources, support);
    const committed = listFiles(fromRoot("generated")).map((p) => relative(fromRoot("generated"), p)).sort();
    expect(committed, "run npm run generate").to.deep.equal(files.map((f) => f.path).sort());
    for (const file of files) {
      expect(file.contents, `generated/${file.path} is stale: run npm run generate`).to.equal(readFileSync(fromRoot("generated", file.path), "utf8"));
    }
  });

  it("gives the same output twice and does not modify its inputs", async () => {
    const { sources, support } = readInputs();
    const before = JSON.stringify(sources);
    const first = await generate(sources, support);
    const second = await generate([...sources].reverse(), support);
    expect(second).to.deep.equal(first);
    expect(JSON.stringify(sources)).to.equal(before);
  });

  it("marks every generated file DO NOT EDIT, with no timestamp or tool version", async () => {
    const { sources, support } = readInputs();
    for (const file of await generate(sources, support)) {
      expect(file.contents.startsWith("// DO NOT EDIT"), file.path).to.equal(true);
      expect(file.contents).to.not.match(/\b20\d\d-\d\d-\d\d|version \d/i);
    }
  });
});
