// Checks a parsed body against its generated schema validator: unknown properties, wrong types
// and missing fields are a 400 listing every problem with its JSON Pointer into the body.
import type { Diagnostic } from "../../generated/types.js";
import { invalidInput } from "../errors.js";

export type Guard<T> = (value: unknown, diagnostics?: Diagnostic[]) => value is T;

export function validateBody<T>(body: unknown, guard: Guard<T>, what: string): T {
  if (body === undefined) throw invalidInput(`${what} needs a JSON body`, [{ code: "http/missing-body", severity: "error", message: "the request has no body", path: "" }]);
  const diagnostics: Diagnostic[] = [];
  if (!guard(body, diagnostics)) {
    const first = diagnostics[0];
    throw invalidInput(`the body of ${what} is invalid${first ? `: ${first.path || "/"}: ${first.message}` : ""}`, diagnostics);
  }
  return body;
}
