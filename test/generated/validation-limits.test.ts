// Issue 19: the generated validators refuse an array past its maxItems (an object past its
// maxProperties) without checking its items, collect errors in linear time, cap the diagnostics,
// and every array or map a client or a file can send has a limit in its schema.
import { expect } from "chai";
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import * as generated from "../../generated/index.js";
import * as raw from "../../generated/validators.js";
import { resolveSchemaFile } from "../../compiler/codegen/schema-source.js";
import { fromRoot } from "../helpers/paths.js";

const zeros = (count: number) => new Array<number>(count).fill(0);

/** How many elements Array.prototype.concat copies while `run` runs. */
function elementsConcatenated(run: () => void): number {
  const original = Array.prototype.concat;
  let copied = 0;
  Array.prototype.concat = function (this: unknown[], ...items: unknown[]) {
    const result = original.apply(this, items);
    copied += result.length;
    return result;
  } as typeof original;
  try {
    run();
  } finally {
    Array.prototype.concat = original;
  }
  return copied;
}

describe("generated validators: limits first, linear errors, capped diagnostics (issue 19)", () => {
  it("issue 19: the generated guard on an over-long array reports the maxItems error without per-item errors", () => {
    const diagnostics: generated.Diagnostic[] = [];
    expect(generated.validateFlowJson({ nodes: zeros(100_000), edges: [] }, diagnostics)).to.equal(false);
    expect(diagnostics).to.deep.equal([{ code: "schema/max-items", severity: "error", message: "must have at most 1000 items", path: "/nodes" }]);
    const rawFlow = raw.rawValidateFlowJson as unknown as ((value: unknown) => boolean) & { errors: unknown[] };
    rawFlow({ nodes: zeros(1001), edges: [] });
    expect(rawFlow.errors).to.have.length(1);
    // The same in every validator: a batch past 5000 operations, a nested array inside a batch.
    const batch: generated.Diagnostic[] = [];
    generated.validateRuleBatchRequest({ confirmed: true, operations: zeros(6000) }, batch);
    expect(batch.map((d) => [d.code, d.path])).to.deep.equal([["schema/max-items", "/operations"]]);
    const nested: generated.Diagnostic[] = [];
    generated.validateRuleBatchRequest({ confirmed: true, operations: [{ op: "create", name: "r", flow_json: { nodes: [], edges: zeros(20_000) } }] }, nested);
    expect(nested.map((d) => [d.code, d.path, d.message])).to.deep.equal([["schema/max-items", "/operations/0/flow_json/edges", "must have at most 10000 items"]]);
  });

  it("issue 19: an object map past its maxProperties is refused without checking each key", () => {
    const wires = Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`not an identifier ${i}`, 0]));
    const diagnostics: generated.Diagnostic[] = [];
    const flow = { nodes: [{ id: "s", type: "start", position: { x: 0, y: 0 }, data: { config: { wires } } }], edges: [] };
    expect(generated.validateFlowJson(flow, diagnostics)).to.equal(false);
    expect(diagnostics.map((d) => [d.code, d.path, d.message])).to.deep.equal([["schema/max-properties", "/nodes/0/data/config/wires", "must have at most 1001 properties"]]);
  });

  it("issue 19: the error collection is linear: 5,000 wrong edges (within the limit) copy no error list", () => {
    let diagnostics: generated.Diagnostic[] = [];
    const copied = elementsConcatenated(() => {
      diagnostics = [];
      generated.validateFlowJson({ nodes: [], edges: zeros(5000) }, diagnostics);
    });
    // ajv's own code copied the list once per item: 5,000 * 5,001 / 2 elements.
    expect(copied).to.be.lessThan(5000);
    expect(diagnostics).to.have.length(101);
    expect(diagnostics[100]).to.deep.equal({ code: "schema/too-many-problems", severity: "error", message: "4900 more problems not listed: only the first 100 are", path: "" });
    expect(readFileSync(fromRoot("generated/validators.ts"), "utf8")).not.to.include("vErrors.concat(");
  });

  it("issue 19: 200,000 wrong items within the limits are answered: collection stops at 10,000 errors and 100 diagnostics are listed", () => {
    // Within the scenario file's limits (200,000 steps each): two scenarios of 100,000 wrong steps.
    const diagnostics: generated.Diagnostic[] = [];
    const scenario = (name: string) => ({ name, rules: "r", steps: zeros(100_000) });
    const copied = elementsConcatenated(() => void generated.validateYamlScenarioFile({ scenarios: [scenario("a"), scenario("b")] }, diagnostics));
    expect(copied).to.be.lessThan(200_000);
    expect(diagnostics).to.have.length(generated.MAX_SCHEMA_DIAGNOSTICS + 1);
    expect(diagnostics.at(-1)!.code).to.equal("schema/too-many-problems");
    expect(diagnostics.at(-1)!.message).to.match(/^at least \d+ more problems not listed: only the first 100 are/);
  });

  it("issue 19: a check stops collecting at 10,000 errors: a batch of 20 flows of 1,000 wrong nodes each lists 100 and says there are more", () => {
    const diagnostics: generated.Diagnostic[] = [];
    const operations = Array.from({ length: 20 }, (_, i) => ({ op: "create", name: `r${i}`, flow_json: { nodes: zeros(1000), edges: [] } }));
    expect(generated.validateRuleBatchRequest({ confirmed: true, operations }, diagnostics)).to.equal(false);
    expect(diagnostics).to.have.length(101);
    expect(diagnostics[0]).to.include({ path: "/operations/0/flow_json/nodes/0", message: "expected an object, got an integer" });
    expect(diagnostics[100]).to.deep.equal({
      code: "schema/too-many-problems",
      severity: "error",
      message: "at least 9900 more problems not listed: only the first 100 are (the check stopped counting)",
      path: "",
    });
  });

  it("a wire's targets are checked for duplicates in one pass that still finds \"__proto__\" twice, naming the earlier and the later item", () => {
    const diagnostics: generated.Diagnostic[] = [];
    const flow = { nodes: [{ id: "s", type: "start", position: { x: 0, y: 0 }, data: { config: { wires: { default: ["a", "__proto__", "b", "__proto__"] } } } }], edges: [] };
    expect(generated.validateFlowJson(flow, diagnostics)).to.equal(false);
    expect(diagnostics.map((d) => [d.code, d.path, d.message])).to.deep.equal([
      ["schema/unique-items", "/nodes/0/data/config/wires/default/3", "items 1 and 3 are identical; each item may appear once"],
    ]);
  });

  it("issue 19: every array and object map a client or a file can send has maxItems / maxProperties in its schema", () => {
    const schemasDir = fromRoot("schemas");
    const files = listFiles(schemasDir).map((p) => relative(schemasDir, p).split("\\").join("/"));
    const docs = new Map(files.map((file) => [file, JSON.parse(readFileSync(join(schemasDir, file), "utf8")) as Record<string, unknown>]));
    // Answers the service writes and never reads back; everything else is input (bodies, queries, files, processors).
    const outputs = new Set([
      "audit-chain-report", "audit-event-page", "data-processing-task-list", "decision-page", "derived-data-page", "diagnostic",
      "error-response", "execution-result", "history-page", "platform-metadata", "processor-health-report", "reload-summary",
      "rule-batch-result", "rule-summary-page", "rule-validation", "rule-variables", "scheduler-status-report", "site-points",
    ].map((name) => `${name}.schema.json`));
    const missing: string[] = [];
    const seen = new Set<string>();
    const visit = (file: string, pointer: string, schema: unknown): void => {
      const key = `${file}#${pointer}`;
      if (schema === null || typeof schema !== "object" || seen.has(key)) return;
      seen.add(key);
      const s = schema as Record<string, unknown>;
      const types = ([] as unknown[]).concat(s.type ?? []);
      if ((types.includes("array") || s.items !== undefined) && s.items !== undefined && s.maxItems === undefined) missing.push(`${key} (maxItems)`);
      const isMap = (typeof s.additionalProperties === "object" && s.additionalProperties !== null) || s.patternProperties !== undefined;
      if (isMap && s.maxProperties === undefined) missing.push(`${key} (maxProperties)`);
      if (typeof s.$ref === "string") {
        const [target = "", fragment = ""] = s.$ref.split("#");
        const refFile = resolveSchemaFile(file, target);
        let resolved: unknown = docs.get(refFile);
        for (const part of fragment.split("/").filter(Boolean)) resolved = (resolved as Record<string, unknown>)[part];
        visit(refFile, fragment, resolved);
      }
      for (const [name, child] of Object.entries(s)) {
        if (["properties", "patternProperties", "$defs"].includes(name) && child && typeof child === "object") {
          for (const [sub, value] of Object.entries(child)) if (name !== "$defs") visit(file, `${pointer}/${name}/${sub}`, value);
        } else if (["allOf", "anyOf", "oneOf", "prefixItems"].includes(name) && Array.isArray(child)) {
          child.forEach((value, i) => visit(file, `${pointer}/${name}/${i}`, value));
        } else if (["items", "additionalProperties", "propertyNames", "contains", "not", "if", "then", "else"].includes(name)) {
          visit(file, `${pointer}/${name}`, child);
        }
      }
    };
    for (const [file, doc] of docs) if (!outputs.has(file)) visit(file, "", doc);
    expect(missing).to.deep.equal([]);
  });
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? listFiles(join(dir, e.name)) : e.name.endsWith(".schema.json") ? [join(dir, e.name)] : []));
}
