// runtime/points is pure except its one file reader: values in, values out, time from the
// injected clock. Checked the way test/architecture.test.ts checks the compiler.
import { expect } from "chai";
import { Node, Project } from "ts-morph";
import { fromRoot } from "../helpers/paths.js";

const EDGE = "read-site-file.ts";

describe("runtime/points is pure (but for read-site-file.ts)", () => {
  const project = new Project({ tsConfigFilePath: fromRoot("tsconfig.json"), skipAddingFilesFromTsConfig: true });
  project.addSourceFilesAtPaths(fromRoot("runtime/points", "**/*.ts"));
  const files = project.getSourceFiles().filter((f) => f.getBaseName() !== EDGE);

  it("imports no node: module and reads no clock or environment", () => {
    expect(files.length).to.be.greaterThan(8);
    const offending: string[] = [];
    for (const file of files) {
      for (const d of file.getImportDeclarations()) if (d.getModuleSpecifierValue().startsWith("node:")) offending.push(`${file.getBaseName()}: ${d.getModuleSpecifierValue()}`);
      file.forEachDescendant((node) => {
        const text = Node.isPropertyAccessExpression(node) ? node.getText() : "";
        if (/^(process\.env|Date\.now|performance\.now)$/.test(text)) offending.push(`${file.getBaseName()}: ${text}`);
        if (Node.isNewExpression(node) && node.getExpression().getText() === "Date") offending.push(`${file.getBaseName()}: new Date`);
      });
    }
    expect(offending).to.deep.equal([]);
  });
});
