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

  it("exports the rule-file compilers and the decompiler: a DSL rule compiles and decompiles through the entry", () => {
    const script = `import('svc').then((m) => {
      const [rule] = m.compileRuleSource('rule "r" { input t = measurement(1, 2) when t > 1 { write action(1, 1) = 1 } }').rules;
      const yaml = m.compileRuleYaml('rules: [{ name: r, steps: [] }]').rules.length;
      console.log(JSON.stringify({ text: m.decompileRule(rule.nodes_json, rule), yaml }));
    })`;
    expect(run(script)).to.deep.equal({ text: 'rule "r" {\n  input t = measurement(1, 2)\n  when t > 1 { write action(1, 1) = 1 }\n}\n', yaml: 1 });
  });

  it("require('./') from the project root (package.json main)", () => {
    expect(run(`const m = require('./'); console.log(${COMPILE_MINIMAL})`)).to.deep.equal(EXPECTED);
  });
});
