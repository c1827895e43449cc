// Hand-made scenario outcomes for the report tests: the AHU-1 cooling stages rule of the demo
// pack (its nodes_json as compiled), a scenario that expects stage 2 at +2m and got stage 1 at
// +30s, and executions and writes as the runner records them.
import type { NodesTopology } from "../../generated/types.js";
import type { ExecutionResult } from "../../runtime/engine/execution-result.js";
import type { ExpectationOutcome, PackRule, Scenario, ScenarioExecution, ScenarioOutcome, ScenarioPoint } from "../../scenarios/scenario-model.js";

export const T0 = Date.parse("2026-01-05T08:00:00Z");
export const FILE = "tests/ahu1.test.yaml";

export const ROOM_TEMP: ScenarioPoint = { index: 3, text: "zone1.room_temp" };
export const STAGE: ScenarioPoint = { index: 9, text: "ahu1.cooling_stage" };

export const COOLING_TOPOLOGY: NodesTopology = {
  start: "start",
  nodes: {
    start: { type: "start", next: { default: ["input_1"] } },
    input_1: {
      type: "input",
      variables: [
        { name: "zone_temp", instance: 12, point_type: "measurement", point: 3 },
        { name: "stage", instance: 7, point_type: "action", point: 1 },
      ],
      params: [{ name: "setpoint", value: 23 }, { name: "step", value: 1 }],
      next: { default: ["calc_1"] },
    },
    calc_1: { type: "calc", assign: [{ name: "error", expr: "zone_temp - setpoint" }], next: { default: ["switch_1"] } },
    switch_1: {
      type: "switch",
      mode: "first",
      rules: [
        { output: "up", condition: "stage < 2 && error > (stage + 1) * step" },
        { output: "down", condition: "stage > 0 && error < (stage - 1) * step" },
      ],
      next: { up: ["change_1"], down: ["change_2"], default: ["end"] },
    },
    change_1: { type: "change", writes: [{ instance: 7, point_type: "action", point: 1, value: "stage + 1" }], next: { default: ["end"] } },
    change_2: { type: "change", writes: [{ instance: 7, point_type: "action", point: 1, value: "stage - 1" }], next: { default: ["end"] } },
    end: { type: "end" },
  },
} as NodesTopology;

export const COOLING_RULE: PackRule = {
  id: 2,
  name: "AHU-1 cooling stages",
  file: "rules/ahu1-cooling-stages.rule",
  priority: 20,
  cooldown_ms: 300_000,
  enabled: true,
  trigger_config: { on_change: ["zone_temp"] } as never,
  nodes_json: COOLING_TOPOLOGY,
};

export const FREEZE_RULE: PackRule = {
  id: 3,
  name: "AHU-1 freeze protection",
  file: "rules/ahu1-freeze-protection.rule",
  priority: 100,
  cooldown_ms: 0,
  enabled: true,
  trigger_config: { every: "1s" } as never,
  nodes_json: {
    start: "start",
    nodes: {
      start: { type: "start", next: { default: ["switch_1"] } },
      switch_1: { type: "switch", mode: "first", rules: [{ output: "cold", condition: "mixed_air < limit" }], next: { cold: ["end"], default: ["end"] } },
      end: { type: "end" },
    },
  } as NodesTopology,
};

/** A result of the cooling rule: `up` taken (stage 0 -> 1) or the default. */
export function coolingResult(zoneTemp: number, stage: number, taken: "up" | "default"): ExecutionResult {
  const up = taken === "up";
  return {
    success: true,
    actions: up ? [{ node: "change_1", target: 7, point_type: "action", point: 1, value: stage + 1, success: true }] : [],
    path: ["start", "input_1", "calc_1", "switch_1", ...(up ? ["change_1"] : []), "end"],
    matched: up ? [{ node: "switch_1", output: "up", condition: "stage < 2 && error > (stage + 1) * step" }] : [],
    variables: { zone_temp: zoneTemp, stage, setpoint: 23, step: 1, error: zoneTemp - 23 },
    nodes: [
      { node: "start", type: "start", outputs: ["default"] },
      { node: "input_1", type: "input", outputs: ["default"] },
      { node: "calc_1", type: "calc", outputs: ["default"] },
      { node: "switch_1", type: "switch", outputs: [taken] },
      ...(up ? [{ node: "change_1", type: "change", outputs: ["default"] }] : []),
      { node: "end", type: "end", outputs: [] },
    ],
    short_circuit: null,
  };
}

