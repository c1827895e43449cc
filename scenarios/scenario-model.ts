// What `svc test` works with (issue 18): a scenario file as checked and resolved against a pack,
// and what running one scenario recorded. Plain data: the runner (run-scenario.ts) produces it,
// the reports (text, JUnit, coverage, golden traces) read it. docs/testing.md is the user's view.
import type { Diagnostic, NodesTopology, TriggerConfig } from "../generated/types.js";
import type { ExecutionResult } from "../runtime/engine/execution-result.js";
import type { RunCause } from "../runtime/engine/scheduler/types.js";

/** Where something is written in a scenario file; line and column from 1. */
export interface SourcePosition {
  file: string;
  line: number;
  column: number;
}

/** A rule of the pack as compiled for the scenarios (what `svc sync` would store). */
export interface PackRule {
  /** Dense ids from 1 in pack order (file order, then order within the file). */
  id: number;
  name: string;
  /** The rule file, as the user named it. */
  file: string;
  priority: number;
  cooldown_ms: number;
  enabled: boolean;
  trigger_config: TriggerConfig;
  nodes_json: NodesTopology;
}

/** A point of the site: dense index in the point catalog, and how people name it (`ahu1.cooling_stage`). */
export interface ScenarioPoint {
  index: number;
  text: string;
}

export type ScenarioStep =
  | { kind: "set"; at: number; position: SourcePosition; values: { point: ScenarioPoint; value: number }[] }
  | { kind: "enable" | "disable"; at: number; position: SourcePosition; rules: string[] }
  | { kind: "channel_down" | "channel_up"; at: number; position: SourcePosition; channel: string };

/** [from, to] inclusive, epoch ms; null: the whole scenario. */
export type TimeWindow = readonly [number, number] | null;

export type SuppressionKind = "cooldown" | "deadband_time" | "deadband_value" | "disabled" | "input_unavailable" | "running" | "event_dropped";

export type Expectation =
  | { kind: "write"; position: SourcePosition; point: ScenarioPoint; value?: number; tolerance: number; window: TimeWindow; count?: number; by?: string }
  | { kind: "no_write"; position: SourcePosition; point: ScenarioPoint; window: TimeWindow }
  | {
      kind: "execution";
      position: SourcePosition;
      rule: string;
      window: TimeWindow;
      outcome?: "success" | "failed" | "short_circuit";
      output?: string;
      reason?: string;
      input?: ScenarioPoint;
      count?: number;
    }
  | { kind: "no_execution"; position: SourcePosition; rule: string; window: TimeWindow }
  | { kind: "suppressed"; position: SourcePosition; rule: string; reason: SuppressionKind; window: TimeWindow; count?: number };

/** One scenario, checked and resolved: times are epoch ms (ramps already expanded into sets). */
export interface Scenario {
  name: string;
  description?: string;
  position: SourcePosition;
  /** Names of the rules it runs (given, or found by the default). */
  rules: string[];
  start: number;
  end: number;
  tickMs: number;
  trace: boolean;
  initial: { point: ScenarioPoint; value: number }[];
  /** In the order they apply (time, then file order). */
  steps: ScenarioStep[];
  expect: Expectation[];
}

export interface ScenarioFile {
  /** As the user named it. */
  file: string;
  /** Empty when the file has errors (then `diagnostics` holds at least one error). */
  scenarios: Scenario[];
  /** Errors and warnings, each with file:line:col in `path`/positions as the compiler's diagnostics. */
  diagnostics: Diagnostic[];
}

/** One execution the scenario's scheduler ran. */
export interface ScenarioExecution {
  /** Epoch ms (virtual). */
  at: number;
  ruleId: number;
  rule: string;
  cause: RunCause;
  /** Null when the execution could not start. */
  result: ExecutionResult | null;
  error: { code: string; message: string } | null;
}

/** A trigger the scheduler held, as the scheduler decided it. */
export interface ScenarioSuppression {
  at: number;
  ruleId: number;
  rule: string;
  reason: SuppressionKind;
  point?: ScenarioPoint;
  value?: number;
}

/** One action of an execution: a write, accepted or refused. */
export interface ScenarioWrite {
  at: number;
  rule: string;
  point: ScenarioPoint;
  value: number;
  accepted: boolean;
  reason?: string;
}

export interface ExpectationOutcome {
  expectation: Expectation;
  passed: boolean;
  /** One line: what was expected (`a write of ahu1.cooling_stage = 1 at +30s`). */
  expected: string;
  /** One line, when failed: what happened instead (`none; ahu1.cooling_stage was written 2 at +31s by …`). */
  actual?: string;
  /** The window the report shows writes of (the expectation's, widened a little), epoch ms. */
  around: readonly [number, number];
  /** The execution the failure concerns (the nearest relevant one), when there is one. */
  concerns?: ScenarioExecution;
}

export interface ScenarioOutcome {
  file: string;
  scenario: Scenario;
  passed: boolean;
  executions: ScenarioExecution[];
  suppressions: ScenarioSuppression[];
  writes: ScenarioWrite[];
  /** In file order. */
  expectations: ExpectationOutcome[];
  /** Set when the scenario could not run at all (a rule that does not load, say). */
  error?: string;
}
