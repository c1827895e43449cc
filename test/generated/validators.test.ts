// Loads and runs every generated validator (ajv's standalone output must load as an ES module),
// and checks that schema problems come out in our diagnostic shape.
import { expect } from "chai";
import { readFileSync } from "node:fs";
import * as generated from "../../generated/index.js";
import { fromRoot } from "../helpers/paths.js";
import { API_SAMPLES } from "./api-samples.js";
import { DATA_PROCESSING_SAMPLES } from "./data-processing-samples.js";

const minimalFlow = JSON.parse(readFileSync(fromRoot("examples/packs/demo/flows/minimal.flow.json"), "utf8")) as unknown;

// One valid and one invalid value per schema root; adding a schema without samples fails here.
const SAMPLES: Record<keyof typeof generated.schemaIds, { valid: unknown[]; invalid: unknown[] }> = {
  ...API_SAMPLES,
  ...(DATA_PROCESSING_SAMPLES as Record<keyof typeof generated.schemaIds, { valid: unknown[]; invalid: unknown[] }>),
  Diagnostic: {
    valid: [{ code: "flow/cycle", severity: "error", message: "m", path: "/nodes/1", nodeId: "a", span: { start: { line: 1, column: 1, offset: 0 }, end: { line: 1, column: 2, offset: 1 } } }],
    invalid: [{ code: "Cycle", severity: "fatal", message: "" }],
  },
  FlowJson: { valid: [minimalFlow], invalid: [{ nodes: [{ id: "a", type: "start" }], edges: [] }] },
  NodesJson: {
    valid: [{}, { start: "s", nodes: { s: { type: "start", next: { default: ["e"] } }, e: { type: "end" } } }],
    invalid: [{ start: "s" }, { start: "s", nodes: { s: { type: "start" }, e: { type: "end" } } }],
  },
  Rule: {
    valid: [{ id: 1, name: "r", description: "", enabled: false, priority: 0, cooldown_ms: 0, trigger_config: null, flow_json: null, nodes_json: {}, created_at: "2026-11-21T05:00:00Z", updated_at: "2026-11-21T05:00:00.123Z" }],
    invalid: [{ id: 0, name: "", enabled: "no" }],
  },
  YamlRuleFile: {
    valid: [
      { rules: [] },
      {
        rules: [
          {
            name: "r",
            cooldown: "1m30s",
            trigger: { on_change: ["t", "measurement(1, 2)"], deadband: "5s", value: "2%" },
            steps: [{ input: { t: "measurement(1, 2)" } }, { when: "t > 1", output: "hot", then: [{ write: "action(7, 1)", value: 1 }, "end"] }, { else: [] }],
          },
          { name: "f", trigger: { every: "1s" }, flow: minimalFlow },
        ],
      },
    ],
    invalid: [
      { rules: [{ name: "r" }] },
      { rules: [{ name: "r", cooldown: "30", steps: [{ inptu: {} }, "stop", { write: "action(7, 1)" }] }] },
      { rules: [{ name: "r", trigger: { on_change: [] }, steps: [{ fork: [[]] }] }] },
    ],
  },
  YamlScenarioFile: {
    valid: [
      { scenarios: [] },
      {
        scenarios: [
          {
            name: "s",
            rules: ["r"],
            start: "2026-01-05T08:00:00+01:00",
            duration: "1h30m",
            tick: "250ms",
            initial: { "zone1.room_temp": 23, "measurement(12, 7)": null },
            steps: [
              { at: "30s", set: { "zone1.room_temp": 24 } },
              { at: "1m", ramp: { "zone1.room_temp": 26 }, over: "10m", every: "1m" },
              { at: "2026-01-05T08:05:00Z", disable: ["r"] },
              { at: "6m", channel_down: "virtual-1" },
            ],
            expect: [
              { write: "ahu1.cooling_stage", value: 1, tolerance: 0.01, within: ["30s", "1m"], count: 1, by: "r" },
              { no_write: "action(7, 1)", within: ["31s", "5m"] },
              { execution: "r", at: "30s", outcome: "failed", reason: "out of range" },
              { no_execution: "r" },
              { suppressed: "r", reason: "cooldown", count: 2 },
            ],
          },
        ],
      },
    ],
    invalid: [
      { scenarios: [{ name: "s", steps: [{ at: 30, set: {} }] }] },
      { scenarios: [{ name: "s", expect: [{ wirte: "ahu1.cooling_stage" }] }] },
      { scenarios: [{ name: "s", initial: { "not a point": 1 }, expect: [{ suppressed: "r", reason: "because" }] }] },
    ],
  },
  SiteModel: {
    valid: [
      { channels: [], instances: [] },
      {
        channels: [{ id: "virtual-1", protocol: "virtual" }],
        instances: [
          {
            id: 7,
            name: "AHU-1",
            model: "ahu",
            channel: "virtual-1",
            points: [
              { type: "measurement", point: 4, name: "fan_status", unit: "", simulate: { kind: "ramp", base: 0, amplitude: 1, period_s: 60 } },
              { type: "action", point: 4, name: "fan_command", unit: "", min: 0, max: 1, reads_back: 4 },
            ],
          },
        ],
      },
    ],
    invalid: [
      { channels: [{ id: "v", protocol: "mqtt" }], instances: [] },
      { channels: [], instances: [{ id: 1, name: "i", model: "m", channel: "v", points: [{ type: "action", point: 1, name: "a", unit: "", simulate: { kind: "constant" } }] }] },
      { channels: [], instances: [{ id: 1, name: "i", model: "m", channel: "v", points: [{ type: "measurement", point: 1, name: "m", unit: "", simulate: { kind: "ramp" } }] }] },
    ],
  },
  TriggerConfig: {
    valid: [
      { type: "interval", interval_ms: 1000 },
      { type: "on_change", point_refs: [{ instance: 12, point_type: "measurement", point: 3 }], time_deadband_ms: 5000, value_deadband: { absolute: 0.2 } },
      { type: "on_change", point_refs: [{ instance: 12, point_type: "action", point: 1 }], value_deadband: { percent: 5 } },
      { type: "on_change", point_refs: [{ instance: 1, point_type: "measurement", point: 1 }], value_deadband: null },
    ],
    invalid: [
      { type: "interval" },
      { type: "cron", expression: "* * * * *" },
      { type: "on_change", point_refs: [] },
      { type: "on_change", point_refs: [{ instance: 1, point_type: "measurement", point: 1 }], value_deadband: { absolute: 0.2, percent: 5 } },
      { type: "on_change", point_refs: [{ instance: 1, point_type: "measurement", point: 1 }], value_deadband: { absolute: 0 } },
    ],
  },
};

