// A disabled rule's trigger, watched only to report `disabled` where the enabled rule would have
// run (issue 18.4, docs/scheduler.md "Suppressions"). Pure functions over the rule's slot.
import { classify } from "./change-detector.js";
import { heldDue } from "./due-heap.js";
import type { RuleSlot } from "./rule-slot.js";
import type { ScheduledRule } from "./types.js";

/**
 * A disabled on_change rule against the tick's sample: where the enabled rule would have
 * triggered (a finite value past the value deadband), the points' last values advance as a
 * trigger would advance them, so that each new value is reported once, not on every tick; gaps
 * are kept as for an enabled rule. The position of the first such point (the one to report), or -1.
 */
export function disabledChange<R extends ScheduledRule>(slot: RuleSlot<R>, sample: Float64Array): number {
  const { points, last } = slot;
  let first = -1;
  for (let p = 0; p < points.length; p++) {
    const value = sample[points[p]!]!;
    const observation = classify(value, last[p]!, slot.valueDeadband);
    if (observation === "change") {
      last[p] = value;
      if (first < 0) first = p;
    } else if (observation === "unavailable") last[p] = NaN;
  }
  return first;
}

/** A queued run the rule's disabling drops stands for its due time or change: neither is reported again. */
export function heldRun<R extends ScheduledRule>(slot: RuleSlot<R>): void {
  if (slot.kind === "interval") slot.lastHeldAt = slot.pendingCause!.at;
  else slot.last.set(slot.triggered); // its change is reported now, not again at the next tick
}

/**
 * A disabled interval rule at the due heap's top: whether it is reported `disabled` now (once per
 * interval_ms, when it would have been due; never run); its next key is set either way.
 */
export function holdAtKey<R extends ScheduledRule>(slot: RuleSlot<R>, now: number): boolean {
  const due = heldDue(slot);
  if (due <= now) slot.lastHeldAt = now;
  slot.nextDue = due <= now ? heldDue(slot) : due; // a manual run may have moved it
  return due <= now;
}
