// The pure core stays pure: grammar, compiler, generated code, the executor and scheduler, and
// the point plane take values and return values; clock, timers, store and files are passed in.
// Enforced by reading the imports and identifiers of every source file with ts-morph.
import { expect } from "chai";
import { Node, Project } from "ts-morph";
import { fromRoot } from "./helpers/paths.js";

const PURE_FOLDERS = ["grammar", "compiler", "generated", "runtime/engine", "runtime/points", "runtime/audit", "runtime/processing", "runtime/processor/model", "scenarios"];
// The edges inside pure folders: the one writer of codegen (reads schemas/, writes generated/),
// the scheduler's real clock and timer, the site file reader, and the processor client's default
// transport (node:http with a connect timer; tests and callers may pass another fetch).
const EDGE_FILES = new Set([
  "compiler/codegen/run-codegen.ts",
  "runtime/engine/scheduler/real-timer.ts",
  "runtime/points/read-site-file.ts",
  "runtime/processing/client/http-fetch.ts",
]);
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

  it("reads no environment, no clock and starts no timer", () => {
    const offending: string[] = [];
    for (const file of files) {
      file.forEachDescendant((node) => {
        if (!Node.isPropertyAccessExpression(node)) return;
        const text = node.getText();
        if (text === "process.env" || text === "Date.now" || text === "performance.now") offending.push(`${file.getBaseName()}: ${text}`);
      });
      file.forEachDescendant((node) => {
        if (!Node.isCallExpression(node)) return;
        const callee = node.getExpression().getText();
        if (callee === "setTimeout" || callee === "setInterval" || callee === "setImmediate") offending.push(`${file.getBaseName()}: ${callee}`);
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
