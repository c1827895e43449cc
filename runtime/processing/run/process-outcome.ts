// What one processing call ends in: accepted derived data, an unavailable answer, a result the
// service rejected, a typed processor error, or a refusal before the processor was called (the
// task or binding is unknown or mismatched, the frame cannot be built or fails the quality
// policy). Every kind names the stable code it is recorded and audited under.
import type { DerivedData, Diagnostic, ProcessingResult, ProcessorRequest } from "../../../generated/types.js";
import type { ProcessorCallError } from "../client/index.js";

export type RefusalCode =
  | "TASK_NOT_FOUND"
  | "BINDING_NOT_FOUND"
  | "BINDING_DISABLED"
  | "TASK_REVISION_MISMATCH"
  | "BINDING_REVISION_MISMATCH"
  | "OPTIONS_INVALID"
  | "AS_OF_IN_FUTURE"
  | "QUALITY_REJECTED"
  | "FRAME_INVALID";

export type ProcessOutcome =
  | { kind: "accepted"; request: ProcessorRequest; result: ProcessingResult; derived: DerivedData }
  | { kind: "unavailable"; request: ProcessorRequest; result: ProcessingResult }
  | { kind: "rejected"; request: ProcessorRequest; diagnostics: Diagnostic[] }
  | { kind: "processor-error"; request: ProcessorRequest; error: ProcessorCallError }
  | { kind: "refused"; code: RefusalCode; message: string; diagnostics: Diagnostic[]; request?: ProcessorRequest };
