// The checks compileFlow runs against the site and the trigger (issue 17.1), beyond the goldens
// (test/golden/site): nothing without a site, where trigger diagnostics point, bounds the site
// leaves open, and the self-trigger warning once on every path.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import { compileFlow, compileRuleSource, compileRuleYaml, indexSite, inRule, isTriggerDiagnostic, type SiteIndex } from "../../../compiler/index.js";
import type { Diagnostic, SiteModel } from "../../../generated/types.js";
import { demoSite } from "../../helpers/demo-site.js";
import { fromRoot } from "../../helpers/paths.js";


const SITE: SiteModel = {
  channels: [{ id: "v", protocol: "virtual" }],
  instances: [
    {
      id: 1,
      name: "Meter",
      model: "meter",
      channel: "v",
      points: [
        { type: "measurement", point: 1, name: "energy", unit: "kWh" },
        { type: "measurement", point: 2, name: "power", unit: "kW", min: 0 },
        { type: "measurement", point: 3, name: "status", unit: "", min: 0, max: 1 },
        { type: "action", point: 1, name: "limit", unit: "kW", min: 0, max: 100 },
        { type: "action", point: 2, name: "relay", unit: "", min: 0, max: 1, reads_back: 3 },
      ],
    },
  ],
};

const codes = (diagnostics: Diagnostic[]): string[] => diagnostics.map((d) => `${d.severity} ${d.code}`);

function compile(text: string, site: SiteIndex = indexSite(SITE)): Diagnostic[] {
  return compileRuleSource(text, { site }).diagnostics;
}

const errors = (text: string): Diagnostic[] => compile(text).filter((d) => d.severity === "error");