export function execution(offsetMs: number, result: ExecutionResult, value: number): ScenarioExecution {
  const at = T0 + offsetMs;
  return { at, ruleId: 2, rule: COOLING_RULE.name, cause: { kind: "on_change", at, path: "fast", index: ROOM_TEMP.index, value }, result, error: null };
}

export function scenario(name: string, overrides: Partial<Scenario> = {}): Scenario {
  return {
    name,
    position: { file: FILE, line: 3, column: 5 },
    rules: [COOLING_RULE.name],
    start: T0,
    end: T0 + 600_000,
    tickMs: 100,
    trace: false,
    initial: [{ point: ROOM_TEMP, value: 23 }, { point: STAGE, value: 0 }],
    steps: [{ kind: "set", at: T0 + 30_000, position: { file: FILE, line: 9, column: 9 }, values: [{ point: ROOM_TEMP, value: 24.2 }] }],
    expect: [],
    ...overrides,
  };
}

/** The scenario file the positions point into. */
export const FILE_TEXT = [
  "# yaml-language-server: $schema=../../../../schemas/scenario-file.schema.json",
  "scenarios:",
  "  - name: stage 2 after two minutes",
  "    initial: { zone1.room_temp: 23, ahu1.cooling_stage: 0 }",
  "    steps:",
  "      - at: 30s",
  "        set: { zone1.room_temp: 24.2 }",
  "    expect:",
  "      - write: ahu1.cooling_stage",
  "        value: 2",
  "        at: 2m",
  "      - no_write: ahu1.cooling_stage",
  "        within: [0s, 1m]",
].join("\n");

/** Fails: a write of 2 at +2m was expected; 1 was written at +30s. A second expectation fails too. */
export function failingOutcome(): ScenarioOutcome {
  const first = execution(30_000, coolingResult(24.2, 0, "up"), 24.2);
  const second = execution(120_000, coolingResult(24.6, 1, "default"), 24.6);
  const expectWrite = { kind: "write", position: { file: FILE, line: 9, column: 9 }, point: STAGE, value: 2, tolerance: 0, window: [T0 + 120_000, T0 + 120_000] } as const;
  const expectNone = { kind: "no_write", position: { file: FILE, line: 12, column: 9 }, point: STAGE, window: [T0, T0 + 60_000] } as const;
  const expectations: ExpectationOutcome[] = [
    {
      expectation: expectWrite,
      passed: false,
      expected: "a write of ahu1.cooling_stage = 2 at +2m",
      actual: "none at +2m; ahu1.cooling_stage was written 1 at +30s",
      around: [T0 + 20_000, T0 + 180_000],
      concerns: second,
    },
    {
      expectation: expectNone,
      passed: false,
      expected: "no write of ahu1.cooling_stage from +0s to +1m",
      actual: "ahu1.cooling_stage was written 1 at +30s",
      around: [T0, T0 + 70_000],
      concerns: first,
    },
  ];
  return {
    file: FILE,
    scenario: scenario("stage 2 after two minutes", { expect: [expectWrite, expectNone] }),
    passed: false,
    executions: [first, second],
    suppressions: [],
    writes: [{ at: T0 + 30_000, rule: COOLING_RULE.name, point: STAGE, value: 1, accepted: true }],
    expectations,
  };
}

/** Passes: one execution that takes the default output (nothing to do). */
export function passingOutcome(name = "nothing below the threshold"): ScenarioOutcome {
  return {
    file: FILE,
    scenario: scenario(name),
    passed: true,
    executions: [execution(30_000, coolingResult(23.4, 0, "default"), 23.4)],
    suppressions: [],
    writes: [],
    expectations: [],
  };
}
