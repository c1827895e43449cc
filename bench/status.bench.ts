// `npm run bench -- status` (issue 19.4): GET /api/scheduler/status's cost at 50,000 rules,
// serialised as the route answers it: every rule's statistics (the answer before 19.4, rebuilt
// here from the per-rule accessor as the baseline) against the counts and one page of 100 or
// 1,000 rules. Rule ids are in shuffled order, as a partial reload may leave them.
import { toStatusReport } from "../runtime/http/routes/scheduler-routes.js";
import { createScheduler } from "../runtime/engine/scheduler/scheduler.js";
import type { PointWatch, RunReport, ScheduledRule } from "../runtime/engine/scheduler/types.js";
import type { RuntimeStatus } from "../runtime/rules/rule-runtime.js";
import { measure } from "./harness.js";

const RULES = 50_000;
const REPORT: RunReport = { success: true, actionsAttempted: 0, actionsSucceeded: 0, shortCircuited: false, reads: new Map() };
const NO_POINTS: PointWatch = { setSubscriptions: () => undefined, sample: () => new Float64Array(0) };

export function benchStatus(): void {
  const scheduler = createScheduler<ScheduledRule>({ clock: { now: () => 0 }, timer: () => () => undefined, watch: NO_POINTS, pointCount: 0, runner: async () => REPORT });
  const ids = Array.from({ length: RULES }, (_, i) => i + 1);
  for (let i = ids.length - 1; i > 0; i--) {
    const j = (i * 7919) % (i + 1); // a fixed shuffle: the same order every run
    [ids[i], ids[j]] = [ids[j]!, ids[i]!];
  }
  scheduler.reload(ids.map((id) => ({ id, priority: 0, cooldownMs: 0, enabled: true, trigger: { kind: "interval", intervalMs: 1000 } })));
  const status = (): RuntimeStatus => ({ ...scheduler.status(), totalRules: RULES, problems: [] });
  const answer = (afterId: number, limit: number): number => JSON.stringify(toStatusReport(status(), scheduler.ruleStatuses({ afterId, limit }))).length;
  const sizes = { all: answer(0, RULES), page100: answer(25_000, 100), page1000: answer(25_000, 1000) };
  const [all, page100, page1000] = measure(
    [
      { name: "every rule (before 19.4)", run: (n) => repeat(n, () => answer(0, RULES)) },
      { name: "counts + a page of 100", run: (n) => repeat(n, () => answer(25_000, 100)) },
      { name: "counts + a page of 1,000", run: (n) => repeat(n, () => answer(25_000, 1000)) },
    ],
    { rounds: 5, roundMs: 400 },
  );
  console.log(`\nscheduler status at ${RULES.toLocaleString("en")} rules (issue 19.4), serialised as GET /api/scheduler/status answers`);
  for (const [m, bytes] of [[all!, sizes.all], [page100!, sizes.page100], [page1000!, sizes.page1000]] as const) {
    console.log(`  ${m.name.padEnd(28)} ${(1000 / m.opsPerSecond).toFixed(2).padStart(8)} ms  ${(bytes / 1024).toFixed(0).padStart(6)} KiB  ${(m.opsPerSecond / all!.opsPerSecond).toFixed(1)}x`);
  }
}

function repeat(n: number, fn: () => number): number {
  let sum = 0;
  for (let i = 0; i < n; i++) sum += fn();
  return sum;
}
