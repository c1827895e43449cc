// Thrown by the generated validators when one check has collected MAX_AJV_ERRORS errors (issue 19):
// within every schema limit a 64 MiB batch can still hold millions of wrong items, and an error
// object for each would take gigabytes. Every union of an input schema is discriminated (ajv
// checks only the branch the tag names), so no error collected here could have been discarded
// later: stopping never turns a valid value invalid. Copied into generated/support by codegen.
import type { AjvError } from "./ajv-diagnostics.js";

/** Far above the 100 diagnostics a check lists; enough to count what it leaves out. */
export const MAX_AJV_ERRORS = 10_000;

export class TooManyErrors extends Error {
  constructor(readonly errors: readonly AjvError[]) {
    super(`schema validation stopped after ${MAX_AJV_ERRORS} errors`);
  }
}
