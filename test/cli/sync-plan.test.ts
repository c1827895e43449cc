// The sync plan as a pure function: rules defined by files against rules held by the service,
// no server. Issue 8 item 2: create / update / unchanged / delete, by name.
import { expect } from "chai";
import { compileFlow } from "../../compiler/front-ends/flow-json/index.js";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import type { FlowJson, Rule, RuleSummary } from "../../generated/types.js";
import { differencesOf } from "../../cli/sync/rule-differences.js";
import { duplicateNames, isWrite, planSync, rulesToRead, type DesiredRule, type PlanOptions, type PlanStep } from "../../cli/sync/sync-plan.js";

function ruleText(name: string, threshold = 5, trigger = "every 10s"): string {
  return `rule "${name}" {\n  trigger ${trigger}\n  input t = measurement(5, 1)\n  when t > ${threshold} { write action(7, 2) = 1 }\n}\n`;
}

function desired(name: string, threshold = 5, trigger = "every 10s"): DesiredRule {
  const compiled = compileRuleSource(ruleText(name, threshold, trigger));
  expect(compiled.diagnostics).to.deep.equal([]);
  return { ...compiled.rules[0]!, file: `rules/${name}.rule` };
}

/** The rule as the service would hold it after a sync of `rule`, with `changes` on top. */
function stored(id: number, rule: DesiredRule, changes: Partial<Rule> = {}): Rule {
  const { file: _file, ...fields } = rule;
  return { id, enabled: false, created_at: "2024-01-01T00:00:00.000Z", updated_at: "2024-01-01T00:00:00.000Z", ...fields, ...changes };
}

function stub(id: number, name: string): Rule {
  return { id, name, description: "", enabled: false, priority: 0, cooldown_ms: 0, trigger_config: null, flow_json: null, nodes_json: {}, created_at: "2024-01-01T00:00:00.000Z", updated_at: "2024-01-01T00:00:00.000Z" };
}

const summary = ({ id, name, enabled, description }: Rule): RuleSummary => ({ id, name, enabled, description });

const SYNC: PlanOptions = { others: "keep", enable: false };

function plan(files: DesiredRule[], service: Rule[], options: PlanOptions = SYNC): PlanStep[] {
  const result = planSync(files, { summaries: service.map(summary), rules: service }, options);
  if (!result.ok) throw new Error(`unexpected duplicates: ${JSON.stringify(result.duplicates)}`);
  return result.steps;
}

const brief = (steps: PlanStep[]): string[] => steps.map((s) => `${s.action} ${s.id ?? "-"} ${s.name}${s.changes ? ` (${s.changes.join(", ")})` : ""}`);

/** The same flow laid out by an editor: other node ids, positions and labels. */
function relaidOut(flow: FlowJson): { flow_json: FlowJson; nodes_json: Rule["nodes_json"] } {
  const id = (old: string): string => `editor-${old}`;
  const document = structuredClone(flow) as unknown as {
    nodes: Array<{ id: string; position: { x: number; y: number }; data: { label?: string; config?: { wires?: Record<string, string[]> } } }>;
    edges: Array<{ id: string; source: string; target: string }>;
  };
  for (const node of document.nodes) {
    node.id = id(node.id);
    node.position = { x: node.position.x * 2 + 13, y: node.position.y + 40 };
    node.data.label = `moved ${node.data.label ?? ""}`;
    const wires = node.data.config?.wires ?? {};
    for (const output of Object.keys(wires)) wires[output] = wires[output]!.map(id);
  }
  for (const edge of document.edges) Object.assign(edge, { id: id(edge.id), source: id(edge.source), target: id(edge.target) });
  const compiled = compileFlow(document);
  if (!compiled.ok) throw new Error(JSON.stringify(compiled.diagnostics));
  return { flow_json: compiled.flow_json, nodes_json: compiled.nodes_json };
}