describe("generated validators and guards", () => {
  for (const [typeName, { valid, invalid }] of Object.entries(SAMPLES)) {
    const guard = (generated as unknown as Record<string, (value: unknown, diagnostics?: generated.Diagnostic[]) => boolean>)[`validate${typeName}`]!;

    it(`validate${typeName} accepts valid values and explains invalid ones`, () => {
      for (const value of valid) {
        const diagnostics: generated.Diagnostic[] = [];
        expect(guard(value, diagnostics), JSON.stringify(diagnostics)).to.equal(true);
        expect(diagnostics).to.deep.equal([]);
      }
      for (const value of invalid) {
        const diagnostics: generated.Diagnostic[] = [];
        expect(guard(value, diagnostics), JSON.stringify(value)).to.equal(false);
        expect(diagnostics).to.not.be.empty;
        for (const d of diagnostics) {
          expect(generated.validateDiagnostic(d), JSON.stringify(d)).to.equal(true);
          expect(d.code).to.match(/^schema\//);
          expect(d.path).to.be.a("string");
        }
      }
    });
  }

  it("has samples for every schema with a guard", () => {
    expect(Object.keys(SAMPLES).sort()).to.deep.equal(Object.keys(generated.schemaIds).sort());
  });

  it("points at the offending value with a JSON Pointer and suggests the property meant", () => {
    const diagnostics: generated.Diagnostic[] = [];
    generated.validateTriggerConfig({ type: "on_change", point_refs: [{ instance: 1, point_type: "measurement", pointt: 1 }] }, diagnostics);
    expect(diagnostics).to.deep.include({ code: "schema/additional-properties", severity: "error", message: "unknown property 'pointt'", path: "/point_refs/0/pointt", suggestion: "did you mean 'point'?" });
    expect(diagnostics).to.deep.include({ code: "schema/required", severity: "error", message: "missing required property 'point'", path: "/point_refs/0" });
  });

  it("names the allowed variants of a tagged union (trigger_config, discriminated by type)", () => {
    const diagnostics: generated.Diagnostic[] = [];
    generated.validateTriggerConfig({ type: "on_chang" }, diagnostics);
    expect(diagnostics).to.deep.equal([
      { code: "schema/discriminator", severity: "error", message: 'unknown type "on_chang"; expected one of interval, on_change', path: "/type", suggestion: "did you mean 'on_change'?" },
    ]);
  });
});
