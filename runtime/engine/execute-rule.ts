// Executes a compiled rule once against the io and returns the spec's result record.
// Pure apart from the io passed in; no parsing, no clock, no I/O of its own.
import type { ExecutableRule } from "./compile-rule.js";
import type { ExecutionIo } from "./execution-io.js";
import type { ExecutionResult } from "./execution-result.js";
import { RunState } from "./run-state.js";

export function executeRule(rule: ExecutableRule, io: ExecutionIo): ExecutionResult {
  const state = new RunState(io, rule.newSlots());
  rule.entry(state);
  return {
    success: state.stop === null && state.allAccepted,
    actions: state.actions,
    path: state.path,
    matched: state.matched,
    variables: rule.snapshot(state.slots),
    nodes: state.nodes,
    short_circuit: state.stop,
  };
}

/**
 * Runs a rule compiled with `record: false` and returns only whether every action was accepted
 * (false also when an input was unavailable). The benchmark uses it to measure the decision alone.
 */
export function decideRule(rule: ExecutableRule, io: ExecutionIo): boolean {
  const state = new RunState(io, rule.newSlots(), false);
  rule.entry(state);
  return state.stop === null && state.allAccepted;
}
