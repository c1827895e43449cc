// Collects the diagnostics of one contract check. Checks run in the spec's validation order as
// stages; a stage runs only when every earlier stage passed, so a broken structure (say, series
// shorter than their timestamps) is reported once instead of as a cascade of grid errors.
import type { Diagnostic } from "../../generated/types.js";

export class ContractReport {
  readonly diagnostics: Diagnostic[] = [];
  private errors = 0;

  error(code: string, path: string, message: string, suggestion?: string): void {
    this.errors++;
    this.diagnostics.push(suggestion === undefined ? { code, severity: "error", message, path } : { code, severity: "error", message, path, suggestion });
  }

  warning(code: string, path: string, message: string): void {
    this.diagnostics.push({ code, severity: "warning", message, path });
  }

  get failed(): boolean {
    return this.errors > 0;
  }

  /** Runs `stages` in order and stops after the first one that reported an error. */
  stages(...stages: Array<() => void>): void {
    for (const stage of stages) {
      if (this.failed) return;
      stage();
    }
  }
}

/** A JSON Pointer from tokens: `~` and `/` inside a token are escaped (RFC 6901). */
export function pointer(...tokens: Array<string | number>): string {
  let out = "";
  for (const token of tokens) {
    const text = String(token);
    out += `/${text.includes("~") || text.includes("/") ? text.replace(/~/g, "~0").replace(/\//g, "~1") : text}`;
  }
  return out;
}
