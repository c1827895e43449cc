// The schemas describe what the runtime really sends: the types generated from schemas/ and the
// runtime's own interfaces are assignable both ways. Checked by the compiler (a mismatch is a
// build error in this file); the test only reports the proofs.
import { expect } from "chai";
import type * as wire from "../../generated/types.js";
import type { AuditEvent } from "../../runtime/audit/audit-event.js";
import type { ExecutionResult } from "../../runtime/engine/execution-result.js";
import type { ErrorCode } from "../../runtime/errors.js";
import type { RuleProblem } from "../../runtime/rules/loaded-rule.js";
import type { ManualExecution, ReloadSummary } from "../../runtime/rules/rule-runtime.js";
import type { VariableView } from "../../runtime/rules/variable-view.js";

type Extends<A, B> = [A] extends [B] ? true : false;
type BothWays<A, B> = [Extends<A, B>, Extends<B, A>] extends [true, true] ? true : false;
type Proof<T extends true> = T;

/** The runtime's read-only arrays are plain arrays once serialised. */
type Mutable<T> = T extends readonly (infer U)[] ? Mutable<U>[] : T extends object ? { -readonly [K in keyof T]: Mutable<T[K]> } : T;

/**
 * JSON has no NaN or infinity: where the runtime holds a number, the wire may hold null. Mapping
 * the wire's nullable numbers back to numbers gives the runtime's type ("modulo NaN").
 */
type NumbersWithoutNull<T> = [number] extends [T]
  ? Exclude<T, null | undefined>
  : T extends (infer U)[]
    ? NumbersWithoutNull<U>[]
    : T extends object
      ? { [K in keyof T]: NumbersWithoutNull<T[K]> }
      : T;

const proofs = {
  "ExecutionResult: runtime to wire": true as Proof<Extends<Mutable<ExecutionResult>, wire.ExecutionResult>>,
  "ExecutionResult: wire to runtime, modulo NaN": true as Proof<Extends<NumbersWithoutNull<wire.ExecutionResult>, ExecutionResult>>,
  "ManualExecution: runtime to wire": true as Proof<Extends<Mutable<ManualExecution>, wire.ManualExecution>>,
  "ManualExecution: wire to runtime, modulo NaN": true as Proof<Extends<NumbersWithoutNull<wire.ManualExecution>, ManualExecution>>,
  "VariableView: runtime to wire": true as Proof<Extends<VariableView, wire.VariableView>>,
  "VariableView: wire to runtime": true as Proof<Extends<wire.VariableView, VariableView>>,
  "RuleProblem: both ways": true as Proof<BothWays<RuleProblem, wire.RuleProblem>>,
  "ReloadSummary: both ways": true as Proof<BothWays<ReloadSummary, wire.ReloadSummary>>,
  "AuditEvent: both ways": true as Proof<BothWays<AuditEvent, wire.AuditEvent>>,
  "ErrorCode: both ways": true as Proof<BothWays<ErrorCode, wire.ErrorCode>>,
};

describe("generated wire types match the runtime's interfaces", () => {
  for (const [name, proven] of Object.entries(proofs)) {
    it(`${name} (checked at compile time)`, () => {
      expect(proven).to.equal(true);
    });
  }
});
