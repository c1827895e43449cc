// The package's main entry exports compileFlow (Done: the built output, from the project root).
// `import("./")` is a directory import, which Node's ES module resolver refuses for every
// package; the two ways Node resolves the project root are checked instead.
import { expect } from "chai";
import { execFileSync } from "node:child_process";
import { projectRoot } from "./helpers/paths.js";

const COMPILE_MINIMAL = "JSON.stringify(m.compileFlow(JSON.parse(require('fs').readFileSync('examples/packs/demo/flows/minimal.flow.json', 'utf8'))).nodes_json)";
const EXPECTED = { start: "start", nodes: { start: { type: "start", next: { default: ["end"] } }, end: { type: "end" } } };

function run(script: string): unknown {
  return JSON.parse(execFileSync(process.execPath, ["-e", script], { cwd: projectRoot, encoding: "utf8", timeout: 20_000 }));
}

describe("package entry", function () {
  this.timeout(30_000);

  it("import('svc') from the project root (self-reference through package.json exports)", () => {
    expect(run(`import('svc').then((m) => console.log(${COMPILE_MINIMAL}))`)).to.deep.equal(EXPECTED);
  });

  it("require('./') from the project root (package.json main)", () => {
    expect(run(`const m = require('./'); console.log(${COMPILE_MINIMAL})`)).to.deep.equal(EXPECTED);
  });
});