describe("the sync plan (pure)", () => {
  it("creates the rules the service lacks, updates those that differ, leaves equal ones (issue 8 item 2)", () => {
    const files = [desired("New"), desired("Changed", 7), desired("Same")];
    const service = [stored(3, desired("Changed", 5)), stored(4, desired("Same"))];
    expect(brief(plan(files, service))).to.deep.equal(["create - New", "update 3 Changed (flow)", "unchanged 4 Same"]);
  });

  it("names each field that differs", () => {
    const file = { ...desired("R", 5, "on_change(t)"), description: "new words", priority: 3, cooldown_ms: 1000 };
    expect(differencesOf(file, stored(1, desired("R")))).to.deep.equal(["trigger_config", "description", "priority", "cooldown_ms"]);
    expect(differencesOf(file, stored(1, file))).to.deep.equal([]);
  });

  it("without --prune lists the service's other rules as kept; with it, deletes them; import leaves them out", () => {
    const files = [desired("Mine")];
    const service = [stored(9, desired("Hand-made")), stored(2, desired("Mine"))];
    expect(brief(plan(files, service))).to.deep.equal(["unchanged 2 Mine", "keep 9 Hand-made"]);
    expect(brief(plan(files, service, { others: "delete", enable: false }))).to.deep.equal(["unchanged 2 Mine", "delete 9 Hand-made"]);
    expect(brief(plan(files, service, { others: "ignore", enable: false }))).to.deep.equal(["unchanged 2 Mine"]);
  });

  it("orders the steps as they are applied: creates, updates, (unchanged), enables, deletes", () => {
    const files = [desired("B same"), desired("A new"), desired("C changed", 9)];
    const service = [stored(5, desired("Other")), stored(1, desired("B same")), stored(2, desired("C changed"), { enabled: true })];
    const steps = plan(files, service, { others: "delete", enable: true });
    expect(brief(steps)).to.deep.equal(["create - A new", "update 2 C changed (flow)", "unchanged 1 B same", "enable 1 B same", "enable - A new", "delete 5 Other"]);
    expect(steps.filter(isWrite).map((s) => s.action)).to.deep.equal(["create", "update", "enable", "enable", "delete"]);
  });

  it("--enable adds an enable step only for rules that are or will be disabled", () => {
    const files = [desired("On"), desired("Off"), desired("New")];
    const service = [stored(1, desired("On"), { enabled: true }), stored(2, desired("Off"))];
    expect(brief(plan(files, service, { others: "keep", enable: true }).filter((s) => s.action === "enable"))).to.deep.equal(["enable 2 Off", "enable - New"]);
    expect(plan(files, service).some((s) => s.action === "enable"), "without --enable states are kept").to.equal(false);
  });

  it("a flow that differs only in layout and node ids is unchanged (an editor's layout is kept)", () => {
    const file = desired("Laid out");
    const inEditor = stored(7, file, relaidOut(file.flow_json));
    expect(inEditor.flow_json, "the editor document really differs").to.not.deep.equal(file.flow_json);
    expect(Object.keys((inEditor.nodes_json as { nodes: object }).nodes)).to.not.deep.equal(Object.keys(file.nodes_json.nodes));
    expect(brief(plan([file], [inEditor]))).to.deep.equal(["unchanged 7 Laid out"]);
  });

  it("a compact-only legacy rule (flow_json null) is unchanged when its topology matches", () => {
    const file = desired("Legacy");
    expect(brief(plan([file], [stored(4, file, { flow_json: null })]))).to.deep.equal(["unchanged 4 Legacy"]);
    expect(brief(plan([desired("Legacy", 6)], [stored(4, file, { flow_json: null })]))).to.deep.equal(["update 4 Legacy (flow)"]);
  });

  it("a stub (flow_json null, nodes_json {}) is never unchanged", () => {
    const file = { ...desired("Stubbed"), trigger_config: null };
    expect(brief(plan([file], [stub(6, "Stubbed")]))).to.deep.equal(["update 6 Stubbed (flow)"]);
  });

  it("a name the service holds twice cannot be planned: the duplicates come back with their ids", () => {
    const files = [desired("Twice"), desired("Once")];
    const service = [stored(8, desired("Twice")), stored(3, desired("Once")), stored(5, desired("Twice")), stored(1, desired("Other")), stored(2, desired("Other"))];
    const result = planSync(files, { summaries: service.map(summary), rules: service }, SYNC);
    expect(result).to.deep.equal({ ok: false, duplicates: [{ name: "Twice", ids: [5, 8] }] });
    expect(duplicateNames(files, service.map(summary)), "two rules of a name no file defines are no obstacle").to.have.length(1);
  });

  it("reads in full only the service rules whose name a file defines", () => {
    const service = [stored(1, desired("A")), stored(2, desired("Not in the files")), stored(3, desired("B"))];
    expect(rulesToRead([desired("A"), desired("B"), desired("C")], service.map(summary))).to.deep.equal([1, 3]);
  });

  it("never mutates its input", () => {
    const files = [desired("A", 6), desired("B")];
    const service = [stored(1, desired("A")), stored(9, desired("Z"))];
    const before = JSON.stringify({ files, service });
    plan(files, service, { others: "delete", enable: true });
    expect(JSON.stringify({ files, service })).to.equal(before);
  });
});
