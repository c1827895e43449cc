// The pure core stays pure: grammar, compiler and generated code take values and return values.
// Enforced by reading the imports and identifiers of every source file with ts-morph.
import { expect } from "chai";
import { Node, Project } from "ts-morph";
import { fromRoot } from "./helpers/paths.js";

const PURE_FOLDERS = ["grammar", "compiler", "generated"];
// The one writer of codegen reads schemas/ and writes generated/: it is the edge of codegen.
const EDGE_FILES = new Set(["compiler/codegen/run-codegen.ts"]);
const FORBIDDEN_MODULES = /^(node:)?(fs|fs\/promises|net|http|https|child_process|dgram|dns|tls|worker_threads)$|^(knex|koa|@koa\/.*|jose|pg|sqlite3|ws)$/;

describe("architecture: the pure core does no I/O", () => {
  const project = new Project({ tsConfigFilePath: fromRoot("tsconfig.json"), skipAddingFilesFromTsConfig: true });
  for (const folder of PURE_FOLDERS) project.addSourceFilesAtPaths(fromRoot(folder, "**/*.ts"));
  const files = project.getSourceFiles().filter((f) => !EDGE_FILES.has(f.getFilePath().slice(fromRoot("").length + 1)));

  it("covers the pure folders", () => {
    expect(files.length).to.be.greaterThan(20);
  });

  it("imports no file system, network, database, web or auth module", () => {
    const offending = files.flatMap((file) =>
      file
        .getImportDeclarations()
        .map((d) => d.getModuleSpecifierValue())
        .filter((m) => FORBIDDEN_MODULES.test(m))
        .map((m) => `${file.getBaseName()}: ${m}`),
    );
    expect(offending).to.deep.equal([]);
  });

  it("reads no environment and no clock", () => {
    const offending: string[] = [];
    for (const file of files) {
      file.forEachDescendant((node) => {
        if (!Node.isPropertyAccessExpression(node)) return;
        const text = node.getText();
        if (text === "process.env" || text === "Date.now" || text === "performance.now") offending.push(`${file.getBaseName()}: ${text}`);
      });
      file.forEachDescendant((node) => {
        if (Node.isNewExpression(node) && node.getExpression().getText() === "Date" && node.getArguments().length === 0) {
          offending.push(`${file.getBaseName()}: new Date()`);
        }
      });
    }
    expect(offending).to.deep.equal([]);
  });
});
