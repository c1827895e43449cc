// Background work beside a running scheduler (start-up's compile and site checks, issue 19.3/19.4)
// gives the event loop back every few milliseconds, so that no tick waits behind it: a tick held
// 100 ms would make the next one run two ticks' rules at once.
import { setImmediate as nextTurn } from "node:timers/promises";

/** Milliseconds of background work between two turns of the event loop. */
export const TURN_BUDGET_MS = 4;

export interface TurnBudget {
  /** True when the work since the last turn has used the budget: the caller should `yield` now. */
  spent(): boolean;
  /** Gives the event loop a turn and starts a new budget. */
  yield(): Promise<void>;
}

export function createTurnBudget(budgetMs = TURN_BUDGET_MS, now: () => number = () => performance.now()): TurnBudget {
  let since = now();
  return {
    spent: () => now() - since >= budgetMs,
    async yield() {
      await nextTurn();
      since = now();
    },
  };
}
