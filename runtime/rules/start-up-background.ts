// Start-up's remaining work, after the scheduler runs (issue 19.4): the compilation of the enabled
// rules past the first COMPILED_AT_START, a few ms at a time, each batch handed to the scheduler as
// it is ready; then the site checks of the stored flows whose version moved.
import type { HeldRule, RuleProblem } from "./loaded-rule.js";
import type { SliceChecks } from "./site-check-slices.js";
import type { StoredRuleSet } from "./stored-rule-set.js";
import { createTurnBudget } from "./turn-budget.js";

export interface BackgroundWork {
  stop(): void;
  /** The problems found, once the work ran (or stopped). */
  done: Promise<RuleProblem[]>;
  /** What it is doing, for the report of a failure. */
  step(): string;
}

export interface BackgroundSteps {
  rules: Pick<StoredRuleSet, "compilePending">;
  /** Hands rules compiled in the background to the running scheduler. */
  handOver(upserts: HeldRule[]): void;
  /** Site checks of these rules' stored flows, telling each step. */
  checkFlows(ruleIds: readonly number[], step: (what: string) => void): SliceChecks;
}

/** Compiles `later`, then checks the flows of `stale`, after the scheduler runs. */
export function startInBackground(later: readonly number[], stale: readonly number[], steps: BackgroundSteps): BackgroundWork {
  let checks: SliceChecks | undefined;
  let stopped = false;
  let step = "background work";
  const run = async (): Promise<RuleProblem[]> => {
    const found: RuleProblem[] = [];
    // Compiled a few ms at a time (turn-budget.ts), each batch handed to the scheduler before the loop gets its turn.
    const budget = createTurnBudget();
    let upserts: HeldRule[] = [];
    for (let at = 0; at < later.length && !stopped; at++) {
      step = `background compile of rule ${later[at]!}`;
      const compiled = steps.rules.compilePending(later[at]!);
      if (compiled?.held !== undefined) upserts.push(compiled.held);
      if (compiled?.problem !== undefined) found.push(compiled.problem);
      if (at + 1 < later.length && !budget.spent()) continue;
      step = `background compile: handing ${ruleList(upserts.map((rule) => rule.id))} to the scheduler`;
      steps.handOver(upserts);
      upserts = [];
      await budget.yield();
    }
    if (stopped) return found;
    checks = steps.checkFlows(stale, (what) => (step = what));
    return [...found, ...(await checks.done)];
  };
  return {
    stop() {
      stopped = true;
      checks?.stop();
    },
    done: run(),
    step: () => step,
  };
}

/** `rule 7`, `3 rules (ids 7 to 12)`: the rules of a failed step. */
export function ruleList(ids: readonly number[]): string {
  return ids.length === 1 ? `rule ${ids[0]}` : `${ids.length} rules (ids ${ids[0]} to ${ids[ids.length - 1]})`;
}
