// The check sync and import ask the service for before any change (issue 17, CLI fixes): one
// validate request per rule that is created or updated, none for the others, and the answer's
// diagnostics placed in the rule's file (the statement naming the point, or the JSON path); and
// what the report says of a stub left by a refused flow.
import { expect } from "chai";
import type { ApiClient } from "../../cli/api/api-client.js";
import { ApiError } from "../../cli/api/api-errors.js";
import type { Console } from "../../cli/console.js";
import { printSyncReport } from "../../cli/sync/print-sync.js";
import type { FileResult } from "../../cli/source-files.js";
import type { DesiredRule, PlanStep } from "../../cli/sync/sync-plan.js";
import { pointAt, validatePlan } from "../../cli/sync/validate-plan.js";
import { compileRuleSource } from "../../compiler/front-ends/dsl/index.js";
import type { RuleValidateRequest, RuleValidation } from "../../generated/types.js";

const TEXT = `rule "A" {
  trigger every 1m
  input t = measurement(99, 1)
  when t > 1 { write action(7, 3) = 1 }
}

rule "B" {
  trigger every 1m
  input t = measurement(5, 1)
  when t > 1 { write action(7, 3) = 2 }
}
`;

const result: FileResult = { file: "pack/rules/ab.rule", kind: "dsl", text: TEXT, diagnostics: [], outputs: [] };
const [a, b] = compileRuleSource(TEXT).rules.map((r): DesiredRule => ({ ...r, file: result.file }));

/** A service whose site has no instance 99: answers like POST /api/rules/validate, counting requests. */
function fakeService(): { client: ApiClient; sent: RuleValidateRequest[] } {
  const sent: RuleValidateRequest[] = [];
  const validateRule = async (request: RuleValidateRequest): Promise<RuleValidation> => {
    sent.push(request);
    const nodes = (request.flow_json as { nodes: Array<{ id: string; data: { config: { variables?: Array<{ instance: number }> } } }> }).nodes;
    const index = nodes.findIndex((n) => n.data.config.variables?.[0]?.instance === 99);
    if (index < 0) return { valid: true, diagnostics: [], rules: [] };
    const path = `/nodes/${index}/data/config/variables/0/instance`;
    return { valid: false, diagnostics: [{ code: "point/unknown-instance", severity: "error", message: "no instance 99", path, nodeId: nodes[index]!.id }], rules: [] };
  };
  return { client: { validateRule } as unknown as ApiClient, sent };
}

describe("issue 17: validatePlan, the service's check before sync or import change anything", () => {
  it("issue 17: one validate request per create or update, none for unchanged, enable or delete steps", async () => {
    const { client, sent } = fakeService();
    const steps: PlanStep[] = [
      { action: "create", id: null, name: "A", file: result.file, rule: a },
      { action: "update", id: 2, name: "B", file: result.file, changes: ["flow"], rule: b },
      { action: "unchanged", id: 3, name: "C", file: "c.rule" },
      { action: "enable", id: null, name: "A", file: result.file },
      { action: "delete", id: 4, name: "D", file: null },
    ];
    const invalid = await validatePlan(steps, [result], client);
    expect(sent).to.have.length(2);
    expect(sent[0]).to.deep.equal({ flow_json: a!.flow_json, trigger_config: a!.trigger_config });
    expect(invalid.rules).to.deep.equal(["A"]);
    const [d] = invalid.files[0]!.diagnostics;
    expect(d!.code).to.equal("point/unknown-instance");
    expect(d!.span!.start).to.include({ line: 3, column: 13 }); // measurement(99, 1) of rule A
    expect(d!.nodeId).to.be.a("string");
    expect(d!.message).to.contain(`refuses rule "A"`);
  });

  it("issue 17: in a rule JSON file (svc export's json/<name>.json) the path leads into its flow_json", async () => {
    const { client } = fakeService();
    const json: FileResult = { file: "a.json", kind: "flow", text: "{}", diagnostics: [], outputs: [] };
    const invalid = await validatePlan([{ action: "create", id: null, name: "A", file: "a.json", rule: { ...a!, file: "a.json" } }], [json], client);
    expect(invalid.files[0]!.diagnostics[0]!.path).to.match(/^\/flow_json\/nodes\/\d+\/data\/config\/variables\/0\/instance$/);
  });

  it("issue 17: pointAt finds the point of the object a path leads into, or none", () => {
    const flow = { nodes: [{ data: { config: { writes: [{ instance: 7, point_type: "action", point: 3, value: "1" }] } } }] };
    expect(pointAt(flow, "/nodes/0/data/config/writes/0/value")).to.deep.equal({ instance: 7, point_type: "action", point: 3 });
    expect(pointAt(flow, "/nodes/0/data")).to.equal(undefined);
    expect(pointAt(flow, "/nodes/5/x")).to.equal(undefined);
  });
});

describe("issue 19.1: the report of a refused batch", () => {
  it("issue 19.1: nothing was applied and no stub is left: the report names the write the service refused and lists every write as not applied", () => {
    let out = "";
    const console = { out: (t: string) => (out += t), err: () => undefined } as unknown as Console;
    const step: PlanStep = { action: "create", id: null, name: "A", file: result.file, rule: a };
    const other: PlanStep = { action: "delete", id: 4, name: "B", file: null };
    const refused = new ApiError(409, "duplicate-name", "operation 0 (create \"A\"): rule 3 is already named \"A\"", undefined, { operation: 0 });
    printSyncReport({ command: "sync", source: "pack", dryRun: false, enable: false, steps: [step, other], reload: null, outcome: { applied: [], notApplied: [step, other], failure: { step, error: refused }, reload: null } }, console, false);
    expect(out).to.contain(`the service refused the batch at create "A"  (${result.file}): nothing was applied (svc sync sends every write in one transaction)`);
    expect(out).to.contain(`not applied (2):\n  create    "A"  (${result.file})\n  delete    #4 "B"\n`);
    expect(out).to.not.contain("stub");
    expect(out).to.contain("0 created, 0 updated, 0 unchanged, 0 deleted");
  });
});
