import { expect } from "chai";
import { compileRuleSource } from "../../compiler/index.js";
import { compileRule, type ExecutableRule } from "../../runtime/engine/compile-rule.js";
import { decideRule, executeRule } from "../../runtime/engine/execute-rule.js";
import { recordingIo, staticCatalog } from "../helpers/static-catalog.js";

const catalog = staticCatalog([
  { ref: "5.M1" },
  { ref: "5.M2" },
  { ref: "5.M3", min: 0, max: 1 },
  { ref: "5.A10", min: 0, max: 100 },
  { ref: "5.A11", min: 0, max: 1 },
  { ref: "3.M10" },
]);

function ruleOf(body: string): ExecutableRule {
  const compiled = compileRuleSource(`rule "r" {\n${body}\n}`);
  expect(compiled.diagnostics, JSON.stringify(compiled.diagnostics)).to.deep.equal([]);
  const result = compileRule(compiled.rules[0]!.nodes_json, catalog);
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.rule;
}

const TYPICAL = `
  input zone_temp = measurement(5, 1)
  input setpoint = measurement(5, 2)
  input occupied = measurement(5, 3)
  when hot: occupied && zone_temp > setpoint + 1 { write action(5, 10) = min(100, (zone_temp - setpoint) * 40) }
  when cold: occupied && zone_temp < setpoint - 1 { write action(5, 10) = 0 }
  when idle: !occupied { write action(5, 10) = 0 }`;

