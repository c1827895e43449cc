// `npm run bench -- dsl`: compiling a DSL file of 1,000 rules (parse, lower, compileFlow), without
// and with the site checks of issue 17 (every point the rules use declared, with units and
// ranges), against JSON.parse of what it compiles to (flow_json and nodes_json of every rule) as
// the baseline.
import { indexSite } from "../compiler/index.js";
import { compileRuleSource } from "../compiler/front-ends/dsl/index.js";
import { ruleFileOf } from "./fixtures/rule-file.js";
import { ruleSiteOf } from "./fixtures/rule-site.js";
import { formatRate, measure } from "./harness.js";

const RULES = 1000;
const ZONES = 40;

export function benchDsl(): void {
  const source = ruleFileOf(RULES);
  const site = indexSite(ruleSiteOf(ZONES));
  for (const options of [{}, { site }]) {
    const check = compileRuleSource(source, options);
    if (check.diagnostics.length > 0 || check.rules.length !== RULES) throw new Error(`benchmark rules do not compile: ${JSON.stringify(check.diagnostics.slice(0, 3))}`);
  }
  const output = JSON.stringify(compileRuleSource(source).rules.map((r) => ({ flow_json: r.flow_json, nodes_json: r.nodes_json })));
  const megabytes = Buffer.byteLength(source) / 1e6;
  console.log(`dsl: a file of ${RULES} rules (${megabytes.toFixed(2)} MB of DSL; its output is ${(output.length / 1e6).toFixed(2)} MB of JSON), site of ${site.points.length} points`);
  const [compiled, checked, parsed] = measure(
    [
      { name: "compileRuleSource", run: (n) => repeat(n, () => compileRuleSource(source).rules.length) },
      { name: "compileRuleSource with the site", run: (n) => repeat(n, () => compileRuleSource(source, { site }).rules.length) },
      { name: "baseline: JSON.parse of the output", run: (n) => repeat(n, () => (JSON.parse(output) as unknown[]).length) },
    ],
    { rounds: 5, roundMs: 1000 },
  );
  const seconds = 1 / compiled!.opsPerSecond;
  const withSite = 1 / checked!.opsPerSecond;
  console.log(`  compileRuleSource          ${(seconds * 1000).toFixed(0).padStart(8)} ms per file: ${formatRate(RULES / seconds)} rules/s, ${(megabytes / seconds).toFixed(2)} MB/s`);
  console.log(`  with the site checks       ${(withSite * 1000).toFixed(0).padStart(8)} ms per file: ${formatRate(RULES / withSite)} rules/s`);
  console.log(`  baseline: JSON.parse       ${(1000 / parsed!.opsPerSecond).toFixed(0).padStart(8)} ms for the compiled output`);
  console.log(`  ratio: the site checks take ${(withSite / seconds).toFixed(2)}x the time without them`);
  console.log(`  ratio: compiling takes ${(parsed!.opsPerSecond / compiled!.opsPerSecond).toFixed(1)}x the time of parsing its output as JSON`);
  console.log(`  target: ${RULES} rules in under 1 s with the site checks: ${withSite < 1 ? "OK" : "MISSED"}`);
}

function repeat(n: number, fn: () => number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += fn();
  return sum;
}