describe("issue 17.1: site checks in compileFlow", () => {
  it("issue 17: a flow over the execution bound is refused before the passes whose cost grows with its size (variables, value ranges)", () => {
    // 7,000 params cost more than 6,000 steps; the unknown variable and the constant out of range
    // are not looked for: only the bound is reported.
    const params = Array.from({ length: 7000 }, (_, k) => `param p${k} = 0`).join("\n");
    const diagnostics = compile(`rule "r" {\n${params}\n  write action(1, 1) = nope + 500\n  write action(1, 1) = 500\n}`);
    expect(diagnostics.map((d) => d.code)).to.deep.equal(["flow/too-costly"]);
  });

  it("issue 17.1: an unknown instance of a large site lists the 8 instances nearest its id, not the first 8", () => {
    const instances = Array.from({ length: 40 }, (_, k) => ({ id: k * 10, name: `I${k * 10}`, model: "m", channel: "v", points: [] }));
    const [unknown] = compile('rule "r" { input t = measurement(255, 1) }', indexSite({ channels: SITE.channels, instances }));
    expect(unknown).to.include({ code: "point/unknown-instance" });
    expect(unknown!.suggestion).to.equal("the site's instances nearest to that id are 220 (I220), 230 (I230), 240 (I240), 250 (I250), 260 (I260), 270 (I270), 280 (I280), 290 (I290)");
  });

  it("issue 17.1: the demo flows compile to the same nodes_json with and without the site, and without diagnostics", () => {
    const site = demoSite();
    for (const file of ["minimal", "zone-cooling"]) {
      const flow: unknown = JSON.parse(readFileSync(fromRoot(`examples/packs/demo/flows/${file}.flow.json`), "utf8"));
      const without = compileFlow(flow);
      const withSite = compileFlow(flow, { site });
      expect(withSite.ok && withSite.warnings, file).to.deep.equal([]);
      expect(JSON.stringify(withSite.ok && withSite.nodes_json), file).to.equal(JSON.stringify(without.ok && without.nodes_json));
    }
  });

  it("issue 17.1: without a site, a flow reading and writing undeclared points with a trigger compiles without diagnostics", () => {
    const rule = `rule "r" {\n  trigger on_change(measurement(99, 1))\n  input x = measurement(98, 1)\n  write action(97, 1) = x + 1000\n}\n`;
    const result = compileRuleSource(rule);
    expect(result.diagnostics).to.deep.equal([]);
    expect(codes(compile(rule))).to.deep.equal(["error point/unknown-trigger-point", "error point/unknown-instance", "error point/unknown-instance"]);
  });

  it("issue 17.1: a bound the site leaves open proves nothing on that side, the other side still does", () => {
    const base = (value: string): string => `rule "r" {\n  input energy = measurement(1, 1)\n  input power = measurement(1, 2)\n  write action(1, 1) = ${value}\n}\n`;
    expect(errors(base("energy + 1000")), "energy has no range").to.deep.equal([]);
    expect(codes(errors(base("power + 1000"))), "power is at least 0: the value at least 1000").to.deep.equal(["error point/out-of-range"]);
    expect(errors(base("power * 2")), "power may be in range").to.deep.equal([]);
    expect(codes(errors(base("-1 - power")))).to.deep.equal(["error point/out-of-range"]);
    expect(errors(base("power / 0")), "x / 0 is unbounded").to.deep.equal([]);
  });

  it("issue 17.1: the out-of-range error lands on the written value (DSL line:col)", () => {
    const [d] = compile(`rule "r" {\n  input power = measurement(1, 2)\n  write action(1, 1) = clamp(power, 0, 50) + 100.5\n}\n`);
    expect(d!.code).to.equal("point/out-of-range");
    expect(d!.message).to.equal("writes to limit (action(1, 1)) a value always between 100.5 and 150.5, outside the point's range (from 0 to 100 in the site)");
    expect(d).to.not.have.property("path");
    expect([d!.span!.start.line, d!.span!.start.column, d!.span!.end.column]).to.deep.equal([3, 24, 51]);
  });

  it("issue 17: a value that overflows to Infinity is said to be infinite, not 'unbounded', and is still refused against a bounded point", () => {
    const [d, ...rest] = errors(`rule "r" {\n  write action(1, 1) = 1e308 * 10\n}\n`);
    expect(rest).to.deep.equal([]);
    expect(d!.code).to.equal("point/out-of-range");
    expect(d!.message).to.equal("writes to limit (action(1, 1)) a value that is always Infinity (the computation overflows: not a finite number), outside the point's range (from 0 to 100 in the site)");
    expect(errors(`rule "r" {\n  write action(1, 1) = -1e308 * 10\n}\n`)[0]!.message).to.contain("always -Infinity (the computation overflows");
  });

  it("issue 17: a value just outside the range is printed with every digit it needs, never as the bound", () => {
    const message = (value: string): string => errors(`rule "r" {\n  input t = measurement(1, 3)\n  write action(1, 2) = ${value}\n}\n`)[0]!.message;
    expect(message("t*0 + 2.0000001")).to.equal("writes to relay (action(1, 2)) a value always exactly 2.0000001, outside the point's range (from 0 to 1 in the site)");
    expect(message("t*0 + 1.0000001")).to.equal("writes to relay (action(1, 2)) a value always exactly 1.0000001, outside the point's range (from 0 to 1 in the site)");
    expect(message("t*0.0000001 + 1.0000001"), "the far bound in six digits, rounded up").to.equal("writes to relay (action(1, 2)) a value always between 1.0000001 and 1.00001, outside the point's range (from 0 to 1 in the site)");
    expect(message("t + 1.1234567"), "six digits, rounded outward").to.equal("writes to relay (action(1, 2)) a value always between 1.12345 and 2.12346, outside the point's range (from 0 to 1 in the site)");
    expect(message("-t - 1.1234567")).to.equal("writes to relay (action(1, 2)) a value always between -2.12346 and -1.12345, outside the point's range (from 0 to 1 in the site)");
    expect(message("t*0 + pow(2, 0.5)"), "a bound widened by an ulp").to.equal("writes to relay (action(1, 2)) a value always between 1.41421 and 1.41422, outside the point's range (from 0 to 1 in the site)");
    const [bound] = compile(`rule "r" {\n  input t = measurement(1, 3)\n  write action(1, 1) = t*0 + 100.0000001\n}\n`, indexSite({ ...SITE, instances: [{ ...SITE.instances[0]!, points: [{ type: "action", point: 1, name: "limit", unit: "", min: 0, max: 100.0000001 - 1e-7 / 2 }, ...SITE.instances[0]!.points.slice(2, 3)] }] }));
    expect(bound!.message, "the site's bounds as written, every digit").to.match(/a value always exactly 100\.0000001, outside the point's range \(from 0 to 100\.00000005\d* in the site\)/);
  });

  it("issue 17.1: '' (dimensionless) matches any unit; kW against kWh warns, naming both operands and units", () => {
    const rule = `rule "r" {\n  input energy = measurement(1, 1)\n  input power = measurement(1, 2)\n  input status = measurement(1, 3)\n  when status > 0 && power + status > energy { write action(1, 1) = 1 }\n}\n`;
    const [d, ...rest] = compile(rule);
    expect(rest).to.deep.equal([]);
    expect(d!.severity).to.equal("warning");
    expect(d!.message).to.equal("comparing power + status (kW) with energy (kWh): the site gives them different units");
    expect([d!.span!.start.line, d!.span!.start.column]).to.deep.equal([5, 22]);
  });

  it("issue 17.1: a trigger diagnostic has the path /trigger_config/point_refs/<k>, and inRule places flow and trigger diagnostics in a rule body", () => {
    const flow: unknown = JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows/zone-cooling.flow.json"), "utf8"));
    const result = compileFlow(flow, { site: demoSite(), trigger: { type: "on_change", point_refs: [{ instance: 12, point_type: "measurement", point: 3 }, { instance: 12, point_type: "measurement", point: 99 }] } });
    expect(result.ok).to.equal(false);
    const diagnostics = result.ok ? [] : result.diagnostics;
    expect(diagnostics.map((d) => [d.code, d.path])).to.deep.equal([["point/unknown-trigger-point", "/trigger_config/point_refs/1"]]);
    expect(isTriggerDiagnostic(diagnostics[0]!)).to.equal(true);
    expect(inRule(diagnostics[0]!).path).to.equal("/trigger_config/point_refs/1");
    expect(inRule({ code: "flow/x", severity: "error", message: "m", path: "/nodes/1" }).path).to.equal("/flow_json/nodes/1");
  });

  it("issue 17.1: the self-trigger warning comes once, from compileFlow, in DSL, YAML and flow_json; with the site also through reads_back", () => {
    const rule = `rule "r" {\n  trigger on_change(measurement(1, 3), measurement(1, 2))\n  input power = measurement(1, 2)\n  write action(1, 2) = 1\n}\n`;
    const warnings = compile(rule);
    expect(codes(warnings)).to.deep.equal(["warning rule/self-trigger"]);
    expect(warnings[0]!.message, "points named by the site, numbers beside").to.contain("reads \"Meter\".relay (action(1, 2)) back into \"Meter\".status (measurement(1, 3))");
    expect(compileRuleSource(rule).diagnostics, "reads_back needs the site").to.deep.equal([]);
    const latch = `rule "r" {\n  trigger on_change(measurement(1, 2))\n  input power = measurement(1, 2)\n  write action(1, 1) = 1\n}\n`;
    expect(codes(compileRuleSource(latch).diagnostics)).to.deep.equal([]);
    const yaml = `rules:\n  - name: r\n    trigger: { on_change: ["action(1, 1)"] }\n    steps:\n      - write: action(1, 1)\n        value: "1"\n`;
    expect(codes(compileRuleYaml(yaml).diagnostics)).to.deep.equal(["warning rule/self-trigger"]);
    expect(codes(compileRuleYaml(yaml, { site: indexSite(SITE) }).diagnostics)).to.deep.equal(["warning rule/self-trigger"]);
  });
});