describe("executor", () => {
  it("spec execution result record: success, actions (target, point, value, success), path, matched condition, variables, node details", () => {
    const io = recordingIo(catalog, { "5.M1": 23.5, "5.M2": 21, "5.M3": 1 });
    const result = executeRule(ruleOf(TYPICAL), io);
    expect(result.success).to.equal(true);
    expect(result.actions).to.deep.equal([{ node: "change_1", target: 5, point_type: "action", point: 10, value: 100, success: true, reason: undefined }]);
    expect(result.path).to.deep.equal(["start", "input_1", "switch_1", "change_1", "end"]);
    expect(result.matched).to.deep.equal([{ node: "switch_1", output: "hot", condition: "occupied && zone_temp > setpoint + 1" }]);
    expect(result.variables).to.deep.equal({ zone_temp: 23.5, setpoint: 21, occupied: 1 });
    expect(result.nodes).to.deep.equal([
      { node: "start", type: "start", outputs: ["default"] },
      { node: "input_1", type: "input", outputs: ["default"] },
      { node: "switch_1", type: "switch", outputs: ["hot"] },
      { node: "change_1", type: "change", outputs: ["default"] },
      { node: "end", type: "end", outputs: [] },
    ]);
    expect(result.short_circuit).to.equal(null);
    expect(io.writes).to.deep.equal([{ index: catalog.indexOf("5.A10"), value: 100 }]);
    expect(JSON.parse(JSON.stringify(result)).actions[0]).to.not.have.property("reason");
  });

  it("takes the default output when no condition holds, and records no matched condition", () => {
    const result = executeRule(ruleOf(TYPICAL), recordingIo(catalog, { "5.M1": 21.5, "5.M2": 21, "5.M3": 1 }));
    expect(result).to.include({ success: true });
    expect(result.actions).to.deep.equal([]);
    expect(result.matched).to.deep.equal([]);
    expect(result.nodes[2]).to.deep.equal({ node: "switch_1", type: "switch", outputs: ["default"] });
  });

  describe("spec runtime item 8: input reads are strict", () => {
    it("spec runtime item 8 / error table: an unavailable input (NaN) short-circuits the evaluation; no default is substituted and nothing is written", () => {
      const io = recordingIo(catalog, { "5.M1": NaN, "5.M2": 21, "5.M3": 1 });
      const result = executeRule(ruleOf(TYPICAL), io);
      expect(result.success).to.equal(false);
      expect(result.short_circuit).to.deep.equal({ node: "input_1", variable: "zone_temp", instance: 5, point_type: "measurement", point: 1, reason: "the point's value is unavailable" });
      expect(result.actions).to.deep.equal([]);
      expect(result.path).to.deep.equal(["start", "input_1"]);
      expect(result.nodes.at(-1)).to.deep.equal({ node: "input_1", type: "input", outputs: [] });
      expect(io.reads).to.deep.equal([catalog.indexOf("5.M1")], "reads stop at the first unavailable value");
      expect(io.writes).to.deep.equal([]);
    });

    it("spec runtime item 8: a point the site model does not declare is unavailable, and says so", () => {
      const result = executeRule(ruleOf("input x = measurement(99, 1)\nwrite action(5, 10) = x"), recordingIo(catalog, {}));
      expect(result.short_circuit).to.include({ variable: "x", instance: 99, reason: "the site model declares no such point" });
      expect(result.actions).to.deep.equal([]);
    });

    it("spec runtime item 8: period_delta without a history value short-circuits; with one it is now minus then", () => {
      const rule = ruleOf("delta energy = measurement(3, 10) over 15m\nwrite action(5, 10) = energy");
      const missing = executeRule(rule, recordingIo(catalog, { "3.M10": 120 }));
      expect(missing.short_circuit).to.include({ variable: "energy", reason: "point history has no value 900000 ms ago" });
      const io = recordingIo(catalog, { "3.M10": 120 }, { history: { "3.M10": 100 } });
      const result = executeRule(rule, io);
      expect(result.success).to.equal(true);
      expect(result.variables).to.deep.equal({ energy: 20 });
      expect(io.writes).to.deep.equal([{ index: catalog.indexOf("5.A10"), value: 20 }]);
    });

    it("spec runtime item 8: actions fired before the short-circuit stay recorded; the rule's success is false", () => {
      const rule = ruleOf("param on = 1\nwrite action(5, 11) = on\ninput x = measurement(5, 1)\nwrite action(5, 10) = x");
      const result = executeRule(rule, recordingIo(catalog, {}));
      expect(result.success).to.equal(false);
      expect(result.actions.map((a) => [a.point, a.success])).to.deep.equal([[11, true]]);
      expect(result.short_circuit).to.include({ variable: "x" });
    });
  });

  describe("spec runtime item 9: computed write values are checked, never coerced", () => {
    for (const [what, expression, reason] of [
      ["NaN", "sqrt(x - 100)", "the computed value is NaN; nothing was written"],
      ["infinite", "x / 0", "the computed value is Infinity; nothing was written"],
      ["negative infinite", "-x / 0", "the computed value is -Infinity; nothing was written"],
      ["above the range", "x * 10", "the computed value 120 is outside the point's range [0, 100]; nothing was written"],
      ["below the range", "-x", "the computed value -12 is outside the point's range [0, 100]; nothing was written"],
    ] as const) {
      it(`spec runtime item 9 / error table: a ${what} write value is rejected and the action recorded as failed`, () => {
        const io = recordingIo(catalog, { "5.M1": 12 });
        const result = executeRule(ruleOf(`input x = measurement(5, 1)\nwrite action(5, 10) = ${expression}`), io);
        expect(result.success).to.equal(false);
        expect(result.actions).to.have.length(1);
        expect(result.actions[0]).to.include({ success: false, reason, point: 10, target: 5 });
        expect(io.writes, "the command plane never sees the value").to.deep.equal([]);
      });
    }

    it("spec runtime item 9: the range bounds themselves are accepted", () => {
      const io = recordingIo(catalog, { "5.M1": 100 });
      const result = executeRule(ruleOf("input x = measurement(5, 1)\nwrite action(5, 10) = x\nwrite action(5, 10) = x - 100"), io);
      expect(result.success).to.equal(true);
      expect(io.writes.map((w) => w.value)).to.deep.equal([100, 0]);
    });
  });

  describe("spec runtime item 11: unavailable command targets", () => {
    it("spec runtime item 11 / error table: a write the command plane refuses is recorded as failed with its reason; the rule's success flag is false; later actions still run", () => {
      const io = recordingIo(catalog, { "5.M1": 12 }, { refuse: "no writer on channel virtual-1 (restarted)" });
      const result = executeRule(ruleOf("input x = measurement(5, 1)\nwrite action(5, 10) = x\nwrite action(5, 11) = 1"), io);
      expect(result.success).to.equal(false);
      expect(result.actions.map((a) => [a.point, a.success, a.reason])).to.deep.equal([
        [10, false, "no writer on channel virtual-1 (restarted)"],
        [11, false, "no writer on channel virtual-1 (restarted)"],
      ]);
    });

    it("spec runtime item 11: a write to an action point the site model does not declare fails with a reason", () => {
      const io = recordingIo(catalog, {});
      const result = executeRule(ruleOf("write action(42, 1) = 1"), io);
      expect(result.success).to.equal(false);
      expect(result.actions[0]).to.include({ success: false, reason: "the site model declares no action point 1 on instance 42" });
      expect(io.writes).to.deep.equal([]);
    });
  });

  describe("walking the topology", () => {
    it("a first switch takes the first true rule; an all switch takes every true rule in order", () => {
      const body = (mode: string) => `input x = measurement(5, 1)
        match ${mode} {
          when a: x > 1 { write action(5, 10) = 1 }
          when b: x > 2 { write action(5, 10) = 2 }
        }`;
      const first = executeRule(ruleOf(body("first")), recordingIo(catalog, { "5.M1": 5 }));
      expect(first.actions.map((a) => a.value)).to.deep.equal([1]);
      const all = executeRule(ruleOf(body("all")), recordingIo(catalog, { "5.M1": 5 }));
      expect(all.actions.map((a) => a.value)).to.deep.equal([1, 2]);
      expect(all.matched.map((m) => m.output)).to.deep.equal(["a", "b"]);
      expect(all.nodes.find((n) => n.type === "switch")).to.deep.equal({ node: "switch_1", type: "switch", outputs: ["a", "b"] });
      expect(all.path.filter((id) => id === "end"), "the shared end runs once per path").to.have.length(2);
    });

    it("a fork runs each branch to its end, so a node reached twice runs twice", () => {
      const rule = ruleOf("param k = 3\nfork { write action(5, 10) = k } { write action(5, 10) = k * 2 }\nwrite action(5, 11) = 1");
      const io = recordingIo(catalog, {});
      const result = executeRule(rule, io);
      expect(io.writes.map((w) => w.value)).to.deep.equal([3, 1, 6, 1]);
      expect(result.path.filter((id) => id === "change_3")).to.have.length(2);
    });

    it("calc assignments run in order and later ones read earlier ones; boolean params work in conditions", () => {
      const rule = ruleOf("input x = measurement(5, 1)\nparam enabled = true\nlet a = x * 2\nlet b = a + 1\nwhen enabled && b > 10 { write action(5, 10) = b }");
      const result = executeRule(rule, recordingIo(catalog, { "5.M1": 6 }));
      expect(result.variables).to.deep.equal({ x: 6, enabled: true, a: 12, b: 13 });
      expect(result.actions[0]).to.include({ value: 13, success: true });
    });

    it("a variable not assigned on the path taken is NaN in the snapshot (null in JSON)", () => {
      const rule = ruleOf("input x = measurement(5, 1)\nwhen x > 1 { let y = x\nwrite action(5, 10) = y }");
      const result = executeRule(rule, recordingIo(catalog, { "5.M1": 0 }));
      expect(JSON.parse(JSON.stringify(result.variables))).to.deep.equal({ x: 0, y: null });
    });

    it("a variable named __proto__ is an own property of the snapshot", () => {
      const rule = ruleOf("param __proto__ = 4\nwrite action(5, 10) = __proto__");
      const result = executeRule(rule, recordingIo(catalog, {}));
      expect(Object.getPrototypeOf(result.variables)).to.equal(Object.prototype);
      expect(Object.keys(result.variables)).to.deep.equal(["__proto__"]);
      expect(result.actions[0]!.value).to.equal(4);
    });

    it("a stub rule (nodes_json {}) executes successfully and does nothing", () => {
      const compiled = compileRule({}, catalog);
      if (!compiled.ok) throw new Error("stub must compile");
      const result = executeRule(compiled.rule, recordingIo(catalog, {}));
      expect(result).to.deep.equal({ success: true, actions: [], path: [], matched: [], variables: {}, nodes: [], short_circuit: null });
    });

    it("the decision alone (compiled without recording) acts exactly like the recording executor", () => {
      const nodes = compileRuleSource(`rule "r" {\n${TYPICAL}\n}`).rules[0]!.nodes_json;
      const lean = compileRule(nodes, catalog, { record: false });
      if (!lean.ok) throw new Error("must compile");
      for (const [t, occupied] of [[23.5, 1], [18, 1], [21, 0], [21, 1], [NaN, 1]] as const) {
        const a = recordingIo(catalog, { "5.M1": t, "5.M2": 21, "5.M3": occupied });
        const b = recordingIo(catalog, { "5.M1": t, "5.M2": 21, "5.M3": occupied });
        expect(decideRule(lean.rule, a)).to.equal(executeRule(ruleOf(TYPICAL), b).success);
        expect(a.writes).to.deep.equal(b.writes);
      }
    });
  });

  describe("compiling stored topologies", () => {
    it("reports a topology that fails its schema, has a cycle or an expression that does not check, and compiles nothing", () => {
      const bad = (nodes: object) => compileRule({ start: "s", nodes }, catalog);
      const schema = compileRule({ start: "s" }, catalog);
      expect(schema.ok).to.equal(false);
      const cycle = bad({ s: { type: "start", next: { default: ["c"] } }, c: { type: "calc", assign: [{ name: "a", expr: "1" }], next: { default: ["c"] } } });
      expect(cycle.ok ? [] : cycle.diagnostics.map((d) => d.code)).to.deep.equal(["runtime/invalid-topology"]);
      const expression = bad({ s: { type: "start", next: { default: ["c"] } }, c: { type: "calc", assign: [{ name: "a", expr: "nope + 1" }], next: { default: ["e"] } }, e: { type: "end" } });
      expect(expression.ok ? [] : expression.diagnostics.map((d) => d.code)).to.deep.equal(["runtime/invalid-expression"]);
    });

    it("compiles every demo rule against a catalog that declares its points", async () => {
      const { readdir, readFile } = await import("node:fs/promises");
      const { join } = await import("node:path");
      const { projectRoot } = await import("../helpers/paths.js");
      const dir = join(projectRoot, "examples/packs/demo/rules");
      for (const file of (await readdir(dir)).filter((f) => f.endsWith(".rule"))) {
        const { demoSite } = await import("../helpers/demo-site.js");
        const result = compileRuleSource(await readFile(join(dir, file), "utf8"), { site: demoSite() });
        expect(result.diagnostics, file).to.deep.equal([]);
        for (const rule of result.rules) {
          const compiled = compileRule(rule.nodes_json, catalog);
          expect(compiled.ok, `${file}: ${rule.name}`).to.equal(true);
        }
      }
    });
  });
});
