// When an interval rule first falls due after start or after the reload that added it (or changed
// its trigger), issue 19.3: spread over its interval by its id, so that 10,000 rules at 1 s do not
// all run on the first tick. The phase is relative to a fixed epoch (clock time 0), so the same
// rule always falls on the same lattice: a reload does not move rules that did not change, and a
// rule whose trigger changed keeps its phase. Pure.
import { mix32 } from "../../mix32.js";

/** `spread`: first due at the rule's phase (the service); `first_tick`: at the first tick (`svc test`). */
export type IntervalPhase = "spread" | "first_tick";

/** The first time at or after `now` that lies on the rule's lattice: phase + k * intervalMs. */
export function phaseDue(ruleId: number, intervalMs: number, now: number): number {
  const period = Math.max(1, Math.round(intervalMs));
  const phase = mix32(ruleId) % period;
  const offset = (((phase - now) % period) + period) % period;
  return now + offset;
}
