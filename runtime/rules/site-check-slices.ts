// The site checks of stored flows, read and checked a slice at a time (issue 19.4): the flows are
// read again only for the check and let go after it, and the event loop gets a turn between
// slices and within one whenever a few ms of checks have run (turn-budget.ts), so that start-up's
// checks of every stored flow run beside a service already listening without delaying its ticks.
import { createTurnBudget } from "./turn-budget.js";
import type { RuleProblem } from "./loaded-rule.js";
import type { VersionedRule } from "../store/store.js";

export const RULES_PER_SLICE = 100;

export interface SliceChecks {
  /** Stops after the slice in progress. */
  stop(): void;
  /** The problems the checks changed, once every slice ran (or the checks stopped). */
  done: Promise<RuleProblem[]>;
}

export function checkInSlices(
  ruleIds: readonly number[],
  steps: { read(ids: readonly number[]): Promise<VersionedRule[]>; check(rule: VersionedRule): RuleProblem | undefined },
): SliceChecks {
  let stopped = false;
  const run = async (): Promise<RuleProblem[]> => {
    const found: RuleProblem[] = [];
    const budget = createTurnBudget();
    for (let at = 0; at < ruleIds.length && !stopped; at += RULES_PER_SLICE) {
      for (const rule of await steps.read(ruleIds.slice(at, at + RULES_PER_SLICE))) {
        const problem = steps.check(rule);
        if (problem !== undefined) found.push(problem);
        if (budget.spent()) await budget.yield();
      }
      await budget.yield();
    }
    return found;
  };
  return { stop: () => void (stopped = true), done: run() };
}
